import { mayCall, vaultApi } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { errors } from "../../../lib/app-error.ts";

/** Who may use the vault. Pure; called first in every service method. */

/**
 * The vault is the content manager's, reading and changing it alike: whom
 * `listEntries` admits, as every vault endpoint does (lib/policy-roles.test.ts).
 */
export function assertMayUseVault(actor: Actor): void {
  if (!mayCall(vaultApi.listEntries, actor.role)) {
    throw errors.forbidden("Only a content manager works in the library's tree");
  }
}
