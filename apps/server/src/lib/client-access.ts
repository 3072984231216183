import {
  activeRole,
  CLIENT_MANAGING_ROLES,
  CLIENT_READING_ROLES,
  CLIENT_STATES,
  STAFF_ROLES,
} from "@fonika/shared";
import type { Actor } from "../kernel/actor.ts";
import { errors } from "./app-error.ts";

/**
 * Who reaches a client's things (profile, organizations, establishments,
 * subscriptions), written once for every module that keeps them: the
 * client themselves; admins and client managers, who manage clients; and
 * support, who sees them to answer enquiries. The role groups themselves
 * are shared (`@fonika/shared` roles.ts): the web's route table uses them too.
 */

/** Whether the actor is a client (or on the way to be one), signed in in a browser. */
export function isClientActor(actor: Actor): boolean {
  return (
    actor.sessionKind === "browser" &&
    actor.role !== undefined &&
    CLIENT_STATES.includes(actor.role)
  );
}

/** How the actor reaches a client's things: as their owner, manager, reader, or not at all. */
export type ClientAccess = "owner" | "manager" | "reader" | "none";

export function clientAccessOf(actor: Actor, clientId: string): ClientAccess {
  if (actor.sessionKind !== "browser") return "none";
  if (actor.userId === clientId) return "owner";
  if (actor.role && CLIENT_MANAGING_ROLES.includes(actor.role)) return "manager";
  if (actor.role && CLIENT_READING_ROLES.includes(actor.role)) return "reader";
  return "none";
}

/** Throws 403 unless the actor may see the client's things. */
export function assertMayReadClient(actor: Actor, clientId: string): ClientAccess {
  const access = clientAccessOf(actor, clientId);
  if (access === "none") throw errors.forbidden("Only the client's own, or staff");
  return access;
}

/** Throws 403 unless the actor may change the client's things (the client, or a manager). */
export function assertMayChangeClient(actor: Actor, clientId: string): ClientAccess {
  const access = clientAccessOf(actor, clientId);
  if (access !== "owner" && access !== "manager") {
    throw errors.forbidden("Only the client, an admin or a client manager");
  }
  return access;
}

/**
 * Whether an account is a client, or on its way to be one (filling in its
 * profile or waiting for activation): staff keep no venues or payers.
 */
export function isClientAccount(account: { authority: readonly string[]; status: string }) {
  if (account.status === "deleted") return false;
  if (account.authority.some((entry) => (STAFF_ROLES as readonly string[]).includes(entry))) {
    return false;
  }
  const role = activeRole(account.authority);
  return role !== undefined && CLIENT_STATES.includes(role);
}
