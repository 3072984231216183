import { leadsApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import type { LeadsService } from "./leads.service.ts";

/** One address may send this many lead forms per window. */
const LEAD_FORM_RATE_LIMIT = { max: 10, timeWindow: "10 minutes" };

/** The landing page lead form and the admin's list of leads. */
export async function leadsRoutes(app: FastifyInstance, options: { leads: LeadsService }) {
  const service = options.leads;

  registerEndpoint(
    app,
    leadsApi.sendLeadForm,
    ({ body, request }) => service.sendLeadForm(body, request.ip),
    { rateLimit: LEAD_FORM_RATE_LIMIT },
  );
  registerEndpoint(app, leadsApi.listLeads, ({ actor, query }) => service.listLeads(actor, query));
}
