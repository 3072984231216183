import { CHAT_STAFF_ROLES, roleMay } from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import { chatErrors } from "./chat.errors.ts";
import type { ChatSide } from "./chat.repository.ts";

/** Who uses which chat conversation, and how read marks move. Pure; called first. */

/** Whether the actor answers the chat (support, admin) in a browser. */
export function isChatStaff(actor: Actor): boolean {
  return (
    actor.sessionKind === "browser" &&
    actor.role !== undefined &&
    CHAT_STAFF_ROLES.includes(actor.role)
  );
}

/**
 * The side the actor takes in the client's conversation: `client` for the
 * client themselves, `staff` for support and admins (who must still find
 * the client to be one: the service checks). Another client's id answers
 * 404, so that nobody learns which accounts exist; any other role 403.
 */
export function chatSideOf(actor: Actor, clientId: string): ChatSide {
  if (isChatStaff(actor)) return "staff";
  if (actor.sessionKind === "browser" && roleMay(actor.role, "askSupport")) {
    if (actor.userId === clientId) return "client";
    throw chatErrors.conversationNotFound();
  }
  throw chatErrors.notInChat();
}

/** Whether the actor may say they type in the client's conversation (same rule, no throw). */
export function mayTypeIn(actor: Actor, clientId: string): ChatSide | null {
  try {
    return chatSideOf(actor, clientId);
  } catch {
    return null;
  }
}

/**
 * Where a side's read mark goes when it reads up to `upTo`: never back,
 * never past the last message.
 */
export function nextReadMark(current: number, upTo: number, lastSeq: number): number {
  return Math.max(current, Math.min(upTo, lastSeq));
}
