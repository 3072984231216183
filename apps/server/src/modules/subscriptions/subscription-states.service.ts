import type { Subscription, SubscriptionEvent, SubscriptionState } from "@fonika/shared";
import { chargesOf } from "@fonika/shared";
import type { Executor } from "../../db/client.ts";
import type { Actor } from "../../kernel/actor.ts";
import type { SubscriptionNews, SubscriptionRef } from "./subscription-news.ts";
import { addMonths, endingOf, transition } from "./subscription-transitions.ts";
import { subscriptionErrors } from "./subscriptions.errors.ts";
import { assertMayEndSubscription, assertMayManageSubscriptions } from "./subscriptions.policy.ts";
import type { SubscriptionPresenter } from "./subscriptions.presenter.ts";
import type { SubscriptionRow } from "./subscriptions.repository.ts";
import { SubscriptionsStore } from "./subscriptions.store.ts";

export interface SubscriptionStatesDependencies {
  store: SubscriptionsStore;
  presenter: SubscriptionPresenter;
  /** Tells the owner's and staff's screens of each change. */
  news: SubscriptionNews;
  /**
   * Tells every process that who may hear which music changed (a
   * subscription ended); called once stored.
   */
  announceMusicAccessChange(): Promise<void>;
}

/**
 * A subscription's life after it is made: items approved or rejected, then
 * pending → active ⇄ suspended → ended, by staff (a client may cancel their
 * own while it waits), and ended with a deleted client.
 */
export class SubscriptionStatesService {
  constructor(private readonly deps: SubscriptionStatesDependencies) {}

  /** Approves or rejects an item that needs approval; a rejected item is not charged. */
  async decideItem(
    actor: Actor,
    id: string,
    itemId: string,
    approval: "approved" | "rejected",
  ): Promise<Subscription> {
    assertMayManageSubscriptions(actor);
    const row = await transition(this.deps.store, actor, id, async (tx, current) => {
      if (current.state === "ended") throw subscriptionErrors.wrongState("Подписка завершена");
      const items = await tx.subscriptions.itemsOf([id]);
      const item = items.find((candidate) => candidate.itemId === itemId);
      if (!item || item.approval === "not-required") throw subscriptionErrors.itemNeedsNoApproval();
      await tx.subscriptions.decideItem(id, itemId, {
        approval,
        decidedBy: actor.userId,
        decidedAt: new Date(),
      });
      const decided = items.map((candidate) =>
        candidate.itemId === itemId ? { ...candidate, approval } : candidate,
      );
      return tx.subscriptions.updateSubscription(
        id,
        chargesOf(current.tariffPriceKopecks, decided),
      );
    });
    return this.announced(actor, row, "changed");
  }

  /** Starts a pending subscription: its period runs from now. */
  async activate(actor: Actor, id: string): Promise<Subscription> {
    assertMayManageSubscriptions(actor);
    const row = await transition(this.deps.store, actor, id, async (tx, current, target) => {
      if (current.state !== "pending") {
        throw subscriptionErrors.wrongState("Активировать можно только ожидающую подписку");
      }
      if (target.hasPendingItems) throw subscriptionErrors.approvalsPending();
      const now = new Date();
      return tx.subscriptions.updateSubscription(id, {
        state: "active",
        startsAt: now,
        endsAt: addMonths(now, current.periodMonths),
      });
    });
    // Its tariff's music plays from now, and its end is one the endings job must wait for.
    return this.announced(actor, row, "activated");
  }

  async suspend(actor: Actor, id: string): Promise<Subscription> {
    return this.move(
      actor,
      id,
      "active",
      "suspended",
      "Приостановить можно только активную подписку",
    );
  }

  async resume(actor: Actor, id: string): Promise<Subscription> {
    return this.move(
      actor,
      id,
      "suspended",
      "active",
      "Возобновить можно только приостановленную подписку",
    );
  }

  /** Ends a subscription now; a client may cancel their own while it is pending. */
  async end(actor: Actor, id: string): Promise<Subscription> {
    const row = await transition(this.deps.store, actor, id, async (tx, current, target) => {
      assertMayEndSubscription(actor, target);
      if (current.state === "ended") throw subscriptionErrors.wrongState("Подписка уже завершена");
      return tx.subscriptions.updateSubscription(id, endingOf(current, new Date()));
    });
    return this.announced(actor, row, "ended");
  }

  /**
   * Ends every subscription of a deleted client that has not ended, pending
   * and live alike, inside the deletion's transaction (accounts' port): as
   * `end` does, now, or at its period's end for one already over.
   */
  async forgetClient(tx: Executor, clientId: string, at: Date): Promise<() => Promise<void>> {
    const store = new SubscriptionsStore(tx);
    const ended: SubscriptionRef[] = [];
    for (const row of await store.subscriptions.notEndedOfUserForUpdate(clientId)) {
      await store.subscriptions.updateSubscription(row.id, endingOf(row, at));
      ended.push({ id: row.id, userId: row.userId, establishmentId: row.establishmentId });
    }
    return async () => {
      await this.deps.announceMusicAccessChange();
      await this.deps.news.ended(ended);
    };
  }

  private async move(
    actor: Actor,
    id: string,
    from: SubscriptionState,
    to: SubscriptionState,
    refusal: string,
  ): Promise<Subscription> {
    assertMayManageSubscriptions(actor);
    const row = await transition(this.deps.store, actor, id, async (tx, current) => {
      if (current.state !== from) throw subscriptionErrors.wrongState(refusal);
      return tx.subscriptions.updateSubscription(id, { state: to });
    });
    return this.announced(actor, row, to === "suspended" ? "suspended" : "resumed");
  }

  /**
   * Once a change is stored: every process forgets who may hear what, the
   * owner's and staff's screens are told, and the caller gets its answer.
   */
  private async announced(
    actor: Actor,
    row: SubscriptionRow,
    event: SubscriptionEvent,
  ): Promise<Subscription> {
    await this.deps.announceMusicAccessChange();
    const subscription = await this.deps.presenter.presentOne(actor, row);
    await this.deps.news.told(subscription, event, actor);
    return subscription;
  }
}
