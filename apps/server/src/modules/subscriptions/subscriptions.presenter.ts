import {
  type ItemApproval,
  periodTotalKopecks,
  type Subscription,
  type SubscriptionInfo,
  type SubscriptionState,
  toRoubles,
} from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import { targetOf } from "./subscription-transitions.ts";
import { subscriptionErrors } from "./subscriptions.errors.ts";
import { subscriptionAbilities } from "./subscriptions.policy.ts";
import type { SubscriptionRow } from "./subscriptions.repository.ts";
import * as repository from "./subscriptions.repository.ts";
import type { SubscriptionPorts } from "./subscriptions.service.ts";
import type { SubscriptionsStore } from "./subscriptions.store.ts";

/**
 * What leaves the server of subscriptions: each row with the names of its
 * client, venue, payer and tariff (looked up once for a whole page), where
 * its client's account stands, its items, prices in roubles and the
 * caller's abilities (activating the waiting account among them).
 */
export class SubscriptionPresenter {
  constructor(private readonly deps: SubscriptionPorts & { store: SubscriptionsStore }) {}

  async presentOne(actor: Actor, row: SubscriptionRow): Promise<Subscription> {
    const [one] = await this.present(actor, [row]);
    if (!one) throw subscriptionErrors.notFound();
    return one;
  }

  /** Everything shown beside subscription rows, looked up once for all of them. */
  async details(rows: SubscriptionRow[]) {
    const unique = (values: string[]) => [...new Set(values)];
    const [clients, establishments, organizations, kinds, tariffs, items] = await Promise.all([
      this.deps.accounts.namesOf(unique(rows.map((row) => row.userId))),
      this.deps.establishments.namesOf(unique(rows.map((row) => row.establishmentId))),
      this.deps.organizations.namesOf(unique(rows.map((row) => row.organizationId))),
      this.deps.organizations.kindsOf(unique(rows.map((row) => row.paymentMethodId))),
      this.deps.tariffs.summariesOf(unique(rows.map((row) => row.tariffId))),
      this.deps.store.subscriptions.itemsOf(rows.map((row) => row.id)),
    ]);
    return { clients, establishments, organizations, kinds, tariffs, items };
  }

  async present(actor: Actor, rows: SubscriptionRow[]): Promise<Subscription[]> {
    const [details, clients] = await Promise.all([
      this.details(rows),
      this.deps.accounts.statesOf(actor, [...new Set(rows.map((row) => row.userId))]),
    ]);
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
        const client = clients.get(row.userId);
        return {
          ...info,
          userId: row.userId,
          clientName: details.clients.get(row.userId) ?? "",
          // A row whose account is gone (never kept: a deleted client's subscriptions end) reads as deleted.
          clientState: client?.state ?? "deleted",
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
          abilities: {
            ...subscriptionAbilities(actor, target),
            activateClient: client?.activate ?? false,
          },
        };
      }),
    );
  }

  /** The short form establishments show of their live subscription, by establishment. */
  async infoByEstablishment(rows: SubscriptionRow[]): Promise<Map<string, SubscriptionInfo>> {
    const details = await this.details(rows);
    const now = new Date();
    return new Map(rows.map((row) => [row.establishmentId, infoOf(row, details, now)]));
  }
}

type Details = Awaited<ReturnType<SubscriptionPresenter["details"]>>;

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

function stateOf(value: string): SubscriptionState {
  return value === "active" || value === "suspended" || value === "ended" ? value : "pending";
}

function approvalOf(value: string): ItemApproval {
  return value === "pending" || value === "approved" || value === "rejected"
    ? value
    : "not-required";
}
