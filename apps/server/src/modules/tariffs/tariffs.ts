import type { FastifyPluginAsync } from "fastify";
import type { Executor } from "../../db/client.ts";
import { TariffGrants } from "./tariff-grants.service.ts";
import { tariffsRoutes } from "./tariffs.routes.ts";
import { type TariffPorts, TariffsService } from "./tariffs.service.ts";
import { TariffsStore } from "./tariffs.store.ts";

/**
 * The tariffs module's one public face: the tariffs the admin makes with
 * their features, items, benefits and playlists, what clients are offered,
 * and the playlists granted to one client under a tariff. Other modules
 * import this file and nothing else of tariffs.
 */

export interface TariffsDependencies extends TariffPorts {
  db: Executor;
}

/** What subscriptions and app.ts use of tariffs. */
export interface Tariffs
  extends Pick<TariffsService, "pricing" | "itemsForHistory" | "summariesOf" | "idsMatching"> {
  /** Registers the /tariff routes. */
  readonly plugin: FastifyPluginAsync;
}

export type { PlaylistGrant, TariffGrants } from "./tariff-grants.service.ts";
export type { PricedItem, TariffPorts, TariffPricing } from "./tariffs.service.ts";

/** Makes the tariffs: one store, the service over it and its routes. */
export function createTariffs(deps: TariffsDependencies): Tariffs {
  const { db, ...ports } = deps;
  const tariffs = new TariffsService({ ...ports, store: new TariffsStore(db) });
  return {
    plugin: async (app) => {
      await app.register(tariffsRoutes, { tariffs });
    },
    pricing: (tariffId, itemIds) => tariffs.pricing(tariffId, itemIds),
    itemsForHistory: (tariffId, itemIds) => tariffs.itemsForHistory(tariffId, itemIds),
    summariesOf: (ids) => tariffs.summariesOf(ids),
    idsMatching: (query) => tariffs.idsMatching(query),
  };
}

/**
 * The playlists tariffs grant, read straight from the tariffs' tables: for
 * the modules made before the tariffs' own ports can be (the entitlement
 * and the library ask it; the tariffs ask the library for playlist names).
 * It keeps nothing, so it answers as the tariffs made later do.
 */
export function createTariffGrants(db: Executor): TariffGrants {
  return new TariffGrants(new TariffsStore(db));
}
