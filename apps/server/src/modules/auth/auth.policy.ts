import { type Role, STAFF_ROLES } from "@fonika/shared";
import { errors } from "../../lib/app-error.ts";
import type { Actor } from "../../plugins/auth.ts";
import { authErrors } from "./auth.errors.ts";

/**
 * Who may do what with accounts. Pure functions: they throw the AppError
 * that answers a refusal and are called first in every service method.
 */

export interface AccountTarget {
  id: string;
  authority: readonly string[];
  status: string;
}

/** Roles a client manager may give, and only to an account that is not staff. */
export const CLIENT_MANAGER_ASSIGNABLE_ROLES: readonly Role[] = [
  "edit-personal-info",
  "wait-activation",
  "role-client",
];

/** Whether an account holds a staff role anywhere in its authority. */
export function isStaffAccount(authority: readonly string[]): boolean {
  return authority.some((entry) => (STAFF_ROLES as readonly string[]).includes(entry));
}

/**
 * A device code is approved by a client for their venue's player: the
 * device gets a player's powers only. Staff have no venue to approve for,
 * and a device session never approves another (RFC 8628 §5.4).
 */
export function assertMayApproveDeviceCode(actor: Actor): void {
  if (actor.sessionKind !== "browser" || actor.role !== "role-client") {
    throw authErrors.onlyClientsApproveDevices();
  }
}

/** First check of a role change, before the target is looked up. */
export function assertMayChangeRoles(actor: Actor): void {
  if (actor.role !== "role-admin" && actor.role !== "role-client-manager") {
    throw errors.forbidden("Only an admin or a client manager changes roles");
  }
}

/**
 * An admin gives any role to anyone else (not to themselves: the last admin
 * would lock everybody out); a client manager moves a non-staff account
 * between edit-personal-info, wait-activation and role-client.
 */
export function assertMayChangeRole(actor: Actor, target: AccountTarget, newRole: Role): void {
  assertMayChangeRoles(actor);
  if (actor.role === "role-admin") {
    if (target.id === actor.userId && newRole !== "role-admin") throw authErrors.selfDemotion();
    return;
  }
  if (isStaffAccount(target.authority)) throw errors.forbidden("Staff roles are set by an admin");
  if (!CLIENT_MANAGER_ASSIGNABLE_ROLES.includes(newRole)) {
    throw errors.forbidden(`A client manager cannot give ${newRole}`);
  }
}

/** First check of blocking and unblocking, before the target is looked up. */
export function assertMayManageAccounts(actor: Actor): void {
  if (actor.role !== "role-admin" && actor.role !== "role-client-manager") {
    throw errors.forbidden("Only an admin or a client manager blocks accounts");
  }
}

/**
 * An admin blocks anyone but themselves; a client manager only accounts
 * that are not staff.
 */
export function assertMayBlockAccount(actor: Actor, target: AccountTarget): void {
  assertMayManageAccounts(actor);
  if (target.id === actor.userId) throw authErrors.selfBlock();
  if (actor.role === "role-client-manager" && isStaffAccount(target.authority)) {
    throw errors.forbidden("Staff accounts are blocked by an admin");
  }
}

/** First check of a deletion, before the target is looked up. */
export function assertMayDeleteAccounts(actor: Actor, targetId: string): void {
  if (targetId === actor.userId) return;
  if (actor.role !== "role-admin" && actor.role !== "role-client-manager") {
    throw errors.forbidden("Only the user, an admin or a client manager deletes an account");
  }
}

/**
 * The user deletes their own account (an admin may not: lockout); an admin
 * deletes anyone else, a client manager any non-staff account. A blocked
 * account is not deleted by staff (SPEC.md §4: the delete button is hidden
 * for a blocked client).
 */
export function assertMayDeleteAccount(actor: Actor, target: AccountTarget): void {
  assertMayDeleteAccounts(actor, target.id);
  if (target.id === actor.userId) {
    if (actor.role === "role-admin") throw authErrors.selfDeletionOfAdmin();
    return;
  }
  if (actor.role === "role-client-manager" && isStaffAccount(target.authority)) {
    throw errors.forbidden("Staff accounts are deleted by an admin");
  }
  if (target.status === "blocked") throw authErrors.blockedCannotBeDeleted();
}

/**
 * Only an active account signs in or refreshes: a deleted one answers
 * account-deleted (SPEC.md §8), a blocked one account-blocked.
 */
export function assertMaySignIn(account: { status: string }): void {
  if (account.status === "deleted") throw authErrors.accountDeleted();
  if (account.status === "blocked") throw authErrors.accountBlocked();
}
