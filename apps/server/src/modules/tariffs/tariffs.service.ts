import {
  type OfferedTariff,
  type Tariff,
  type TariffInput,
  type TariffType,
  toKopecks,
  toRoubles,
  type UserTariff,
} from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import { assertMayReadClient, isClientAccount } from "../../lib/client-access.ts";
import { tariffErrors } from "./tariffs.errors.ts";
import {
  assertMayGrantPlaylists,
  assertMayManageTariffs,
  maySeeInactiveTariffs,
  tariffAbilities,
} from "./tariffs.policy.ts";
import type { FeatureFields, TariffFields, TariffOrder, TariffRow } from "./tariffs.repository.ts";
import type { TariffsStore } from "./tariffs.store.ts";

/** What tariffs need of other modules; app.ts wires them. */
export interface TariffPorts {
  /** Names of live playlists by id (playlists). */
  playlistNames(ids: readonly string[]): Promise<Map<string, string>>;
  /**
   * The tariffs each client's live subscriptions hold, each with its
   * establishments; a client with none is absent (subscriptions).
   */
  liveTariffsOf(userIds: readonly string[]): Promise<Map<string, Map<string, string[]>>>;
  /** The account of a user id (accounts). */
  findAccount(userId: string): Promise<{ authority: string[]; status: string } | undefined>;
  /**
   * Tells every process that who may hear which music changed (the
   * library's allowed sets); called once a change of a tariff's playlists
   * or a grant is stored.
   */
  announceMusicAccessChange(): Promise<void>;
}

export interface TariffsDependencies extends TariffPorts {
  store: TariffsStore;
}

/** A tariff's item as a subscription prices it. */
export interface PricedItem {
  id: string;
  name: string;
  featureName: string;
  recurrent: boolean;
  approvalRequired: boolean;
  priceKopecks: number;
}

/** What a subscription needs to know of its tariff. */
export interface TariffPricing {
  id: string;
  name: string;
  type: TariffType;
  active: boolean;
  priceKopecks: number;
  items: PricedItem[];
}

/**
 * Tariffs: made and changed by the admin with their features, items,
 * benefits and playlists; offered to clients; and the playlists granted to
 * one client under a tariff, which later decide what a venue may play.
 */
export class TariffsService {
  constructor(private readonly deps: TariffsDependencies) {}

  /** The tariffs on offer, cheapest first. */
  async listActive(actor: Actor): Promise<Tariff[]> {
    return this.present(
      actor,
      await this.deps.store.tariffs.listTariffs({ activeOnly: true }, "price"),
    );
  }

  /**
   * The tariffs on offer, cheapest first, for anyone (the landing page): a
   * visitor reads what a signed-in client reads, without abilities.
   */
  async listOffered(): Promise<OfferedTariff[]> {
    const rows = await this.deps.store.tariffs.listTariffs({ activeOnly: true }, "price");
    return this.contentsOf(rows);
  }

  /** Every tariff, for the admin's list. */
  async listAll(actor: Actor, query: string | undefined, sortBy: TariffOrder): Promise<Tariff[]> {
    assertMayManageTariffs(actor);
    const rows = await this.deps.store.tariffs.listTariffs({ activeOnly: false, query }, sortBy);
    return this.present(actor, rows);
  }

  /** One tariff: one not on offer only for staff who manage clients and its subscribers. */
  async get(actor: Actor, id: string): Promise<Tariff> {
    const row = await this.deps.store.tariffs.findTariff(id);
    if (!row) throw tariffErrors.notFound();
    if (!row.active && !maySeeInactiveTariffs(actor)) {
      const held = await this.heldBy(actor.userId);
      if (!held.has(id)) throw tariffErrors.notFound();
    }
    return this.presentOne(actor, row);
  }

  async add(actor: Actor, input: TariffInput): Promise<Tariff> {
    assertMayManageTariffs(actor);
    await this.assertPlaylists(input.playlistIds ?? []);
    const row = await this.deps.store.withTx(async (tx) => {
      const inserted = await tx.tariffs.insertTariff(fieldsOf(input));
      if (!inserted) throw tariffErrors.nameTaken();
      await tx.tariffs.syncFeatures(inserted.id, featuresOf(input), new Date());
      await tx.tariffs.replaceTariffPlaylists(inserted.id, input.playlistIds ?? []);
      return inserted;
    });
    return this.presentOne(actor, row);
  }

