import {
  type ClientState,
  chargesOf,
  type Subscription,
  type SubscriptionInfo,
  type SubscriptionInput,
  type SubscriptionOrder,
  type SubscriptionState,
  type TariffType,
} from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import { isClientAccount } from "../../lib/client-access.ts";
import { toPage } from "../../lib/paging.ts";
import type { PricedItem, TariffPricing } from "../tariffs/tariffs.ts";
import type { SubscriptionNews } from "./subscription-news.ts";
import { addMonths, transition } from "./subscription-transitions.ts";
import { subscriptionErrors } from "./subscriptions.errors.ts";
import {
  assertMayEditSubscription,
  assertMayListAllSubscriptions,
  assertMayReadSubscriptions,
  assertMaySubscribe,
} from "./subscriptions.policy.ts";
import type { SubscriptionPresenter } from "./subscriptions.presenter.ts";
import type { SubscriptionsStore } from "./subscriptions.store.ts";

/** What subscriptions need of other modules; app.ts wires them. */
export interface SubscriptionPorts {
  accounts: {
    find(userId: string): Promise<{ authority: string[]; status: string } | undefined>;
    /** Display names (full name, else login) of these users. */
    namesOf(userIds: string[]): Promise<Map<string, string>>;
    /**
     * Where each of these clients stands, and whether the actor may activate
     * the account (the accounts' own policy decides); ids with no account are left out.
     */
    statesOf(
      actor: Actor,
      userIds: string[],
    ): Promise<Map<string, { state: ClientState; activate: boolean }>>;
    /** Users whose login, names or company match every word of the query. */
    idsMatching(query: string): Promise<string[]>;
  };
  establishments: {
    findOwned(clientId: string, id: string): Promise<{ id: string; name: string } | undefined>;
    namesOf(ids: string[]): Promise<Map<string, string>>;
    idsMatching(query: string): Promise<string[]>;
  };
  organizations: {
    findPayer(
      clientId: string,
      organizationId: string,
      paymentMethodId: string,
    ): Promise<
      { organizationName: string; kind: "settlement-account" | "business-card" } | undefined
    >;
    namesOf(ids: string[]): Promise<Map<string, string>>;
    /** Payment methods by id: whether each is a card or an account. */
    kindsOf(
      paymentMethodIds: string[],
    ): Promise<Map<string, "settlement-account" | "business-card">>;
  };
  tariffs: {
    pricing(tariffId: string, itemIds: string[]): Promise<TariffPricing | undefined>;
    /** Chosen items by id, retired ones included. */
    itemsForHistory(
      tariffId: string,
      itemIds: string[],
    ): Promise<Array<Omit<PricedItem, "approvalRequired">>>;
    summariesOf(ids: string[]): Promise<Map<string, { name: string; type: TariffType }>>;
    idsMatching(query: string): Promise<string[]>;
  };
}

export interface SubscriptionsServiceDependencies extends SubscriptionPorts {
  store: SubscriptionsStore;
  presenter: SubscriptionPresenter;
  /** Tells the owner's and staff's screens of a change, and client managers of a new one. */
  news: SubscriptionNews;
  /**
   * Tells every process that who may hear which music changed (a
   * subscription came or its tariff changed); called once stored.
   */
  announceMusicAccessChange(): Promise<void>;
}

export interface SubscriptionListRequest {
  page: number;
  count: number;
  query?: string | undefined;
  state?: SubscriptionState | undefined;
  awaitingApproval?: "true" | "false" | undefined;
  order?: SubscriptionOrder | undefined;
}

