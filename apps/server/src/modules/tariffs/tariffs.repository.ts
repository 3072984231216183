import { and, asc, desc, eq, ilike, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import { anyId } from "../../db/any-id.ts";
import type { Executor } from "../../db/client.ts";
import { containsPattern } from "../../db/like.ts";
import { tariffFeatures, tariffItems, tariffPlaylists, tariffs } from "../../db/schema.ts";

/** SQL of tariffs, their features, items and playlists. Every function takes the database or a transaction. */

export type TariffRow = typeof tariffs.$inferSelect;
export type FeatureRow = typeof tariffFeatures.$inferSelect;
export type ItemRow = typeof tariffItems.$inferSelect;

export interface TariffFields {
  type: string;
  name: string;
  description: string;
  active: boolean;
  priceKopecks: number;
  basePriceKopecks: number;
  benefits: string[];
}

export interface FeatureFields {
  id?: string | undefined;
  name: string;
  recurrent: boolean;
  items: Array<{
    id?: string | undefined;
    name: string;
    approvalRequired: boolean;
    priceKopecks: number;
  }>;
}

export type TariffOrder = "name" | "price" | "created";

const ORDER: Record<TariffOrder, SQL[]> = {
  name: [sql`lower(${tariffs.name}) asc`, asc(tariffs.id)],
  price: [asc(tariffs.priceKopecks), sql`lower(${tariffs.name}) asc`, asc(tariffs.id)],
  created: [desc(tariffs.createdAt), asc(tariffs.id)],
};

export function listTariffs(
  db: Executor,
  filter: { activeOnly: boolean; query?: string | undefined; ids?: string[] | undefined },
  order: TariffOrder,
): Promise<TariffRow[]> {
  const words = (filter.query ?? "").trim().split(/\s+/).filter(Boolean);
  return db
    .select()
    .from(tariffs)
    .where(
      and(
        filter.activeOnly ? eq(tariffs.active, true) : undefined,
        filter.ids ? anyId(tariffs.id, filter.ids) : undefined,
        ...words.map((word) =>
          or(
            ilike(tariffs.name, containsPattern(word)),
            ilike(tariffs.description, containsPattern(word)),
          ),
        ),
      ),
    )
    .orderBy(...ORDER[order]);
}

export async function findTariff(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<TariffRow | undefined> {
  const query = db.select().from(tariffs).where(eq(tariffs.id, id));
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

/** Inserts a tariff; undefined when another has the same name (case-insensitive). */
export async function insertTariff(
  db: Executor,
  fields: TariffFields,
): Promise<TariffRow | undefined> {
  const [row] = await db.insert(tariffs).values(fields).onConflictDoNothing().returning();
  return row;
}

/** Whether another tariff has this name, case-insensitively. */
export async function tariffNameTaken(db: Executor, name: string, exceptId: string | null) {
  const rows = await db
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(sql`lower(${tariffs.name}) = lower(${name})`);
  return rows.some((row) => row.id !== exceptId);
}

export async function updateTariff(db: Executor, id: string, fields: TariffFields): Promise<void> {
  await db
    .update(tariffs)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(tariffs.id, id));
}

/** The live features and items of these tariffs, in their order. */
export async function featuresOf(
  db: Executor,
  tariffIds: string[],
): Promise<{ features: FeatureRow[]; items: ItemRow[] }> {
  if (tariffIds.length === 0) return { features: [], items: [] };
  const features = await db
    .select()
    .from(tariffFeatures)
    .where(and(anyId(tariffFeatures.tariffId, tariffIds), isNull(tariffFeatures.retiredAt)))
    .orderBy(asc(tariffFeatures.position));
  const featureIds = features.map((feature) => feature.id);
  const items = featureIds.length
    ? await db
        .select()
        .from(tariffItems)
        .where(and(anyId(tariffItems.featureId, featureIds), isNull(tariffItems.retiredAt)))
        .orderBy(asc(tariffItems.position))
    : [];
  return { features, items };
}

/**
 * Makes a tariff's features and items what `features` says: those sent
 * with their id (of this tariff) are updated in place, so that
 * subscriptions keep their chosen items; new ones are inserted; those left
 * out are retired, not deleted (subscriptions still name them).
 */
export async function syncFeatures(
  tx: Executor,
  tariffId: string,
  features: FeatureFields[],
  at: Date,
): Promise<void> {
  const existing = await featuresOf(tx, [tariffId]);
  const featureIds = new Set(existing.features.map((feature) => feature.id));
  const keptFeatures: string[] = [];
  const keptItems: string[] = [];
  for (const [position, feature] of features.entries()) {
    let featureId = feature.id && featureIds.has(feature.id) ? feature.id : undefined;
    if (featureId) {
      await tx
        .update(tariffFeatures)
        .set({ name: feature.name, recurrent: feature.recurrent, position })
        .where(eq(tariffFeatures.id, featureId));
    } else {
      const [inserted] = await tx
        .insert(tariffFeatures)
        .values({ tariffId, name: feature.name, recurrent: feature.recurrent, position })
        .returning({ id: tariffFeatures.id });
      featureId = inserted?.id;
    }
    if (!featureId) throw new Error("feature insert returned no row");
    keptFeatures.push(featureId);
    const itemIds = new Set(
      existing.items.filter((item) => item.featureId === featureId).map((item) => item.id),
    );
    for (const [itemPosition, item] of feature.items.entries()) {
      const fields = {
        name: item.name,
        approvalRequired: item.approvalRequired,
        priceKopecks: item.priceKopecks,
        position: itemPosition,
      };
      if (item.id && itemIds.has(item.id)) {
        await tx.update(tariffItems).set(fields).where(eq(tariffItems.id, item.id));
        keptItems.push(item.id);
      } else {
        const [inserted] = await tx
          .insert(tariffItems)
          .values({ featureId, ...fields })
          .returning({ id: tariffItems.id });
        if (inserted) keptItems.push(inserted.id);
      }
    }
  }
  const allFeatureIds = existing.features.map((feature) => feature.id);
  if (allFeatureIds.length > 0) {
    await tx
      .update(tariffItems)
      .set({ retiredAt: at })
      .where(
        and(
          anyId(tariffItems.featureId, allFeatureIds),
          isNull(tariffItems.retiredAt),
          keptItems.length ? notInArray(tariffItems.id, keptItems) : undefined,
        ),
      );
    await tx
      .update(tariffFeatures)
      .set({ retiredAt: at })
      .where(
        and(
          eq(tariffFeatures.tariffId, tariffId),
          isNull(tariffFeatures.retiredAt),
          keptFeatures.length ? notInArray(tariffFeatures.id, keptFeatures) : undefined,
        ),
      );
  }
}

/** Items of a tariff by id, live or retired, with their feature's name and recurrence. */
export function itemsOfTariff(db: Executor, tariffId: string, itemIds: string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: tariffItems.id,
      name: tariffItems.name,
      approvalRequired: tariffItems.approvalRequired,
      priceKopecks: tariffItems.priceKopecks,
      retiredAt: tariffItems.retiredAt,
      featureName: tariffFeatures.name,
      recurrent: tariffFeatures.recurrent,
      featureRetiredAt: tariffFeatures.retiredAt,
    })
    .from(tariffItems)
    .innerJoin(tariffFeatures, eq(tariffFeatures.id, tariffItems.featureId))
    .where(and(eq(tariffFeatures.tariffId, tariffId), anyId(tariffItems.id, itemIds)));
}

