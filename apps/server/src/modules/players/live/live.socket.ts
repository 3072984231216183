import { SUPPORT_STAFF_ROLES } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { playerRoom } from "../../../realtime/hub.ts";
import {
  type ClientMessageOf,
  type SocketContext,
  SocketMemory,
  type SocketRegistry,
} from "../../../realtime/socket-registry.ts";
import { SOCKET_ERRORS } from "../../../realtime/socket-session.ts";
import type { LiveService } from "./live.service.ts";

/** The messages of a socket about one player: the remote's commands and the device's reports. */
export const PLAYER_MESSAGE_TYPES = [
  "resumePlay",
  "playSongRequested",
  "playPlaylistRequested",
  "playNextSongRequested",
  "playPrevSongRequested",
  "pause",
  "play",
  "enableLoopPlayingRequested",
  "disableLoopPlayingRequested",
  "shuffleRequested",
  "volume",
  "playerStatus",
  "songStarted",
  "songEnded",
] as const;

/** A message of a socket about a player: a command or the device's report. */
export type PlayerSocketMessage = ClientMessageOf<(typeof PLAYER_MESSAGE_TYPES)[number]>;

export interface LiveSocketDependencies {
  /** The players' live state: snapshots, presence, commands and reports. */
  live: Pick<LiveService, "snapshot" | "ownerSnapshot" | "opened" | "alive" | "closed" | "handle">;
  /** The players' registry: a device's rooms, and which player a device may name. */
  directory: {
    /** Rooms a socket of `actor` joins besides its user room (a player device joins its player's). */
    roomsOf(actor: Actor): Promise<string[]>;
    /** The player `actor` may control, or null (not there, or not the actor's). */
    findControllable(actor: Actor, playerId: string): Promise<{ playerId: string } | null>;
  };
}

/** The player rooms a staff member's socket joined to watch a client's players. */
const watched = new SocketMemory<{ rooms: string[] }>(() => ({ rooms: [] }));

/**
 * The players' part of the player socket (SPEC.md §4): an admitted socket
 * joins its players' rooms and gets their states first; a device's socket
 * is online while it is open and its ping keeps it so; the remote's
 * commands and the device's reports go to the live service, which
 * publishes what follows on the bus (only a refusal comes back to the
 * sender); support staff watch a client's players.
 */
export function registerLiveSocket(realtime: SocketRegistry, deps: LiveSocketDependencies): void {
  const { live, directory } = deps;
  realtime.onAdmit(async (actor) => {
    const rooms = await directory.roomsOf(actor);
    return { rooms, snapshot: await live.snapshot(actor) };
  });
  // A device that names its player plays that one, if it is of its venue.
  realtime.findNamedPlayer(
    async (actor, playerId) =>
      (await directory.findControllable(actor, playerId))?.playerId ?? null,
  );
  realtime.onOpen((actor) => live.opened(actor));
  realtime.onClose((actor) => live.closed(actor));
  // A device's ping keeps its player online on every process.
  realtime.onMessage("ping", (_message, context) => live.alive(context.actor));
  realtime.onMessage("watchClientPlayers", (message, context) =>
    watchClientPlayers(live, context, message.clientId),
  );
  const control = (message: PlayerSocketMessage, context: SocketContext) =>
    controlPlayer(live, context, message);
  for (const type of PLAYER_MESSAGE_TYPES) realtime.onMessage(type, control);
}

/**
 * Support staff follow one client's players: the socket leaves the rooms
 * of the players it watched, joins each of this client's players' rooms
 * and gets their states now, then their changes. Null stops watching. The
 * snapshot is sent in the same turn as joining, as on connecting. Players
 * the client adds meanwhile are seen on the next watch.
 */
async function watchClientPlayers(
  live: LiveSocketDependencies["live"],
  context: SocketContext,
  clientId: string | null,
): Promise<void> {
  if (!isSupportStaff(context.actor)) {
    return context.send({ type: "error", message: SOCKET_ERRORS.watchForbidden });
  }
  const state = watched.of(context);
  for (const room of state.rooms) context.leave(room);
  state.rooms = [];
  if (clientId === null) return;
  try {
    const snapshot = await live.ownerSnapshot(clientId);
    const rooms = snapshot.flatMap((message) =>
      message.type === "playerState" ? [playerRoom(message.state.playerId)] : [],
    );
    for (const room of rooms) context.join(room);
    state.rooms = rooms;
    for (const message of snapshot) context.send(message);
  } catch (error) {
    context.log.error({ err: error }, "watching a client's players failed");
    context.send({ type: "error", message: SOCKET_ERRORS.failed });
  }
}

function isSupportStaff(actor: Actor): boolean {
  return (
    actor.sessionKind === "browser" &&
    actor.role !== undefined &&
    SUPPORT_STAFF_ROLES.includes(actor.role)
  );
}

/**
 * A command or a device's report goes to the players' live service, which
 * publishes what follows on the bus; only a refusal comes back to this socket.
 */
async function controlPlayer(
  live: LiveSocketDependencies["live"],
  context: SocketContext,
  message: PlayerSocketMessage,
): Promise<void> {
  try {
    const answer = await live.handle(context.actor, message);
    if (answer) context.send(answer);
  } catch (error) {
    context.log.error({ err: error, type: message.type }, "player control message failed");
    context.send({ type: "error", message: SOCKET_ERRORS.failed });
  }
}
