import { type ChatMessage, supportApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";

/**
 * Sends a chat message. `clientMessageId` is the sender's own id for it:
 * sending the same id again (a retry after a lost answer) answers the
 * stored message instead of storing a second one.
 */
export function sendChatMessage(
  api: ApiClient,
  clientId: string,
  message: { text: string; clientMessageId: string },
): Promise<ChatMessage> {
  return api.call(supportApi.sendChatMessage, { params: { clientId }, body: message });
}
