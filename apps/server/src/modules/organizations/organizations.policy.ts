import type { Actor } from "../../kernel/actor.ts";
import {
  assertMayChangeClient,
  assertMayReadClient,
  clientAccessOf,
} from "../../lib/client-access.ts";

/**
 * Who may do what with a client's organizations and payment methods: the
 * client, admins and client managers change them; support reads. Pure;
 * called first in every service method.
 */

export function assertMayReadOrganizations(actor: Actor, clientId: string): void {
  assertMayReadClient(actor, clientId);
}

export function assertMayChangeOrganizations(actor: Actor, clientId: string): void {
  assertMayChangeClient(actor, clientId);
}

export function organizationAbilities(
  actor: Actor,
  clientId: string,
  inUse: boolean,
): { edit: boolean; remove: boolean } {
  const access = clientAccessOf(actor, clientId);
  const edit = access === "owner" || access === "manager";
  return { edit, remove: edit && !inUse };
}