  /**
   * Replaces a tariff's fields. Features and items sent with their id keep
   * it; those left out are retired. Subscriptions keep the prices they were
   * made with.
   */
  async change(actor: Actor, id: string, input: TariffInput): Promise<Tariff> {
    assertMayManageTariffs(actor);
    await this.assertPlaylists(input.playlistIds ?? []);
    await this.deps.store.withTx(async (tx) => {
      if (!(await tx.tariffs.findTariff(id, { lock: true }))) throw tariffErrors.notFound();
      if (await tx.tariffs.tariffNameTaken(input.name, id)) throw tariffErrors.nameTaken();
      await tx.tariffs.updateTariff(id, fieldsOf(input));
      await tx.tariffs.syncFeatures(id, featuresOf(input), new Date());
      await tx.tariffs.replaceTariffPlaylists(id, input.playlistIds ?? []);
    });
    await this.deps.announceMusicAccessChange();
    const row = await this.deps.store.tariffs.findTariff(id);
    if (!row) throw tariffErrors.notFound();
    return this.presentOne(actor, row);
  }

  /** The tariffs a client's establishments are subscribed to, with what each grants them. */
  async listForUser(actor: Actor, userId: string, query?: string): Promise<UserTariff[]> {
    assertMayReadClient(actor, userId);
    await this.assertClient(userId);
    const held = await this.heldBy(userId);
    const rows = await this.deps.store.tariffs.listTariffs(
      { activeOnly: false, query, ids: [...held.keys()] },
      "name",
    );
    return this.presentForUser(actor, userId, rows, held);
  }

  /** Grants a client one more playlist under a tariff one of their venues holds. */
  async grantPlaylist(
    actor: Actor,
    userId: string,
    tariffId: string,
    playlistId: string,
  ): Promise<UserTariff> {
    assertMayGrantPlaylists(actor);
    const { row, held } = await this.heldTariff(userId, tariffId);
    await this.assertPlaylists([playlistId]);
    await this.deps.store.tariffs.addUserPlaylist(tariffId, userId, playlistId);
    await this.deps.announceMusicAccessChange();
    return this.presentOneForUser(actor, userId, row, held);
  }

  async withdrawPlaylist(
    actor: Actor,
    userId: string,
    tariffId: string,
    playlistId: string,
  ): Promise<UserTariff> {
    assertMayGrantPlaylists(actor);
    const { row, held } = await this.heldTariff(userId, tariffId);
    if (!(await this.deps.store.tariffs.removeUserPlaylist(tariffId, userId, playlistId))) {
      throw tariffErrors.grantNotFound();
    }
    await this.deps.announceMusicAccessChange();
    return this.presentOneForUser(actor, userId, row, held);
  }

  /** The tariffs a client's live subscriptions hold, each with its establishments. */
  private async heldBy(userId: string): Promise<Map<string, string[]>> {
    return (await this.deps.liveTariffsOf([userId])).get(userId) ?? new Map();
  }

  /**
   * A tariff and the chosen items as a subscription prices them; unknown
   * or retired items, or items of another tariff, are left out (the caller
   * compares). Undefined when there is no such tariff (subscriptions' port).
   */
  async pricing(tariffId: string, itemIds: string[]): Promise<TariffPricing | undefined> {
    const row = await this.deps.store.tariffs.findTariff(tariffId);
    if (!row) return undefined;
    const items = await this.deps.store.tariffs.itemsOfTariff(tariffId, [...new Set(itemIds)]);
    return {
      id: row.id,
      name: row.name,
      type: tariffTypeOf(row.type),
      active: row.active,
      priceKopecks: row.priceKopecks,
      items: items
        .filter((item) => !item.retiredAt && !item.featureRetiredAt)
        .map((item) => ({
          id: item.id,
          name: item.name,
          featureName: item.featureName,
          recurrent: item.recurrent,
          approvalRequired: item.approvalRequired,
          priceKopecks: item.priceKopecks,
        })),
    };
  }

  /** Items by id, retired ones included: a subscription names what it chose back then. */
  async itemsForHistory(tariffId: string, itemIds: string[]) {
    const items = await this.deps.store.tariffs.itemsOfTariff(tariffId, itemIds);
    return items.map((item) => ({
      id: item.id,
      name: item.name,
      featureName: item.featureName,
      recurrent: item.recurrent,
      priceKopecks: item.priceKopecks,
    }));
  }

  /** Names and icons of tariffs by id (subscriptions' port). */
  async summariesOf(ids: string[]): Promise<Map<string, { name: string; type: TariffType }>> {
    const rows = await this.deps.store.tariffs.summariesOf(ids);
    return new Map(rows.map((row) => [row.id, { name: row.name, type: tariffTypeOf(row.type) }]));
  }

  /** Tariffs whose name or description holds every word (subscriptions' port). */
  async idsMatching(query: string): Promise<string[]> {
    const rows = await this.deps.store.tariffs.listTariffs({ activeOnly: false, query }, "name");
    return query.trim() ? rows.map((row) => row.id) : [];
  }

