import type { Actor } from "../../kernel/actor.ts";
import { subscriptionErrors } from "./subscriptions.errors.ts";
import { assertMayReadSubscriptions, type SubscriptionTarget } from "./subscriptions.policy.ts";
import type { SubscriptionItemRow, SubscriptionRow } from "./subscriptions.repository.ts";
import * as repository from "./subscriptions.repository.ts";
import type { SubscriptionsStore } from "./subscriptions.store.ts";

/**
 * How a subscription changes, for its service and its states' service: one
 * at a time, locked, its state read as of now. Runs a change on a locked subscription whose state is read as of now
 * (a period that is over is written down as ended first).
 */
export async function transition(
  store: SubscriptionsStore,
  actor: Actor,
  id: string,
  change: (
    tx: SubscriptionsStore,
    current: SubscriptionRow,
    target: SubscriptionTarget,
  ) => Promise<SubscriptionRow | undefined>,
): Promise<SubscriptionRow> {
  const row = await store.withTx(async (tx) => {
    const found = await tx.subscriptions.findSubscription(id, { lock: true });
    if (!found) throw subscriptionErrors.notFound();
    assertMayReadSubscriptions(actor, found.userId);
    const now = new Date();
    const current =
      repository.effectiveState(found, now) === found.state
        ? found
        : ((await tx.subscriptions.updateSubscription(id, endingOf(found, now))) ?? found);
    const items = await tx.subscriptions.itemsOf([id]);
    return change(tx, current, targetOf(current, items));
  });
  if (!row) throw subscriptionErrors.notFound();
  return row;
}

/**
 * How a subscription that has not ended is written down as ended at `at`:
 * one whose period was already over ended when it ran out, any other ends
 * at `at`.
 */
export function endingOf(row: SubscriptionRow, at: Date): { state: "ended"; endedAt: Date } {
  return { state: "ended", endedAt: row.endsAt && row.endsAt <= at ? row.endsAt : at };
}

/** What the policies decide on: whose it is, its state, its items' approvals. */
export function targetOf(row: SubscriptionRow, items: SubscriptionItemRow[]): SubscriptionTarget {
  return {
    userId: row.userId,
    state: row.state,
    hasApprovalItems: items.some((item) => item.approval !== "not-required"),
    hasPendingItems: items.some((item) => item.approval === "pending"),
  };
}

/** The same day `months` calendar months later (the last day when that month is shorter), UTC. */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
