import type { FastifyPluginAsync } from "fastify";
import type { Executor } from "../../db/client.ts";
import type { ServiceLog } from "../../kernel/service-log.ts";
import { LeadForwarder } from "./lead-forwarder.ts";
import { leadsRoutes } from "./leads.routes.ts";
import { LeadsService } from "./leads.service.ts";
import { LeadsStore } from "./leads.store.ts";

/**
 * The leads module's one public face: the landing page's lead form, the
 * admin's list of leads, and their outbox to the CRM webhook
 * (AMO_WEBHOOK_URL), whose forwarder runs while the app does.
 */

export interface LeadsDependencies {
  db: Executor;
  /** The CRM webhook leads are forwarded to; without one they are only stored. */
  webhookUrl: string | undefined;
  /** Where the lead form writes (a bot's form dropped). */
  log: ServiceLog;
  /** Where the forwarder writes (each lead sent, each failure). */
  forwarderLog: ServiceLog;
}

export interface Leads {
  /**
   * Registers the leads' routes and, with a webhook, the forwarder's
   * lifecycle: started when the app is ready (forwarding what is already
   * due), stopped with its short grace when it closes.
   */
  readonly plugin: FastifyPluginAsync;
}

export function createLeads(deps: LeadsDependencies): Leads {
  const store = new LeadsStore(deps.db);
  const forwarder = deps.webhookUrl
    ? new LeadForwarder({ store, webhookUrl: deps.webhookUrl, log: deps.forwarderLog })
    : undefined;
  const leads = new LeadsService(
    store,
    { enabled: forwarder !== undefined, wake: () => forwarder?.wake() },
    deps.log,
  );
  return {
    plugin: async (app) => {
      await app.register(leadsRoutes, { leads });
      if (!forwarder) return;
      app.addHook("onReady", async () => forwarder.start());
      app.addHook("onClose", async () => forwarder.stop());
    },
  };
}