  private async heldTariff(userId: string, tariffId: string) {
    await this.assertClient(userId);
    const row = await this.deps.store.tariffs.findTariff(tariffId);
    if (!row) throw tariffErrors.notFound();
    const held = await this.heldBy(userId);
    if (!held.has(tariffId)) throw tariffErrors.notSubscribed();
    return { row, held };
  }

  private async assertClient(userId: string): Promise<void> {
    const account = await this.deps.findAccount(userId);
    if (!account || !isClientAccount(account)) throw tariffErrors.clientNotFound();
  }

  private async assertPlaylists(ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)];
    const names = await this.deps.playlistNames(unique);
    if (names.size !== unique.length) throw tariffErrors.playlistNotFound();
  }

  private async presentOne(actor: Actor, row: TariffRow): Promise<Tariff> {
    const [one] = await this.present(actor, [row]);
    if (!one) throw tariffErrors.notFound();
    return one;
  }

  private async present(actor: Actor, rows: TariffRow[]): Promise<Tariff[]> {
    const contents = await this.contentsOf(rows);
    return contents.map((tariff) => ({
      ...tariff,
      abilities: tariffAbilities(actor, tariff.active),
    }));
  }

  /** What tariffs hold and cost, as anyone may read it. */
  private async contentsOf(rows: TariffRow[]): Promise<Omit<Tariff, "abilities">[]> {
    const ids = rows.map((row) => row.id);
    const [{ features, items }, grants] = await Promise.all([
      this.deps.store.tariffs.featuresOf(ids),
      this.deps.store.tariffs.playlistGrants(ids, []),
    ]);
    const names = await this.deps.playlistNames(grants.map((grant) => grant.playlistId));
    return rows.map((row) => ({
      id: row.id,
      type: tariffTypeOf(row.type),
      name: row.name,
      description: row.description,
      active: row.active,
      price: toRoubles(row.priceKopecks),
      basePrice: toRoubles(row.basePriceKopecks),
      features: features
        .filter((feature) => feature.tariffId === row.id)
        .map((feature) => ({
          id: feature.id,
          name: feature.name,
          recurrent: feature.recurrent,
          items: items
            .filter((item) => item.featureId === feature.id)
            .map((item) => ({
              id: item.id,
              name: item.name,
              approvalRequired: item.approvalRequired,
              price: toRoubles(item.priceKopecks),
            })),
        })),
      benefits: row.benefits,
      playlists: refsOf(
        grants.filter((grant) => grant.tariffId === row.id).map((grant) => grant.playlistId),
        names,
      ),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  private async presentOneForUser(
    actor: Actor,
    userId: string,
    row: TariffRow,
    held: Map<string, string[]>,
  ): Promise<UserTariff> {
    const [answer] = await this.presentForUser(actor, userId, [row], held);
    if (!answer) throw tariffErrors.notFound();
    return answer;
  }

  private async presentForUser(
    actor: Actor,
    userId: string,
    rows: TariffRow[],
    held: Map<string, string[]>,
  ): Promise<UserTariff[]> {
    const tariffs = await this.present(actor, rows);
    const grants = await this.deps.store.tariffs.playlistGrants(
      rows.map((row) => row.id),
      [userId],
    );
    const personal = grants.filter((grant) => grant.userId === userId);
    const names = await this.deps.playlistNames(personal.map((grant) => grant.playlistId));
    return tariffs.map((tariff) => ({
      ...tariff,
      personalPlaylists: refsOf(
        personal.filter((grant) => grant.tariffId === tariff.id).map((grant) => grant.playlistId),
        names,
      ),
      establishmentIds: held.get(tariff.id) ?? [],
    }));
  }
}

function tariffTypeOf(value: string): TariffType {
  return value === "lite" || value === "pro" ? value : "basic";
}

/** Playlists by id with their names; those gone to the trash are left out. */
function refsOf(ids: string[], names: Map<string, string>) {
  return ids.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ id, name }];
  });
}

function fieldsOf(input: TariffInput): TariffFields {
  return {
    type: input.type,
    name: input.name,
    description: input.description ?? "",
    active: input.active,
    priceKopecks: toKopecks(input.price),
    basePriceKopecks: toKopecks(input.basePrice),
    benefits: input.benefits,
  };
}

function featuresOf(input: TariffInput): FeatureFields[] {
  return input.features.map((feature) => ({
    id: feature.id,
    name: feature.name,
    recurrent: feature.recurrent,
    items: feature.items.map((item) => ({
      id: item.id,
      name: item.name,
      approvalRequired: item.approvalRequired,
      priceKopecks: toKopecks(item.price),
    })),
  }));
}
