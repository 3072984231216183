import type { PlayerDecision } from "@fonika/shared";
import type { Actor } from "../kernel/actor.ts";

/** A player that a control message may reach, with the user who owns it. */
export interface ControllablePlayer {
  playerId: string;
  ownerId: string;
}

/**
 * What the socket needs to know about players. The players module fills it
 * (`app.realtime.usePlayerDirectory`) with its registry and ownership rules;
 * until then no player exists.
 */
export interface PlayerDirectory {
  /**
   * The player `actor` may control, or null when it does not exist or is
   * not the actor's to control — the socket answers both alike so that
   * nobody learns which player ids exist.
   */
  findControllable(actor: Actor, playerId: string): Promise<ControllablePlayer | null>;
  /** Rooms a socket of `actor` joins besides its user room (a player device joins its player's). */
  roomsOf(actor: Actor): Promise<string[]>;
  /**
   * The playlists the player plays (its schedule's), or null when it does
   * not exist or is not the actor's to see; the song list's `playerId`.
   */
  playlistsOf(actor: Actor, playerId: string): Promise<string[] | null>;
  /**
   * How many players each establishment has and how many of them are
   * online; an establishment without players is absent from the map.
   */
  countsByEstablishment(establishmentIds: string[]): Promise<Map<string, PlayerCounts>>;
  /**
   * What each of these players plays at `instantMs` by its schedule (unknown
   * ids are absent): the socket decides again on a `schedule-changed` event
   * and at each decision's `decideAgainAt`. No access check: the caller
   * names players it already reached.
   */
  decide(playerIds: string[], instantMs: number): Promise<Map<string, PlayerDecision>>;
}

export interface PlayerCounts {
  players: number;
  online: number;
}

/** The directory before the players module: there are no players. */
export const emptyPlayerDirectory: PlayerDirectory = {
  findControllable: async () => null,
  roomsOf: async () => [],
  playlistsOf: async () => null,
  countsByEstablishment: async () => new Map(),
  decide: async () => new Map(),
};
