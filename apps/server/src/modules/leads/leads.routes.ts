import { leadsApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import { LeadsService } from "./leads.service.ts";

/** One address may send this many lead forms per window. */
const LEAD_FORM_RATE_LIMIT = { max: 10, timeWindow: "10 minutes" };

/** The landing page lead form and the admin's list of leads. */
export async function leadsRoutes(app: FastifyInstance) {
  const service = new LeadsService(app.db, app.leadForwarding, app.log.child({ module: "leads" }));

  registerEndpoint(
    app,
    leadsApi.sendLeadForm,
    ({ body, request }) => service.sendLeadForm(body, request.ip),
    { rateLimit: LEAD_FORM_RATE_LIMIT },
  );
  registerEndpoint(app, leadsApi.listLeads, ({ actor, query }) => service.listLeads(actor, query));
}
