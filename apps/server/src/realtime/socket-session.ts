import { clientSocketMessageSchema, SUPPORT_STAFF_ROLES } from "@fonika/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Actor } from "../kernel/actor.ts";
import type { ChatTyping } from "./chat-typing.ts";
import { FIRMWARE_ROOM, type FirmwareNotices } from "./firmware-notices.ts";
import { type HubSocket, OPEN, playerRoom, send } from "./hub.ts";
import type { PlayerControl, PlayerSocketMessage } from "./player-control.ts";

/** Russian texts of the socket's error messages. */
export const SOCKET_ERRORS = {
  notJson: "Некорректное сообщение: ожидается JSON-объект",
  binary: "Некорректное сообщение: ожидается текстовый кадр",
  unknownType: "Неизвестный тип сообщения",
  invalidFields: "Некорректные поля сообщения",
  playerNotFound: "Плеер не найден",
  watchForbidden: "Следить за плеерами клиента может только поддержка",
  failed: "Не удалось обработать сообщение",
  flood: "Слишком много сообщений: соединение закрыто",
} as const;

export interface SessionContext {
  actor: Actor;
  socket: HubSocket;
  /** The players' live state: commands, reports and the device's heartbeat. */
  control: PlayerControl;
  /** Player updates: what a box that says its version should hear of. */
  firmware: FirmwareNotices;
  /** The support chat: typing marks. */
  chat: ChatTyping;
  /** Adds this socket to a room (it leaves all of them when it closes). */
  join(room: string): void;
  /** Takes this socket out of a room. */
  leave(room: string): void;
  /** What this socket's session remembers between its frames. */
  state: SocketState;
  log: FastifyBaseLogger;
}

/** Per socket, kept while it is open. */
export interface SocketState {
  /** When its last typing mark went out (ms); marks closer than TYPING_INTERVAL_MS are dropped. */
  typingAt: number;
  /** The player rooms it joined to watch a client's players (support staff). */
  watchedRooms: string[];
}

export function newSocketState(): SocketState {
  return { typingAt: Number.NEGATIVE_INFINITY, watchedRooms: [] };
}

/** One typing mark per socket in this long is passed on; the rest are dropped. */
export const TYPING_INTERVAL_MS = 2_000;

/**
 * A ping as the box player and the web app send it, and its answer: the
 * frame every socket sends every 4 s (1 000 players: 250 a second), known
 * by its text without parsing or validating it; a ping written otherwise
 * takes the common path.
 */
const PING_FRAME = JSON.stringify({ type: "ping" });
const PONG_FRAME = JSON.stringify({ type: "pong" });

const KNOWN_TYPES = new Set<string>(
  clientSocketMessageSchema.options.map((option) => option.shape.type.value),
);

/**
 * Handles one frame of an authenticated socket and answers on it. A bad
 * frame gets `{"type":"error"}` and the socket stays open: one bad message
 * from a client must not cost it the connection.
 */
export async function handleFrame(
  context: SessionContext,
  data: Buffer | ArrayBuffer | Buffer[],
  isBinary: boolean,
): Promise<void> {
  const { socket } = context;
  if (isBinary) return send(socket, { type: "error", message: SOCKET_ERRORS.binary });

  const text = frameText(data);
  if (text === PING_FRAME) return ping(context);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return send(socket, { type: "error", message: SOCKET_ERRORS.notJson });
  }
  const parsed = clientSocketMessageSchema.safeParse(value);
  if (!parsed.success) {
    const type =
      typeof value === "object" && value !== null ? (value as { type?: unknown }).type : undefined;
    const known = typeof type === "string" && KNOWN_TYPES.has(type);
    return send(socket, {
      type: "error",
      message: known ? SOCKET_ERRORS.invalidFields : SOCKET_ERRORS.unknownType,
    });
  }

  const message = parsed.data;
  switch (message.type) {
    case "ping":
      return ping(context);
    case "connect":
      // The identity comes from the token; a userId in the message is only
      // the client's echo of it and is not trusted.
      send(socket, { type: "connected", userId: context.actor.userId });
      // A device that says its firmware version is a box player that updates.
      if (message.version && context.actor.sessionKind === "device") {
        return announceFirmware(context, message.version);
      }
      return;
    case "chatTyping":
      return passTyping(context, message.clientId);
    case "watchClientPlayers":
      return watchClientPlayers(context, message.clientId);
    default:
      return controlPlayer(context, message);
  }
}

