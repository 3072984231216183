import { errors } from "../../../lib/app-error.ts";
import type { Actor } from "../../../plugins/auth.ts";

/**
 * Who may do what with the catalog. Pure; every service method that
 * changes something calls it first. Reading is for every signed-in person
 * (a browser session: the endpoints accept no player device).
 */

/** Content managers keep the catalog: add, rename, remove, attach documents. */
export function assertMayEditCatalog(actor: Actor): void {
  if (actor.role !== "role-content-manager") {
    throw errors.forbidden("Only a content manager changes the catalog");
  }
}
