import { tariffsApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import type { TariffsService } from "./tariffs.service.ts";

/** The /tariff calls of SPEC.md §7: the tariffs on offer, the admin's, and a client's. */
export async function tariffsRoutes(app: FastifyInstance, options: { tariffs: TariffsService }) {
  const { tariffs } = options;
  registerEndpoint(app, tariffsApi.listActiveTariffs, async ({ actor }) => ({
    data: await tariffs.listActive(actor),
  }));
  registerEndpoint(app, tariffsApi.listOfferedTariffs, async () => ({
    data: await tariffs.listOffered(),
  }));
  registerEndpoint(app, tariffsApi.listAllTariffs, async ({ actor, query }) => ({
    data: await tariffs.listAll(actor, query.query, query.sortBy),
  }));
  registerEndpoint(app, tariffsApi.getTariff, ({ actor, params }) => tariffs.get(actor, params.id));
  registerEndpoint(app, tariffsApi.addTariff, ({ actor, body }) => tariffs.add(actor, body));
  registerEndpoint(app, tariffsApi.changeTariff, ({ actor, params, body }) =>
    tariffs.change(actor, params.id, body),
  );
  registerEndpoint(app, tariffsApi.listUserTariffs, async ({ actor, params, query }) => ({
    data: await tariffs.listForUser(actor, params.userId, query.query),
  }));
  registerEndpoint(app, tariffsApi.addUserTariffPlaylist, ({ actor, params, body }) =>
    tariffs.grantPlaylist(actor, params.userId, params.tariffId, body.playlistId),
  );
  registerEndpoint(app, tariffsApi.removeUserTariffPlaylist, ({ actor, params }) =>
    tariffs.withdrawPlaylist(actor, params.userId, params.tariffId, params.playlistId),
  );
}