/**
 * Subscriptions: an establishment bound to a tariff, its chosen items, the
 * paying organization and payment method. Prices are taken from the tariff
 * when made or changed; states move by staff action and by date. No
 * payment gateway is charged.
 */ export class SubscriptionsService {
  private readonly presenter: SubscriptionPresenter;

  constructor(private readonly deps: SubscriptionsServiceDependencies) {
    this.presenter = deps.presenter;
  }

  /** Subscribes a client's establishment to a tariff; it waits for a client manager. */
  async add(actor: Actor, clientId: string, input: SubscriptionInput): Promise<Subscription> {
    assertMaySubscribe(actor, clientId);
    await this.assertClient(clientId);
    const establishment = await this.deps.establishments.findOwned(clientId, input.establishmentId);
    if (!establishment) throw subscriptionErrors.establishmentNotFound();
    const priced = await this.price(clientId, input, { requireActive: true });
    const now = new Date();
    const row = await this.deps.store.withTx(async (tx) => {
      await tx.subscriptions.endDueSubscriptions(now, input.establishmentId);
      const inserted = await tx.subscriptions.insertSubscription({
        userId: clientId,
        establishmentId: input.establishmentId,
        tariffId: input.tariffId,
        organizationId: input.organizationId,
        paymentMethodId: input.paymentMethodId,
        state: "pending",
        periodMonths: input.periodMonths,
        tariffPriceKopecks: priced.tariffKopecks,
        ...chargesOf(priced.tariffKopecks, priced.items),
        createdBy: actor.userId,
      });
      if (!inserted) throw subscriptionErrors.alreadySubscribed();
      await tx.subscriptions.replaceItems(
        inserted.id,
        priced.items.map((item) => ({
          itemId: item.id,
          priceKopecks: item.priceKopecks,
          recurrent: item.recurrent,
          approval: item.approvalRequired ? "pending" : "not-required",
        })),
      );
      return inserted;
    });
    await this.deps.announceMusicAccessChange();
    const subscription = await this.presenter.presentOne(actor, row);
    await this.deps.news.arrived(subscription, actor);
    return subscription;
  }

  async list(actor: Actor, request: SubscriptionListRequest) {
    assertMayListAllSubscriptions(actor);
    const query = request.query?.trim();
    const matching = query
      ? await (async () => {
          const [userIds, establishmentIds, tariffIds] = await Promise.all([
            this.deps.accounts.idsMatching(query),
            this.deps.establishments.idsMatching(query),
            this.deps.tariffs.idsMatching(query),
          ]);
          return { userIds, establishmentIds, tariffIds };
        })()
      : undefined;
    const { rows, total } = await this.deps.store.subscriptions.listSubscriptions(
      {
        state: request.state,
        awaitingApproval:
          request.awaitingApproval === undefined ? undefined : request.awaitingApproval === "true",
        matching,
      },
      {
        offset: request.page * request.count,
        limit: request.count,
        oldestFirst: request.order === "oldest-first",
      },
      new Date(),
    );
    return toPage(await this.presenter.present(actor, rows), total, request.count);
  }

  async listForUser(actor: Actor, clientId: string): Promise<Subscription[]> {
    assertMayReadSubscriptions(actor, clientId);
    await this.assertClient(clientId);
    const { rows } = await this.deps.store.subscriptions.listSubscriptions(
      { userId: clientId },
      { offset: 0, limit: 500 },
      new Date(),
    );
    return this.presenter.present(actor, rows);
  }

  async get(actor: Actor, id: string): Promise<Subscription> {
    const row = await this.deps.store.subscriptions.findSubscription(id);
    if (!row) throw subscriptionErrors.notFound();
    assertMayReadSubscriptions(actor, row.userId);
    return this.presenter.presentOne(actor, row);
  }

  /**
   * Changes tariff, items, payer or period; prices are taken anew, and
   * approvals of items kept stay decided.
   */
  async change(
    actor: Actor,
    id: string,
    input: Omit<SubscriptionInput, "establishmentId">,
  ): Promise<Subscription> {
    // Priced before the transaction: the other modules read outside it
    // (an embedded database has one connection).
    const existing = await this.deps.store.subscriptions.findSubscription(id);
    if (!existing) throw subscriptionErrors.notFound();
    assertMayReadSubscriptions(actor, existing.userId);
    const priced = await this.price(existing.userId, input, {
      requireActive: input.tariffId !== existing.tariffId,
    });
    const row = await transition(this.deps.store, actor, id, async (tx, current, target) => {
      assertMayEditSubscription(actor, target);
      const before = new Map(
        (await tx.subscriptions.itemsOf([id])).map((item) => [item.itemId, item] as const),
      );
      const items = priced.items.map((item) => {
        const kept = before.get(item.id);
        return {
          itemId: item.id,
          priceKopecks: item.priceKopecks,
          recurrent: item.recurrent,
          approval: !item.approvalRequired ? "not-required" : (kept?.approval ?? "pending"),
          decidedBy: kept?.decidedBy ?? null,
          decidedAt: kept?.decidedAt ?? null,
        };
      });
      await tx.subscriptions.replaceItems(id, items);
      return tx.subscriptions.updateSubscription(id, {
        tariffId: input.tariffId,
        organizationId: input.organizationId,
        paymentMethodId: input.paymentMethodId,
        periodMonths: input.periodMonths,
        tariffPriceKopecks: priced.tariffKopecks,
        ...chargesOf(priced.tariffKopecks, items),
        endsAt: current.startsAt ? addMonths(current.startsAt, input.periodMonths) : null,
      });
    });
    await this.deps.announceMusicAccessChange();
    const subscription = await this.presenter.presentOne(actor, row);
    await this.deps.news.told(subscription, "changed", actor);
    return subscription;
  }

  /** The live subscription of each of these establishments (establishments' port). */
  async liveInfoOf(establishmentIds: string[]): Promise<Map<string, SubscriptionInfo>> {
    const rows = await this.deps.store.subscriptions.liveOfEstablishments(
      establishmentIds,
      new Date(),
    );
    return this.presenter.infoByEstablishment(rows);
  }

  /**
   * Prices a choice: the tariff (active when required), its chosen items
   * (all of this tariff, live), and the payer (the client's own).
   */
  private async price(
    clientId: string,
    input: Omit<SubscriptionInput, "establishmentId">,
    options: { requireActive: boolean },
  ) {
    const itemIds = [...new Set(input.itemIds)];
    const tariff = await this.deps.tariffs.pricing(input.tariffId, itemIds);
    if (!tariff) throw subscriptionErrors.tariffNotFound();
    if (options.requireActive && !tariff.active) throw subscriptionErrors.tariffInactive();
    if (tariff.items.length !== itemIds.length) throw subscriptionErrors.foreignItems();
    const payer = await this.deps.organizations.findPayer(
      clientId,
      input.organizationId,
      input.paymentMethodId,
    );
    if (!payer) throw subscriptionErrors.payerNotFound();
    return { items: tariff.items, tariffKopecks: tariff.priceKopecks };
  }

  private async assertClient(clientId: string): Promise<void> {
    const account = await this.deps.accounts.find(clientId);
    if (!account || !isClientAccount(account)) throw subscriptionErrors.clientNotFound();
  }
}
