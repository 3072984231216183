import type { FastifyPluginAsync } from "fastify";
import type { DatabaseHandle } from "../../db/client.ts";
import type { EventBus } from "../../realtime/bus.ts";
import type { FileStore } from "../../storage/file-store.ts";
import { systemRoutes } from "./system.routes.ts";

/**
 * The system module's one public face: the readiness and liveness answers
 * for a supervisor (systemd, a load balancer). It owns no table; it asks
 * the services this process was configured with whether they answer.
 */

export interface SystemDependencies {
  /** The database: ready only while it answers. */
  database: Pick<DatabaseHandle, "ping">;
  /** The event bus: a shared one (Redis) must answer; an in-process one always does. */
  bus: Pick<EventBus, "kind" | "ping">;
  /** The file store: an S3 bucket must answer; local files always do. */
  files: Pick<FileStore, "kind" | "exists">;
}

export interface System {
  /** Registers /health and /health/live. */
  readonly plugin: FastifyPluginAsync;
}

export function createSystem(deps: SystemDependencies): System {
  return {
    plugin: async (app) => {
      await app.register(systemRoutes, deps);
    },
  };
}
