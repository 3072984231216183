import {
  type AccountAbilities,
  ASSIGNABLE_ROLES,
  type AssignableRole,
  accountsApi,
  activeRole,
  CLIENT_MANAGING_ROLES,
  CLIENT_READING_ROLES,
  mayCall,
  type Role,
  roleMay,
  STAFF_ROLES,
} from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import { errors } from "../../lib/app-error.ts";
import { accountErrors } from "./accounts.errors.ts";

/**
 * Who may do what with accounts: profiles, roles, blocking, deletion. Pure
 * functions: they throw the AppError that answers a refusal and are called
 * first in every service method; `accountAbilities` tells the web app the
 * same answers ahead of time. Who may make a call at all is what its
 * endpoint admits (its `roles`); these add what the endpoint cannot know
 * (the target, one's own account).
 */

/** Only an account that still fills in its profile (edit-personal-info) creates it. */
export function assertMayCreateProfile(actor: Actor): void {
  if (actor.role !== "edit-personal-info") throw accountErrors.profileFilled();
}

/** Anyone reads their own profile; admin, client manager and support read anyone's. */
export function assertMayReadProfile(actor: Actor, userId: string): void {
  if (actor.userId === userId) return;
  if (actor.role && CLIENT_READING_ROLES.includes(actor.role)) return;
  throw errors.forbidden("Only your own profile");
}

/**
 * The user changes their own profile once it is filled in (until then the
 * cabinet's first form creates it); an admin changes anyone's, a client
 * manager a client's (not a staff member's).
 */
export function assertMayEditProfile(actor: Actor, target: AccountTarget): void {
  if (target.id === actor.userId) {
    if (actor.role === "edit-personal-info") throw accountErrors.profileNotFilled();
    return;
  }
  if (actor.role === "role-admin") return;
  if (actor.role === "role-client-manager" && !isStaffAccount(target.authority)) return;
  throw errors.forbidden("Only your own profile, or a client's for a client manager");
}

/** The user list (client base) is for admin, client manager and support: whom `listUsers` admits. */
export function assertMayListUsers(actor: Actor): void {
  if (mayCall(accountsApi.listUsers, actor.role)) return;
  throw errors.forbidden("Only staff see the list of users");
}

/** Only the user accepts the offer for themselves. */
export function assertMaySignAgreement(actor: Actor, userId: string): void {
  if (actor.userId !== userId) throw errors.forbidden("Only the user accepts the offer");
}

/**
 * An admin creates accounts of any role; a client manager only clients and
 * accounts on their way to becoming one (CONTRACT.md: staff accounts are
 * made by /create-user with their role directly).
 */
export function assertMayCreateUser(actor: Actor, role: Role): void {
  assertMayChangeRoles(actor);
  if (actor.role === "role-client-manager" && !CLIENT_MANAGER_ASSIGNABLE_ROLES.includes(role)) {
    throw errors.forbidden(`A client manager cannot create ${role}`);
  }
}

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
 * Whether a role change takes a staff role away (to a client's role, a
 * pseudo-state or another staff role): the sessions signed in with the
 * staff powers end. Client lifecycle changes and promotions keep them.
 */
export function isDemotionFromStaff(before: readonly string[], after: readonly string[]): boolean {
  return before.some(
    (entry) => (STAFF_ROLES as readonly string[]).includes(entry) && !after.includes(entry),
  );
}

/**
 * Whether a role change ends the account's devices: only a client's
 * players play, so an owner moved back to wait-activation (or given any
 * role but a client's) has every device of every venue of theirs stopped.
 * Their browser sessions stay, as for every client lifecycle change.
 */
export function endsDevices(after: readonly string[]): boolean {
  return !roleMay(activeRole(after), "approveDevices");
}

/**
 * First check of a role change, before the target is looked up: whom
 * `changeRole` admits, as `createUser` does (lib/policy-roles.test.ts).
 */
export function assertMayChangeRoles(actor: Actor): void {
  if (!mayCall(accountsApi.changeRole, actor.role)) {
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
    if (target.id === actor.userId && newRole !== "role-admin") throw accountErrors.selfDemotion();
    return;
  }
  if (isStaffAccount(target.authority)) throw errors.forbidden("Staff roles are set by an admin");
  if (!CLIENT_MANAGER_ASSIGNABLE_ROLES.includes(newRole)) {
    throw errors.forbidden(`A client manager cannot give ${newRole}`);
  }
}

/**
 * First check of blocking and unblocking, before the target is looked up:
 * whom `blockAccount` admits, as `unblockAccount` does.
 */
export function assertMayManageAccounts(actor: Actor): void {
  if (!mayCall(accountsApi.blockAccount, actor.role)) {
    throw errors.forbidden("Only an admin or a client manager blocks accounts");
  }
}

/**
 * An admin blocks anyone but themselves; a client manager only accounts
 * that are not staff.
 */
export function assertMayBlockAccount(actor: Actor, target: AccountTarget): void {
  assertMayManageAccounts(actor);
  if (target.id === actor.userId) throw accountErrors.selfBlock();
  if (actor.role === "role-client-manager" && isStaffAccount(target.authority)) {
    throw errors.forbidden("Staff accounts are blocked by an admin");
  }
}

/**
 * First check of a deletion, before the target is looked up. Not
 * `deleteAccount`'s roles: it names none, since everyone deletes their own.
 */
export function assertMayDeleteAccounts(actor: Actor, targetId: string): void {
  if (targetId === actor.userId) return;
  if (!(actor.role !== undefined && CLIENT_MANAGING_ROLES.includes(actor.role))) {
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
    if (actor.role === "role-admin") throw accountErrors.selfDeletionOfAdmin();
    return;
  }
  if (actor.role === "role-client-manager" && isStaffAccount(target.authority)) {
    throw errors.forbidden("Staff accounts are deleted by an admin");
  }
  if (target.status === "blocked") throw accountErrors.blockedCannotBeDeleted();
}

/** Whether a policy check lets the call through (it throws when not). */
function allows(check: () => void): boolean {
  try {
    check();
    return true;
  } catch {
    return false;
  }
}

/**
 * What the actor may do with an account, computed by the very checks that
 * guard the calls, so that the web app shows only what the server allows.
 */
export function accountAbilities(actor: Actor, target: AccountTarget): AccountAbilities {
  const live = target.status !== "deleted";
  const assignableRoles =
    live && target.id !== actor.userId
      ? ASSIGNABLE_ROLES.filter((role) => allows(() => assertMayChangeRole(actor, target, role)))
      : [];
  return {
    edit: live && allows(() => assertMayEditProfile(actor, target)),
    changeRole: assignableRoles.length > 0,
    assignableRoles,
    activate:
      activeRole(target.authority) === "wait-activation" &&
      target.status === "active" &&
      assignableRoles.includes("role-client"),
    block: target.status === "active" && allows(() => assertMayBlockAccount(actor, target)),
    unblock: target.status === "blocked" && allows(() => assertMayBlockAccount(actor, target)),
    delete: live && allows(() => assertMayDeleteAccount(actor, target)),
  };
}

/** The roles the actor may give to a new account (create-user). */
export function creatableRoles(actor: Actor): AssignableRole[] {
  return ASSIGNABLE_ROLES.filter((role) => allows(() => assertMayCreateUser(actor, role)));
}
