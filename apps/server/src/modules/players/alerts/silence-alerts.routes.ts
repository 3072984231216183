import { playerAlertsApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../../lib/endpoint-route.ts";
import type { SilenceAlerts } from "./silence-alerts.ts";

/** The open silence alerts of a client's players (issue 14). */
export async function silenceAlertsRoutes(
  app: FastifyInstance,
  options: { alerts: SilenceAlerts },
) {
  const { alerts } = options;
  registerEndpoint(app, playerAlertsApi.listPlayerAlerts, async ({ actor, query }) => ({
    data: await alerts.listOpen(actor, query.userId),
  }));
}
