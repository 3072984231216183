import { SUPPORT } from "@fonika/shared";
import type { Executor } from "../../db/client.ts";
import { takeSlot } from "../auth/auth.ts";
import { supportErrors } from "./support.errors.ts";

/** The scope of support's message counter: enquiries' creates and replies, and chat messages. */
export const SUPPORT_MESSAGE_SCOPE = "support-message";

/**
 * Counts one message of `userId` (an enquiry, a reply, a chat message) and
 * throws the 429 with Retry-After past SUPPORT.messagesPerMinute a minute.
 * Call it before storing anything, so that a refused message leaves nothing.
 */
export async function takeSupportMessageSlot(db: Executor, userId: string): Promise<void> {
  const slot = await takeSlot(db, SUPPORT_MESSAGE_SCOPE, userId, 60, SUPPORT.messagesPerMinute);
  if (!slot.allowed) throw supportErrors.tooManyMessages(slot.retryAfterSeconds);
}
