import { STAFF_ROLES } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { errors } from "../../../lib/app-error.ts";

/**
 * Who may do what with the catalog. Pure; every service method that
 * changes something calls it first. Reading names is for every signed-in
 * person (a browser session: the endpoints accept no player device);
 * authors' licence documents only for staff.
 */

/** Content managers keep the catalog: add, rename, remove, attach documents. */
export function assertMayEditCatalog(actor: Actor): void {
  if (actor.role !== "role-content-manager") {
    throw errors.forbidden("Only a content manager changes the catalog");
  }
}

/**
 * Authors' licence documents (contracts and their scans) are for staff
 * only; a client or an account waiting for activation reads none.
 */
export function assertMayReadAuthorDocuments(actor: Actor): void {
  if (!actor.role || !(STAFF_ROLES as readonly string[]).includes(actor.role)) {
    throw errors.forbidden("Only staff read authors' documents");
  }
}
