import { CHAT_STAFF_ROOM } from "../../realtime/hub.ts";
import {
  type SocketContext,
  SocketMemory,
  type SocketRegistry,
} from "../../realtime/socket-registry.ts";
import { SOCKET_ERRORS } from "../../realtime/socket-session.ts";
import { isChatStaff } from "./chat.policy.ts";
import type { ChatService } from "./chat.service.ts";

/** One typing mark per socket in this long is passed on; the rest are dropped. */
export const TYPING_INTERVAL_MS = 2_000;

/** When each socket's last typing mark went out (ms). */
const lastMark = new SocketMemory<{ at: number }>(() => ({ at: Number.NEGATIVE_INFINITY }));

/**
 * The support chat on the player socket: the browsers of staff who answer
 * it (CHAT_STAFF_ROLES) join CHAT_STAFF_ROOM for its messages and marks,
 * and a `chatTyping` is checked and published by the chat service.
 */
export function registerChatSocket(
  realtime: SocketRegistry,
  chat: Pick<ChatService, "typing">,
): void {
  realtime.onAdmit((actor) => ({ rooms: isChatStaff(actor) ? [CHAT_STAFF_ROOM] : [] }));
  realtime.onMessage("chatTyping", (message, context) =>
    passTyping(chat, context, message.clientId),
  );
}

/**
 * Passes a typing mark to the chat, at most one per socket in
 * TYPING_INTERVAL_MS (a browser sends one per keystroke burst); a refused
 * one is answered and does not count.
 */
async function passTyping(
  chat: Pick<ChatService, "typing">,
  context: SocketContext,
  clientId: string,
): Promise<void> {
  const now = Date.now();
  const last = lastMark.of(context);
  if (now - last.at < TYPING_INTERVAL_MS) return;
  try {
    const refusal = await chat.typing(context.actor, clientId);
    if (refusal) return context.send(refusal);
    last.at = now;
  } catch (error) {
    context.log.error({ err: error }, "chat typing mark failed");
    context.send({ type: "error", message: SOCKET_ERRORS.failed });
  }
}
