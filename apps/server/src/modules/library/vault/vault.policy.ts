import type { Actor } from "../../../kernel/actor.ts";
import { errors } from "../../../lib/app-error.ts";

/** Who may use the vault. Pure; called first in every service method. */

/** The vault is the content manager's: reading and changing it alike. */
export function assertMayUseVault(actor: Actor): void {
  if (actor.role !== "role-content-manager") {
    throw errors.forbidden("Only a content manager works in the library's tree");
  }
}
