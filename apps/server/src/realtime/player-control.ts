import type { ClientSocketMessage, ServerSocketMessage } from "@fonika/shared";
import type { Actor } from "../kernel/actor.ts";

/** A message of a socket about a player: a command or the device's report. */
export type PlayerSocketMessage = Exclude<
  ClientSocketMessage,
  { type: "ping" } | { type: "connect" } | { type: "chatTyping" } | { type: "watchClientPlayers" }
>;

/**
 * What the socket needs of the players' live state (the players module's
 * live service fills it with `app.realtime.usePlayerControl`). The socket
 * only writes what it is handed back to the one socket it came from;
 * everything else the service publishes on the bus.
 */
export interface PlayerControl {
  /** One `playerState` per player `actor` may see: the first thing a new socket gets. */
  snapshot(actor: Actor): Promise<ServerSocketMessage[]>;
  /**
   * One `playerState` per player of `ownerId`, as the owner's own browser
   * gets them: what support staff see when they watch a client's players.
   * No access check: the socket lets only support staff watch.
   */
  ownerSnapshot(ownerId: string): Promise<ServerSocketMessage[]>;
  /** A socket of `actor` is admitted on this process (a device's player is online). */
  opened(actor: Actor): Promise<void>;
  /** A socket of `actor` is still there (its ping): a device renews its heartbeat. */
  alive(actor: Actor): Promise<void>;
  /** A socket of `actor` closed on this process. */
  closed(actor: Actor): Promise<void>;
  /** Handles one message; answers what goes back to the sender only (a refusal), or null. */
  handle(actor: Actor, message: PlayerSocketMessage): Promise<ServerSocketMessage | null>;
}

/** Before the players module: there is no player to control. */
export const noPlayerControl = (notFound: string): PlayerControl => ({
  snapshot: async () => [],
  ownerSnapshot: async () => [],
  opened: async () => {},
  alive: async () => {},
  closed: async () => {},
  handle: async () => ({ type: "error", message: notFound }),
});
