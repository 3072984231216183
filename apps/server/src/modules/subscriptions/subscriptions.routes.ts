import { subscriptionsApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import type { SubscriptionStatesService } from "./subscription-states.service.ts";
import type { SubscriptionsService } from "./subscriptions.service.ts";

/** Subscriptions: a client's venues bound to tariffs, and the client managers' base. */
export async function subscriptionsRoutes(
  app: FastifyInstance,
  options: { subscriptions: SubscriptionsService; states: SubscriptionStatesService },
) {
  const { subscriptions, states } = options;
  registerEndpoint(app, subscriptionsApi.addSubscription, ({ actor, params, body }) =>
    subscriptions.add(actor, params.userId, body),
  );
  registerEndpoint(app, subscriptionsApi.listSubscriptions, ({ actor, query }) =>
    subscriptions.list(actor, query),
  );
  registerEndpoint(app, subscriptionsApi.listUserSubscriptions, async ({ actor, params }) => ({
    data: await subscriptions.listForUser(actor, params.userId),
  }));
  registerEndpoint(app, subscriptionsApi.getSubscription, ({ actor, params }) =>
    subscriptions.get(actor, params.id),
  );
  registerEndpoint(app, subscriptionsApi.changeSubscription, ({ actor, params, body }) =>
    subscriptions.change(actor, params.id, body),
  );
  registerEndpoint(app, subscriptionsApi.decideSubscriptionItem, ({ actor, params, body }) =>
    states.decideItem(actor, params.id, params.itemId, body.approval),
  );
  registerEndpoint(app, subscriptionsApi.activateSubscription, ({ actor, params }) =>
    states.activate(actor, params.id),
  );
  registerEndpoint(app, subscriptionsApi.suspendSubscription, ({ actor, params }) =>
    states.suspend(actor, params.id),
  );
  registerEndpoint(app, subscriptionsApi.resumeSubscription, ({ actor, params }) =>
    states.resume(actor, params.id),
  );
  registerEndpoint(app, subscriptionsApi.endSubscription, ({ actor, params }) =>
    states.end(actor, params.id),
  );
}
