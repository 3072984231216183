import { systemApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/app-error.ts";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import type { SystemDependencies } from "./system.ts";

/** A key no one stores: asking for it shows the bucket answers. */
const STORAGE_PROBE_KEY = "health-probe";

/**
 * Readiness and liveness for a supervisor (systemd, a load balancer):
 * ready when every service this process was configured with answers;
 * alive while it serves requests at all.
 */
export async function systemRoutes(app: FastifyInstance, options: SystemDependencies) {
  const { database, bus, files } = options;
  registerEndpoint(app, systemApi.health, async ({ request }) => {
    const unreachable = async (part: string, check: () => Promise<unknown>) => {
      try {
        await check();
        return null;
      } catch (error) {
        request.log.error({ err: error }, `health check: ${part} unreachable`);
        return part;
      }
    };
    const s3 = files.kind === "s3";
    const redis = bus.kind === "redis";
    const failed = (
      await Promise.all([
        unreachable("database", () => database.ping()),
        redis ? unreachable("redis", () => bus.ping()) : null,
        s3 ? unreachable("storage", () => files.exists(STORAGE_PROBE_KEY)) : null,
      ])
    ).filter((part) => part !== null);
    if (failed.length > 0) {
      throw new AppError(
        "service-unavailable",
        503,
        "Сервис временно недоступен",
        `Unreachable: ${failed.join(", ")}`,
      );
    }
    return {
      status: "ok",
      database: "ok",
      bus: redis ? "ok" : "in-process",
      storage: s3 ? "ok" : "local",
    } as const;
  });

  registerEndpoint(app, systemApi.liveness, async () => ({ status: "ok" }) as const);
}
