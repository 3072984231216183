import { organizationsApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import type { OrganizationsService } from "./organizations.service.ts";

/**
 * A client's organizations: the profile's organization-info (SPEC.md §7)
 * and the legal list with payment methods.
 */
export async function organizationsRoutes(
  app: FastifyInstance,
  options: { organizations: OrganizationsService },
) {
  const { organizations } = options;
  registerEndpoint(app, organizationsApi.getOrganizationInfo, ({ actor, params }) =>
    organizations.getPrimary(actor, params.userId),
  );
  registerEndpoint(app, organizationsApi.changeOrganizationInfo, ({ actor, params, body }) =>
    organizations.changePrimary(actor, params.userId, body),
  );
  registerEndpoint(app, organizationsApi.listOrganizations, async ({ actor, params }) => ({
    data: await organizations.list(actor, params.userId),
  }));
  registerEndpoint(app, organizationsApi.addOrganization, ({ actor, params, body }) =>
    organizations.add(actor, params.userId, body),
  );
  registerEndpoint(app, organizationsApi.changeOrganization, ({ actor, params, body }) =>
    organizations.change(actor, params.userId, params.organizationId, body),
  );
  registerEndpoint(app, organizationsApi.removeOrganization, async ({ actor, params }) => {
    await organizations.remove(actor, params.userId, params.organizationId);
    return { ok: true as const };
  });
  registerEndpoint(app, organizationsApi.addPaymentMethod, ({ actor, params, body }) =>
    organizations.addPaymentMethod(actor, params.userId, params.organizationId, body),
  );
  registerEndpoint(app, organizationsApi.removePaymentMethod, ({ actor, params }) =>
    organizations.removePaymentMethod(
      actor,
      params.userId,
      params.organizationId,
      params.paymentMethodId,
    ),
  );
}
