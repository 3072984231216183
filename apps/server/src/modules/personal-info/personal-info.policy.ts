import type { Role } from "@fonika/shared";
import { AppError, errors } from "../../lib/app-error.ts";
import type { Actor } from "../../plugins/auth.ts";

/** Who may read and fill in profiles. Pure; called first in every service method. */

/** Staff who see any user's profile (client base, support). */
export const PROFILE_READERS: readonly Role[] = [
  "role-admin",
  "role-client-manager",
  "role-support",
];

/** Only an account that still fills in its profile (edit-personal-info) creates it. */
export function assertMayCreateProfile(actor: Actor): void {
  if (actor.role !== "edit-personal-info") {
    throw new AppError("conflict", 409, "Профиль уже заполнен", "The profile is already filled in");
  }
}

/** Anyone reads their own profile; admin, client manager and support read anyone's. */
export function assertMayReadProfile(actor: Actor, userId: string): void {
  if (actor.userId === userId) return;
  if (actor.role && PROFILE_READERS.includes(actor.role)) return;
  throw errors.forbidden("Only your own profile");
}

/** The user list (client base) is for admin, client manager and support. */
export function assertMayListUsers(actor: Actor): void {
  if (actor.role && PROFILE_READERS.includes(actor.role)) return;
  throw errors.forbidden("Only staff see the list of users");
}

/** Only the user accepts the offer for themselves. */
export function assertMaySignAgreement(actor: Actor, userId: string): void {
  if (actor.userId !== userId) throw errors.forbidden("Only the user accepts the offer");
}
