import { clientSocketMessageSchema } from "@fonika/shared";
import { type HubSocket, OPEN, send } from "./hub.ts";
import type { ClientMessageOf, SocketContext, SocketHandlers } from "./socket-registry.ts";

/** Russian texts of the socket's error messages. */
export const SOCKET_ERRORS = {
  notJson: "Некорректное сообщение: ожидается JSON-объект",
  binary: "Некорректное сообщение: ожидается текстовый кадр",
  unknownType: "Неизвестный тип сообщения",
  invalidFields: "Некорректные поля сообщения",
  watchForbidden: "Следить за плеерами клиента может только поддержка",
  failed: "Не удалось обработать сообщение",
  flood: "Слишком много сообщений: соединение закрыто",
} as const;

/** One admitted socket, as its frames are handled. */
export interface SocketSession {
  socket: HubSocket;
  /** What the modules' handlers get: the actor, the answer, the rooms, the log. */
  context: SocketContext;
  /** The modules' handlers, by message type. */
  handlers: SocketHandlers;
  /**
   * The connection under the websocket, when the pong may be written to it
   * as a frame made once (`PONG_WIRE`); without it the pong goes through
   * the websocket's own framing.
   */
  wire?: { write(frame: Uint8Array): boolean } | undefined;
}

/**
 * A ping as the box player and the web app send it, and its answer: the
 * frame every socket sends every 4 s (1 000 players: 250 a second), known
 * by its text without parsing or validating it; a ping written otherwise
 * takes the common path.
 */
const PING_FRAME = JSON.stringify({ type: "ping" });
const PING_BYTES = Buffer.from(PING_FRAME);
const PONG_FRAME = JSON.stringify({ type: "pong" });
const PING: ClientMessageOf<"ping"> = { type: "ping" };
/**
 * The pong as it goes on the wire (RFC 6455 §5.2): a final, unmasked text
 * frame, FIN + opcode 1 (0x81), its 15-byte length, then the text. `ws`
 * frames every send anew (a header buffer, then the connection corked for
 * two writes and a writev): at 10 000 boxes, 2 500 pongs a second and about
 * 1 KB of garbage each (the socket bench's sampled allocations), the most
 * of anything a ping does. Written as one buffer, it keeps its place among
 * the websocket's other frames: `ws` writes each frame to the connection
 * at once, as long as it compresses none (perMessageDeflate is off,
 * realtime.ts) and sends no Blob.
 */
const PONG_WIRE = Buffer.concat([Buffer.from([0x81, PONG_FRAME.length]), Buffer.from(PONG_FRAME)]);

/** Whether a frame is the ping the clients send, byte for byte. */
export function isPingFrame(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): boolean {
  return !isBinary && Buffer.isBuffer(data) && data.equals(PING_BYTES);
}

/**
 * Answers a ping and hands it to its module (a device's ping keeps its
 * player online), at once: no promise is made for the frame every socket
 * sends every 4 s unless its module's handler makes one.
 */
export function answerPing(session: SocketSession, message: ClientMessageOf<"ping"> = PING): void {
  if (session.socket.readyState === OPEN) {
    if (session.wire) session.wire.write(PONG_WIRE);
    else session.socket.send(PONG_FRAME);
  }
  const handled = session.handlers.handlerOf("ping")?.(message, session.context);
  if (handled instanceof Promise) {
    handled.catch((error: unknown) => {
      session.context.log.error({ err: error }, "player socket ping failed");
    });
  }
}

const KNOWN_TYPES = new Set<string>(
  clientSocketMessageSchema.options.map((option) => option.shape.type.value),
);

/**
 * Handles one frame of an admitted socket: parses and checks it against
 * the shared schema, answers `ping` and `connect` itself, and hands the
 * message to the handler its module registered. A bad frame gets
 * `{"type":"error"}` and the socket stays open: one bad message from a
 * client must not cost it the connection.
 */
export async function handleFrame(
  session: SocketSession,
  data: Buffer | ArrayBuffer | Buffer[],
  isBinary: boolean,
): Promise<void> {
  const { socket, context, handlers } = session;
  if (isBinary) return send(socket, { type: "error", message: SOCKET_ERRORS.binary });

  if (isPingFrame(data, false)) return answerPing(session);
  const text = frameText(data);
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
  if (message.type === "ping") return answerPing(session, message);
  if (message.type === "connect") {
    // The identity comes from the token; a userId in the message is only
    // the client's echo of it and is not trusted.
    send(socket, { type: "connected", userId: context.actor.userId });
    return handlers.handlerOf("connect")?.(message, context);
  }
  const handler = handlers.handlerOf(message.type);
  if (!handler) return send(socket, { type: "error", message: SOCKET_ERRORS.unknownType });
  return handler(message, context);
}

function frameText(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString("utf8");
  return data.toString("utf8");
}
