import { activeRole, roleMay } from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import { authErrors } from "./auth.errors.ts";

/**
 * Who may sign in and approve devices. Pure functions: they throw the AppError
 * that answers a refusal and are called first in every service method.
 */

/**
 * A device code is approved by a client for their venue's player: the
 * device gets a player's powers only. Staff have no venue to approve for,
 * and a device session never approves another (RFC 8628 §5.4).
 */
export function assertMayApproveDeviceCode(actor: Actor): void {
  if (actor.sessionKind !== "browser" || !roleMay(actor.role, "approveDevices")) {
    throw authErrors.onlyClientsApproveDevices();
  }
}

/**
 * Whether an account's devices may play: only a client's (a client
 * approves them, and an owner moved back to wait-activation or given
 * another role has their devices ended by the role change).
 */
export function mayHoldDevices(account: { authority: readonly string[] }): boolean {
  return roleMay(activeRole(account.authority), "approveDevices");
}

/**
 * Only an active account signs in or refreshes: a deleted one answers
 * account-deleted (SPEC.md §8), a blocked one account-blocked.
 */
export function assertMaySignIn(account: { status: string }): void {
  if (account.status === "deleted") throw authErrors.accountDeleted();
  if (account.status === "blocked") throw authErrors.accountBlocked();
}
