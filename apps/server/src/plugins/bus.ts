import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type EventBus, openEventBus } from "../realtime/bus.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** In-process, or Redis pub/sub across processes when REDIS_URL is set. */
    bus: EventBus;
  }
}

/**
 * The event bus of the process: opened before everything that publishes or
 * listens (the session state of the auth plugin, the sockets), closed last.
 */
export default fp(
  async function busPlugin(app: FastifyInstance) {
    const bus = await openEventBus(app.config.redisUrl, app.log);
    app.decorate("bus", bus);
    app.log.info({ bus: bus.kind }, "event bus ready");
    app.addHook("onClose", async () => bus.close());
  },
  { name: "bus" },
);