/** Answers a ping; a device's ping keeps its player online on every process. */
function ping(context: SessionContext): Promise<void> {
  if (context.socket.readyState === OPEN) context.socket.send(PONG_FRAME);
  return context.control.alive(context.actor).catch((error: unknown) => {
    context.log.error({ err: error }, "player heartbeat failed");
  });
}

/**
 * Puts a box player in the room of firmware notices and tells it of an
 * update newer than `version` now. It joins first: an update uploaded
 * meanwhile reaches it rather than falling between the two.
 */
async function announceFirmware(context: SessionContext, version: string): Promise<void> {
  context.join(FIRMWARE_ROOM);
  try {
    const notice = await context.firmware.newerThan(version);
    if (notice) send(context.socket, notice);
  } catch (error) {
    context.log.error({ err: error }, "player update notice failed");
  }
}

/**
 * Passes a typing mark to the chat, at most one per socket in
 * TYPING_INTERVAL_MS (a browser sends one per keystroke burst); a refused
 * one is answered and does not count.
 */
async function passTyping(context: SessionContext, clientId: string): Promise<void> {
  const now = Date.now();
  if (now - context.state.typingAt < TYPING_INTERVAL_MS) return;
  try {
    const refusal = await context.chat.typing(context.actor, clientId);
    if (refusal) return send(context.socket, refusal);
    context.state.typingAt = now;
  } catch (error) {
    context.log.error({ err: error }, "chat typing mark failed");
    send(context.socket, { type: "error", message: SOCKET_ERRORS.failed });
  }
}

/**
 * Support staff follow one client's players: the socket leaves the rooms
 * of the players it watched, joins each of this client's players' rooms
 * and gets their states now, then their changes. Null stops watching. The
 * snapshot is sent in the same turn as joining, as on connecting. Players
 * the client adds meanwhile are seen on the next watch.
 */
async function watchClientPlayers(context: SessionContext, clientId: string | null) {
  const { actor, socket, state } = context;
  const staff =
    actor.sessionKind === "browser" &&
    actor.role !== undefined &&
    SUPPORT_STAFF_ROLES.includes(actor.role);
  if (!staff) return send(socket, { type: "error", message: SOCKET_ERRORS.watchForbidden });
  for (const room of state.watchedRooms) context.leave(room);
  state.watchedRooms = [];
  if (clientId === null) return;
  try {
    const snapshot = await context.control.ownerSnapshot(clientId);
    const rooms = snapshot.flatMap((message) =>
      message.type === "playerState" ? [playerRoom(message.state.playerId)] : [],
    );
    for (const room of rooms) context.join(room);
    state.watchedRooms = rooms;
    for (const message of snapshot) send(socket, message);
  } catch (error) {
    context.log.error({ err: error }, "watching a client's players failed");
    send(socket, { type: "error", message: SOCKET_ERRORS.failed });
  }
}

/**
 * A command or a device's report goes to the players' live service, which
 * publishes what follows on the bus; only a refusal comes back to this socket.
 */
async function controlPlayer(context: SessionContext, message: PlayerSocketMessage): Promise<void> {
  try {
    const answer = await context.control.handle(context.actor, message);
    if (answer) send(context.socket, answer);
  } catch (error) {
    context.log.error({ err: error, type: message.type }, "player control message failed");
    send(context.socket, { type: "error", message: SOCKET_ERRORS.failed });
  }
}

function frameText(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString("utf8");
  return data.toString("utf8");
}
