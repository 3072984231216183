import type { Actor } from "../../kernel/actor.ts";
import {
  assertMayChangeClient,
  assertMayReadClient,
  clientAccessOf,
} from "../../lib/client-access.ts";

/**
 * Who may do what with establishments: the client with their own; admins
 * and client managers with any client's; support reads. Pure; called first
 * in every service method.
 */

export function assertMayReadEstablishments(actor: Actor, clientId: string): void {
  assertMayReadClient(actor, clientId);
}

export function assertMayChangeEstablishments(actor: Actor, clientId: string): void {
  assertMayChangeClient(actor, clientId);
}

/** What the actor may do with one establishment of `clientId`. */
export function establishmentAbilities(
  actor: Actor,
  clientId: string,
  hasLiveSubscription: boolean,
): { edit: boolean; subscribe: boolean } {
  const access = clientAccessOf(actor, clientId);
  const edit = access === "owner" || access === "manager";
  return { edit, subscribe: edit && !hasLiveSubscription };
}
