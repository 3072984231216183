import { systemApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/app-error.ts";
import { registerEndpoint } from "../../lib/endpoint-route.ts";

export async function systemRoutes(app: FastifyInstance) {
  registerEndpoint(app, systemApi.health, async ({ request }) => {
    try {
      await app.database.ping();
    } catch (error) {
      request.log.error({ err: error }, "health check: database unreachable");
      throw new AppError(
        "service-unavailable",
        503,
        "Сервис временно недоступен",
        "Database unreachable",
      );
    }
    return { status: "ok", database: "ok" } as const;
  });
}