/** Sets the playlists every subscriber of the tariff gets. */
export async function replaceTariffPlaylists(
  tx: Executor,
  tariffId: string,
  playlistIds: string[],
): Promise<void> {
  await tx
    .delete(tariffPlaylists)
    .where(and(eq(tariffPlaylists.tariffId, tariffId), isNull(tariffPlaylists.userId)));
  if (playlistIds.length > 0) {
    await tx
      .insert(tariffPlaylists)
      .values([...new Set(playlistIds)].map((playlistId) => ({ tariffId, playlistId })))
      .onConflictDoNothing();
  }
}

export async function addUserPlaylist(
  db: Executor,
  tariffId: string,
  userId: string,
  playlistId: string,
): Promise<void> {
  await db.insert(tariffPlaylists).values({ tariffId, userId, playlistId }).onConflictDoNothing();
}

export async function removeUserPlaylist(
  db: Executor,
  tariffId: string,
  userId: string,
  playlistId: string,
): Promise<boolean> {
  const rows = await db
    .delete(tariffPlaylists)
    .where(
      and(
        eq(tariffPlaylists.tariffId, tariffId),
        eq(tariffPlaylists.userId, userId),
        eq(tariffPlaylists.playlistId, playlistId),
      ),
    )
    .returning({ id: tariffPlaylists.id });
  return rows.length > 0;
}

/**
 * The playlist ids these tariffs grant to everyone and to these clients
 * (one query for any number of them; none: to everyone only).
 */
export function playlistGrants(
  db: Executor,
  tariffIds: readonly string[],
  userIds: readonly string[],
) {
  if (tariffIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      tariffId: tariffPlaylists.tariffId,
      userId: tariffPlaylists.userId,
      playlistId: tariffPlaylists.playlistId,
    })
    .from(tariffPlaylists)
    .where(
      and(
        anyId(tariffPlaylists.tariffId, tariffIds),
        userIds.length > 0
          ? or(isNull(tariffPlaylists.userId), anyId(tariffPlaylists.userId, userIds))
          : isNull(tariffPlaylists.userId),
      ),
    )
    .orderBy(asc(tariffPlaylists.createdAt), asc(tariffPlaylists.id));
}

export async function summariesOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: tariffs.id, name: tariffs.name, type: tariffs.type })
    .from(tariffs)
    .where(anyId(tariffs.id, ids));
}

/**
 * The tariffs that hold these playlists for every subscriber (not a
 * client's personal grants), by tariff name; one query for any number.
 */
export function tariffsHoldingPlaylists(db: Executor, playlistIds: readonly string[]) {
  if (playlistIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      playlistId: tariffPlaylists.playlistId,
      id: tariffs.id,
      name: tariffs.name,
      active: tariffs.active,
    })
    .from(tariffPlaylists)
    .innerJoin(tariffs, eq(tariffs.id, tariffPlaylists.tariffId))
    .where(and(anyId(tariffPlaylists.playlistId, playlistIds), isNull(tariffPlaylists.userId)))
    .orderBy(sql`lower(${tariffs.name}) asc`, asc(tariffs.id));
}
