import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * What the worker runs: the leads module's outbox forwarder. app.ts hands
 * it in (plugins never import a module).
 */
export interface LeadForwardingJob {
  /** Starts looking for due leads (and forwards what is already due). */
  start(): void;
  /** Asks for a run soon (a lead was just stored). */
  wake(): void;
  /** Stops: calls in flight get a short grace, then their leads are handed back. */
  stop(): Promise<void>;
}

export interface LeadForwardingOptions {
  /** The forwarder of this app, or undefined when no webhook is configured. */
  createJob(app: FastifyInstance): LeadForwardingJob | undefined;
}

/** What the leads module sees of forwarding. */
export interface LeadForwarding {
  /** Whether leads are forwarded at all (a webhook is configured). */
  enabled: boolean;
  /** Forward soon: a lead was stored. */
  wake(): void;
}

declare module "fastify" {
  interface FastifyInstance {
    leadForwarding: LeadForwarding;
  }
}

/**
 * The background forwarding of landing page leads to the CRM webhook
 * (AMO_WEBHOOK_URL): started when the app is ready, stopped (with its short
 * grace) when it closes, like the loudness worker.
 */
export default fp<LeadForwardingOptions>(
  async function leadForwardingPlugin(app: FastifyInstance, options: LeadForwardingOptions) {
    const job = options.createJob(app);
    app.decorate("leadForwarding", {
      enabled: job !== undefined,
      wake: () => job?.wake(),
    });
    if (!job) return;
    app.addHook("onReady", async () => job.start());
    app.addHook("onClose", async () => job.stop());
  },
  { name: "lead-forwarding", dependencies: ["db"] },
);
