import {
  chargesOf,
  type ItemApproval,
  periodTotalKopecks,
  type Subscription,
  type SubscriptionInfo,
  type SubscriptionInput,
  type SubscriptionState,
  type TariffType,
  toRoubles,
} from "@fonika/shared";
import type { Database, Executor } from "../../db/client.ts";
import { isClientAccount } from "../../lib/client-access.ts";
import { toPage } from "../../lib/paging.ts";
import type { Actor } from "../../plugins/auth.ts";
import type { PricedItem, TariffPricing } from "../tariffs/tariffs.service.ts";
import { subscriptionErrors } from "./subscriptions.errors.ts";
import {
  assertMayEditSubscription,
  assertMayEndSubscription,
  assertMayListAllSubscriptions,
  assertMayManageSubscriptions,
  assertMayReadSubscriptions,
  assertMaySubscribe,
  type SubscriptionTarget,
  subscriptionAbilities,
} from "./subscriptions.policy.ts";
import type { SubscriptionItemRow, SubscriptionRow } from "./subscriptions.repository.ts";
import * as repository from "./subscriptions.repository.ts";

/** What subscriptions need of other modules; app.ts wires them. */
export interface SubscriptionPorts {
  accounts: {
    find(userId: string): Promise<{ authority: string[]; status: string } | undefined>;
    /** Display names (full name, else login) of these users. */
    namesOf(userIds: string[]): Promise<Map<string, string>>;
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

export interface SubscriptionsDependencies extends SubscriptionPorts {
  db: Database;
}

export interface SubscriptionListRequest {
  page: number;
  count: number;
  query?: string | undefined;
  state?: SubscriptionState | undefined;
  awaitingApproval?: "true" | "false" | undefined;
}

/**
 * Subscriptions: an establishment bound to a tariff, its chosen items, the
 * paying organization and payment method. Prices are taken from the tariff
 * when made or changed; states move by staff action and by date. No
 * payment gateway is charged.
 */
export class SubscriptionsService {
  constructor(private readonly deps: SubscriptionsDependencies) {}

  /** Subscribes a client's establishment to a tariff; it waits for a client manager. */
  async add(actor: Actor, clientId: string, input: SubscriptionInput): Promise<Subscription> {
    assertMaySubscribe(actor, clientId);
    await this.assertClient(clientId);
    const establishment = await this.deps.establishments.findOwned(clientId, input.establishmentId);
    if (!establishment) throw subscriptionErrors.establishmentNotFound();
    const priced = await this.price(clientId, input, { requireActive: true });
    const now = new Date();
    const row = await this.deps.db.transaction(async (tx) => {
      await repository.endDueSubscriptions(tx, now, input.establishmentId);
      const inserted = await repository.insertSubscription(tx, {
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
      await repository.replaceItems(
        tx,
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
    return this.presentOne(actor, row);
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
    const { rows, total } = await repository.listSubscriptions(
      this.deps.db,
      {
        state: request.state,
        awaitingApproval:
          request.awaitingApproval === undefined ? undefined : request.awaitingApproval === "true",
        matching,
      },
      { offset: request.page * request.count, limit: request.count },
      new Date(),
    );
    return toPage(await this.present(actor, rows), total, request.count);
  }

  async listForUser(actor: Actor, clientId: string): Promise<Subscription[]> {
    assertMayReadSubscriptions(actor, clientId);
    await this.assertClient(clientId);
    const { rows } = await repository.listSubscriptions(
      this.deps.db,
      { userId: clientId },
      { offset: 0, limit: 500 },
      new Date(),
    );
    return this.present(actor, rows);
  }

  async get(actor: Actor, id: string): Promise<Subscription> {
    const row = await repository.findSubscription(this.deps.db, id);
    if (!row) throw subscriptionErrors.notFound();
    assertMayReadSubscriptions(actor, row.userId);
    return this.presentOne(actor, row);
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
    const existing = await repository.findSubscription(this.deps.db, id);
    if (!existing) throw subscriptionErrors.notFound();
    assertMayReadSubscriptions(actor, existing.userId);
    const priced = await this.price(existing.userId, input, {
      requireActive: input.tariffId !== existing.tariffId,
    });
    const row = await this.transition(actor, id, async (tx, current, target) => {
      assertMayEditSubscription(actor, target);
      const before = new Map(
        (await repository.itemsOf(tx, [id])).map((item) => [item.itemId, item] as const),
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
      await repository.replaceItems(tx, id, items);
      return repository.updateSubscription(tx, id, {
        tariffId: input.tariffId,
        organizationId: input.organizationId,
        paymentMethodId: input.paymentMethodId,
        periodMonths: input.periodMonths,
        tariffPriceKopecks: priced.tariffKopecks,
        ...chargesOf(priced.tariffKopecks, items),
        endsAt: current.startsAt ? addMonths(current.startsAt, input.periodMonths) : null,
      });
    });
    return this.presentOne(actor, row);
  }

  /** Approves or rejects an item that needs approval; a rejected item is not charged. */
  async decideItem(
    actor: Actor,
    id: string,
    itemId: string,
    approval: "approved" | "rejected",
  ): Promise<Subscription> {
    assertMayManageSubscriptions(actor);
    const row = await this.transition(actor, id, async (tx, current) => {
      if (current.state === "ended") throw subscriptionErrors.wrongState("Подписка завершена");
      const items = await repository.itemsOf(tx, [id]);
      const item = items.find((candidate) => candidate.itemId === itemId);
      if (!item || item.approval === "not-required") throw subscriptionErrors.itemNeedsNoApproval();
      await repository.decideItem(tx, id, itemId, {
        approval,
        decidedBy: actor.userId,
        decidedAt: new Date(),
      });
      const decided = items.map((candidate) =>
        candidate.itemId === itemId ? { ...candidate, approval } : candidate,
      );
      return repository.updateSubscription(tx, id, chargesOf(current.tariffPriceKopecks, decided));
    });
    return this.presentOne(actor, row);
  }

  /** Starts a pending subscription: its period runs from now. */
  async activate(actor: Actor, id: string): Promise<Subscription> {
    assertMayManageSubscriptions(actor);
    const row = await this.transition(actor, id, async (tx, current, target) => {
      if (current.state !== "pending") {
        throw subscriptionErrors.wrongState("Активировать можно только ожидающую подписку");
      }
      if (target.hasPendingItems) throw subscriptionErrors.approvalsPending();
      const now = new Date();
      return repository.updateSubscription(tx, id, {
        state: "active",
        startsAt: now,
        endsAt: addMonths(now, current.periodMonths),
      });
    });
    return this.presentOne(actor, row);
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
    const row = await this.transition(actor, id, async (tx, current, target) => {
      assertMayEndSubscription(actor, target);
      if (current.state === "ended") throw subscriptionErrors.wrongState("Подписка уже завершена");
      return repository.updateSubscription(tx, id, endingOf(current, new Date()));
    });
    return this.presentOne(actor, row);
  }

  /**
   * Ends every subscription of a deleted client that has not ended, pending
   * and live alike, inside the deletion's transaction (accounts' port): as
   * `end` does, now, or at its period's end for one already over.
   */
  async forgetClient(tx: Executor, clientId: string, at: Date): Promise<() => Promise<void>> {
    for (const row of await repository.notEndedOfUserForUpdate(tx, clientId)) {
      await repository.updateSubscription(tx, row.id, endingOf(row, at));
    }
    return async () => {};
  }

  /** The live subscription of each of these establishments (establishments' port). */
  async liveInfoOf(establishmentIds: string[]): Promise<Map<string, SubscriptionInfo>> {
    const rows = await repository.liveOfEstablishments(this.deps.db, establishmentIds, new Date());
    const details = await this.details(rows);
    return new Map(rows.map((row) => [row.establishmentId, infoOf(row, details, new Date())]));
  }

  /** The tariffs of a client's live subscriptions, each with its establishments (tariffs' port). */
  async liveTariffsOf(userId: string): Promise<Map<string, string[]>> {
    const held = new Map<string, string[]>();
    for (const row of await repository.liveOfUser(this.deps.db, userId, new Date())) {
      held.set(row.tariffId, [...(held.get(row.tariffId) ?? []), row.establishmentId]);
    }
    return held;
  }

  /** Organizations and payment methods that live subscriptions pay through (organizations' port). */
  async usageOf(organizationIds: string[]) {
    const rows = await repository.liveOfOrganizations(this.deps.db, organizationIds, new Date());
    return {
      organizations: new Set(rows.map((row) => row.organizationId)),
      paymentMethods: new Set(rows.map((row) => row.paymentMethodId)),
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
    const row = await this.transition(actor, id, async (tx, current) => {
      if (current.state !== from) throw subscriptionErrors.wrongState(refusal);
      return repository.updateSubscription(tx, id, { state: to });
    });
    return this.presentOne(actor, row);
  }

  /**
   * Runs a change on a locked subscription whose state is read as of now
   * (a period that is over is written down as ended first).
   */
  private async transition(
    actor: Actor,
    id: string,
    change: (
      tx: Executor,
      current: SubscriptionRow,
      target: SubscriptionTarget,
    ) => Promise<SubscriptionRow | undefined>,
  ): Promise<SubscriptionRow> {
    const row = await this.deps.db.transaction(async (tx) => {
      const found = await repository.findSubscription(tx, id, { lock: true });
      if (!found) throw subscriptionErrors.notFound();
      assertMayReadSubscriptions(actor, found.userId);
      const now = new Date();
      const current =
        repository.effectiveState(found, now) === found.state
          ? found
          : ((await repository.updateSubscription(tx, id, endingOf(found, now))) ?? found);
      const items = await repository.itemsOf(tx, [id]);
      return change(tx, current, targetOf(current, items));
    });
    if (!row) throw subscriptionErrors.notFound();
    return row;
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

  private async presentOne(actor: Actor, row: SubscriptionRow): Promise<Subscription> {
    const [one] = await this.present(actor, [row]);
    if (!one) throw subscriptionErrors.notFound();
    return one;
  }

  /** Everything shown beside subscription rows, looked up once for all of them. */
  private async details(rows: SubscriptionRow[]) {
    const unique = (values: string[]) => [...new Set(values)];
    const [clients, establishments, organizations, kinds, tariffs, items] = await Promise.all([
      this.deps.accounts.namesOf(unique(rows.map((row) => row.userId))),
      this.deps.establishments.namesOf(unique(rows.map((row) => row.establishmentId))),
      this.deps.organizations.namesOf(unique(rows.map((row) => row.organizationId))),
      this.deps.organizations.kindsOf(unique(rows.map((row) => row.paymentMethodId))),
      this.deps.tariffs.summariesOf(unique(rows.map((row) => row.tariffId))),
      repository.itemsOf(
        this.deps.db,
        rows.map((row) => row.id),
      ),
    ]);
    return { clients, establishments, organizations, kinds, tariffs, items };
  }

  private async present(actor: Actor, rows: SubscriptionRow[]): Promise<Subscription[]> {
    const details = await this.details(rows);
    const now = new Date();
    return Promise.all(
      rows.map(async (row) => {
        const chosen = details.items.filter((item) => item.subscriptionId === row.id);
        const described = new Map(
          (
            await this.deps.tariffs.itemsForHistory(
              row.tariffId,
              chosen.map((item) => item.itemId),
            )
          ).map((item) => [item.id, item]),
        );
        const info = infoOf(row, details, now);
        const target = targetOf({ ...row, state: info.state }, chosen);
        return {
          ...info,
          userId: row.userId,
          clientName: details.clients.get(row.userId) ?? "",
          establishmentId: row.establishmentId,
          establishmentName: details.establishments.get(row.establishmentId) ?? "",
          periodMonths: row.periodMonths,
          items: chosen.map((item) => {
            const about = described.get(item.itemId);
            return {
              itemId: item.itemId,
              featureName: about?.featureName ?? "",
              name: about?.name ?? "",
              price: toRoubles(item.priceKopecks),
              recurrent: item.recurrent,
              approval: approvalOf(item.approval),
            };
          }),
          oneTimePrice: toRoubles(row.oneTimeKopecks),
          totalPrice: toRoubles(periodTotalKopecks(row, row.periodMonths)),
          createdAt: row.createdAt.toISOString(),
          abilities: subscriptionAbilities(actor, target),
        };
      }),
    );
  }
}

type Details = Awaited<ReturnType<SubscriptionsService["details"]>>;

/**
 * How a subscription that has not ended is written down as ended at `at`:
 * one whose period was already over ended when it ran out, any other ends
 * at `at`.
 */
function endingOf(row: SubscriptionRow, at: Date): { state: "ended"; endedAt: Date } {
  return { state: "ended", endedAt: row.endsAt && row.endsAt <= at ? row.endsAt : at };
}

function infoOf(row: SubscriptionRow, details: Details, now: Date): SubscriptionInfo {
  const tariff = details.tariffs.get(row.tariffId);
  const card = details.kinds.get(row.paymentMethodId) === "business-card";
  return {
    id: row.id,
    price: toRoubles(row.priceKopecks),
    state: stateOf(repository.effectiveState(row, now)),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    tariffInfo: {
      tariffId: row.tariffId,
      tariffName: tariff?.name ?? "",
      tariffType: tariff?.type ?? "basic",
      itemIds: details.items
        .filter((item) => item.subscriptionId === row.id && item.approval !== "rejected")
        .map((item) => item.itemId),
    },
    organizationInfo: {
      organizationId: row.organizationId,
      organizationName: details.organizations.get(row.organizationId) ?? "",
    },
    paymentInfo: {
      cardId: card ? row.paymentMethodId : null,
      accountId: card ? null : row.paymentMethodId,
    },
  };
}

function targetOf(row: SubscriptionRow, items: SubscriptionItemRow[]): SubscriptionTarget {
  return {
    userId: row.userId,
    state: row.state,
    hasApprovalItems: items.some((item) => item.approval !== "not-required"),
    hasPendingItems: items.some((item) => item.approval === "pending"),
  };
}

function stateOf(value: string): SubscriptionState {
  return value === "active" || value === "suspended" || value === "ended" ? value : "pending";
}

function approvalOf(value: string): ItemApproval {
  return value === "pending" || value === "approved" || value === "rejected"
    ? value
    : "not-required";
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
