import type { FastifyPluginAsync } from "fastify";
import type { Executor } from "../../db/client.ts";
import { organizationsRoutes } from "./organizations.routes.ts";
import { type OrganizationPorts, OrganizationsService } from "./organizations.service.ts";
import { OrganizationsStore } from "./organizations.store.ts";

/**
 * The organizations module's one public face: the legal entities and
 * individual entrepreneurs a client pays through, with their settlement
 * accounts and business cards. Other modules import this file and nothing
 * else of organizations.
 */

export interface OrganizationsDependencies extends OrganizationPorts {
  db: Executor;
}

/**
 * What others use of organizations: subscriptions record and name payers
 * (`findPayer`, `namesOf`, `kindsOf`); a deleted client's organizations are
 * forgotten inside the deletion's transaction (`forgetClient`, accounts' port).
 */
export interface Organizations
  extends Pick<OrganizationsService, "findPayer" | "namesOf" | "kindsOf" | "forgetClient"> {
  /** Registers the organizations' routes. */
  readonly plugin: FastifyPluginAsync;
}

export type { OrganizationPorts, Payer } from "./organizations.service.ts";

/** Makes the organizations: one store, the service over it and its routes. */
export function createOrganizations(deps: OrganizationsDependencies): Organizations {
  const { db, ...ports } = deps;
  const organizations = new OrganizationsService({ ...ports, store: new OrganizationsStore(db) });
  return {
    plugin: async (app) => {
      await app.register(organizationsRoutes, { organizations });
    },
    findPayer: (clientId, organizationId, paymentMethodId) =>
      organizations.findPayer(clientId, organizationId, paymentMethodId),
    namesOf: (ids) => organizations.namesOf(ids),
    kindsOf: (ids) => organizations.kindsOf(ids),
    forgetClient: (tx, clientId, at) => organizations.forgetClient(tx, clientId, at),
  };
}
