import { clientSocketMessageSchema } from "@fonika/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Actor } from "../plugins/auth.ts";
import type { BusEvent, PlayerControlMessage } from "./bus.ts";
import { type HubSocket, playerRoom, send, userRoom } from "./hub.ts";
import type { PlayerDirectory } from "./player-directory.ts";

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
  players: PlayerDirectory;
  publish(event: BusEvent): Promise<void>;
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
      return send(socket, { type: "pong" });
    case "connect":
      // The identity comes from the token; a userId in the message is only
      // the client's echo of it and is not trusted.
      return send(socket, { type: "connected", userId: context.actor.userId });
    default:
      return relayControl(context, message);
  }
}

/**
 * A player-control request goes through the bus to the player's sockets and
 * its owner's, on every process — only for a player the actor may control.
 */
async function relayControl(context: SessionContext, message: PlayerControlMessage): Promise<void> {
  try {
    const player = await context.players.findControllable(context.actor, message.playerId);
    if (!player) {
      return send(context.socket, { type: "error", message: SOCKET_ERRORS.playerNotFound });
    }
    await context.publish({
      kind: "message",
      rooms: [playerRoom(player.playerId), userRoom(player.ownerId)],
      message,
    });
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
