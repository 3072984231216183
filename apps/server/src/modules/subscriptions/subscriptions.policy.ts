import { admits, subscriptionsApi } from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import { errors } from "../../lib/app-error.ts";
import { assertMayReadClient, clientAccessOf } from "../../lib/client-access.ts";

/**
 * Who may do what with subscriptions: a client subscribes their own venues
 * and may change or cancel a subscription while it is pending; admins and
 * client managers run every subscription (approve items, activate, suspend,
 * resume, end); support reads. Pure; called first in every service method.
 * Who runs them at all is what those endpoints admit (their `roles`).
 */

export interface SubscriptionTarget {
  userId: string;
  state: string;
  hasApprovalItems: boolean;
  hasPendingItems: boolean;
}

export function assertMayReadSubscriptions(actor: Actor, clientId: string): void {
  assertMayReadClient(actor, clientId);
}

/** The whole list of subscriptions (subscription base): whom `listSubscriptions` admits. */
export function assertMayListAllSubscriptions(actor: Actor): void {
  if (!admits(subscriptionsApi.listSubscriptions, actor)) {
    throw errors.forbidden("Only an admin or a client manager");
  }
}

/** A client subscribes their own venue; a manager subscribes any client's. */
export function assertMaySubscribe(actor: Actor, clientId: string): void {
  const access = clientAccessOf(actor, clientId);
  if (access !== "owner" && access !== "manager") {
    throw errors.forbidden("Only the client, an admin or a client manager");
  }
}

export function assertMayEditSubscription(actor: Actor, target: SubscriptionTarget): void {
  if (!subscriptionAbilities(actor, target).edit) {
    throw errors.forbidden("Staff change subscriptions; the client only while pending");
  }
}

/**
 * Deciding items, activating, suspending, resuming: whom
 * `activateSubscription` admits, as the others do (lib/policy-roles.test.ts).
 */
export function assertMayManageSubscriptions(actor: Actor): void {
  if (!admits(subscriptionsApi.activateSubscription, actor)) {
    throw errors.forbidden("Only an admin or a client manager");
  }
}

export function assertMayEndSubscription(actor: Actor, target: SubscriptionTarget): void {
  const access = clientAccessOf(actor, target.userId);
  if (access === "manager") return;
  if (access === "owner" && target.state === "pending") return;
  throw errors.forbidden("Staff end subscriptions; the client cancels only a pending one");
}

/** What the actor may do with a subscription in its present state. */
export function subscriptionAbilities(actor: Actor, target: SubscriptionTarget) {
  const access = clientAccessOf(actor, target.userId);
  const manager = access === "manager";
  const live = target.state !== "ended";
  return {
    edit: (manager && live) || (access === "owner" && target.state === "pending"),
    approveItems: manager && live && target.hasApprovalItems,
    activate: manager && target.state === "pending" && !target.hasPendingItems,
    suspend: manager && target.state === "active",
    resume: manager && target.state === "suspended",
    end: (manager && live) || (access === "owner" && target.state === "pending"),
  };
}
