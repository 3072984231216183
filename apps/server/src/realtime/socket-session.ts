import { clientSocketMessageSchema } from "@fonika/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Actor } from "../plugins/auth.ts";
import { FIRMWARE_ROOM, type FirmwareNotices } from "./firmware-notices.ts";
import { type HubSocket, send } from "./hub.ts";
import type { PlayerControl, PlayerSocketMessage } from "./player-control.ts";

/** Russian texts of the socket's error messages. */
export const SOCKET_ERRORS = {
  notJson: "Некорректное сообщение: ожидается JSON-объект",
  binary: "Некорректное сообщение: ожидается текстовый кадр",
  unknownType: "Неизвестный тип сообщения",
  invalidFields: "Некорректные поля сообщения",
  playerNotFound: "Плеер не найден",
  failed: "Не удалось обработать сообщение",
} as const;

export interface SessionContext {
  actor: Actor;
  socket: HubSocket;
  /** The players' live state: commands, reports and the device's heartbeat. */
  control: PlayerControl;
  /** Player updates: what a box that says its version should hear of. */
  firmware: FirmwareNotices;
  /** Adds this socket to a room (it leaves all of them when it closes). */
  join(room: string): void;
  log: FastifyBaseLogger;
}

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

  let value: unknown;
  try {
    value = JSON.parse(frameText(data));
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
      send(socket, { type: "pong" });
      // A device's ping keeps its player online on every process.
      return context.control.alive(context.actor).catch((error: unknown) => {
        context.log.error({ err: error }, "player heartbeat failed");
      });
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
    case "watchClientPlayers":
      // Support's socket messages (issue 15) are being built: refused meanwhile.
      return send(socket, { type: "error", message: SOCKET_ERRORS.unknownType });
    default:
      return controlPlayer(context, message);
  }
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
