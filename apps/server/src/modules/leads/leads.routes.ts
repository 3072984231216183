import { leadsApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import { LeadForwarder } from "./lead-forwarder.ts";
import { LeadsService } from "./leads.service.ts";

/** One address may send this many lead forms per window. */
const LEAD_FORM_RATE_LIMIT = { max: 10, timeWindow: "10 minutes" };

/** The landing page lead form and the admin's list of leads. */
export async function leadsRoutes(app: FastifyInstance) {
  const webhookUrl = app.config.amoWebhookUrl;
  const forwarder = webhookUrl
    ? new LeadForwarder({
        db: app.db,
        webhookUrl,
        log: app.log.child({ module: "lead-forwarder" }),
      })
    : undefined;
  if (forwarder) {
    app.addHook("onReady", async () => forwarder.start());
    app.addHook("onClose", async () => forwarder.stop());
  }
  const service = new LeadsService(app.db, forwarder, app.log.child({ module: "leads" }));

  registerEndpoint(
    app,
    leadsApi.sendLeadForm,
    ({ body, request }) => service.sendLeadForm(body, request.ip),
    { rateLimit: LEAD_FORM_RATE_LIMIT },
  );
  registerEndpoint(app, leadsApi.listLeads, ({ actor, query }) => service.listLeads(actor, query));
}
