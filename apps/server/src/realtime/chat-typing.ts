import type { ServerSocketMessage } from "@fonika/shared";
import type { Actor } from "../kernel/actor.ts";

/**
 * What the socket needs of the support chat (the support module's chat
 * service fills it with `app.realtime.useChatTyping`): a typing mark is
 * checked and published there; only a refusal comes back to the socket.
 */
export interface ChatTyping {
  /** Publishes that `actor` types in the client's conversation; answers an error for the sender, or null. */
  typing(actor: Actor, clientId: string): Promise<ServerSocketMessage | null>;
}

/** Before the support module: there is no chat to type in. */
export const noChatTyping = (refusal: string): ChatTyping => ({
  typing: async () => ({ type: "error", message: refusal }),
});
