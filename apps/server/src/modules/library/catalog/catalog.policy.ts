import { catalogApi, mayCall } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { errors } from "../../../lib/app-error.ts";

/**
 * Who may do what with the catalog. Pure; every service method that
 * changes something calls it first. Reading names is for every signed-in
 * person (a browser session: the endpoints accept no player device);
 * authors' licence documents only for staff. Who at all is what the
 * endpoints admit (their `roles`).
 */

/**
 * Content managers keep the catalog, add, rename, remove, attach documents:
 * whom `addAuthor` admits, as every changing catalog endpoint does
 * (lib/policy-roles.test.ts).
 */
export function assertMayEditCatalog(actor: Actor): void {
  if (!mayCall(catalogApi.addAuthor, actor.role)) {
    throw errors.forbidden("Only a content manager changes the catalog");
  }
}

/**
 * Authors' licence documents (contracts and their scans) are for staff
 * only, a client or an account waiting for activation reads none: whom
 * `listAuthorAttachments` admits, as `getAuthorAttachment` does.
 */
export function assertMayReadAuthorDocuments(actor: Actor): void {
  if (!mayCall(catalogApi.listAuthorAttachments, actor.role)) {
    throw errors.forbidden("Only staff read authors' documents");
  }
}
