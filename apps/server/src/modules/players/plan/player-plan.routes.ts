import { playerPlanApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../../lib/endpoint-route.ts";
import type { PlayerPlanService } from "./player-plan.service.ts";

/** A player's plan for playing offline (issue 14): read by every web player on connect. */
export async function playerPlanRoutes(
  app: FastifyInstance,
  options: { plans: PlayerPlanService },
) {
  registerEndpoint(app, playerPlanApi.getPlayerPlan, ({ actor, params }) =>
    options.plans.planOf(actor, params.id),
  );
}
