import { leadsApi, mayCall } from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import { errors } from "../../lib/app-error.ts";

/**
 * Who may see the leads. Pure functions that throw the refusal; the
 * service calls them first. Sending the lead form is open to everyone.
 */

/** The received leads are the admin's (SPEC.md §6: integrations): whom `listLeads` admits. */
export function assertMayListLeads(actor: Actor): void {
  if (!mayCall(leadsApi.listLeads, actor.role)) {
    throw errors.forbidden("Only an admin sees the leads");
  }
}
