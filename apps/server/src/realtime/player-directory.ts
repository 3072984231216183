import type { Actor } from "../plugins/auth.ts";

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
}

/** The directory before the players module: there are no players. */
export const emptyPlayerDirectory: PlayerDirectory = {
  findControllable: async () => null,
  roomsOf: async () => [],
};
