import { admits, historyApi } from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import { errors } from "../../lib/app-error.ts";
import { clientAccessOf } from "../../lib/client-access.ts";
import { historyErrors } from "./history.errors.ts";

/** Who may read which broadcast history. Pure; called first in every service method. */

/**
 * Throws 404 unless the actor may read the history of a player of `ownerId`:
 * its owner, or staff who see clients. Nobody learns which ids exist.
 */
export function assertMayReadPlayerHistory(actor: Actor, ownerId: string): void {
  if (clientAccessOf(actor, ownerId) === "none") throw historyErrors.playerNotFound();
}

/** As for a player: the venue's owner, or staff who see clients; others hear 404. */
export function assertMayReadEstablishmentHistory(actor: Actor, ownerId: string): void {
  if (clientAccessOf(actor, ownerId) === "none") throw historyErrors.establishmentNotFound();
}

/** The report across all venues is for staff who see clients: whom `allVenuesReport` admits. */
export function assertMayReportAllVenues(actor: Actor): void {
  if (!admits(historyApi.allVenuesReport, actor)) {
    throw errors.forbidden("Only staff who see clients");
  }
}
