import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";
import { playlists } from "./library-schema.ts";
import { users } from "./schema.ts";

/**
 * The tables of clients and their venues (issue 7): organizations with
 * their payment methods, establishments, tariffs with features and items,
 * and subscriptions. Money is kept in kopecks (integers), never floats.
 */

/** A client's legal entity or individual entrepreneur; `primary` is the profile's own. */
export const organizations = pgTable(
  "organizations",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** individual | legal */
    type: text("type").notNull(),
    company: text("company").notNull(),
    inn: text("inn").notNull(),
    kpp: text("kpp"),
    ogrn: text("ogrn").notNull(),
    address: text("address").notNull(),
    primary: boolean("is_primary").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Removed by its client; kept for the subscriptions that paid through it. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("organizations_user_inn_key")
      .on(table.userId, table.inn)
      .where(sql`${table.removedAt} is null`),
    uniqueIndex("organizations_primary_key")
      .on(table.userId)
      .where(sql`${table.primary} and ${table.removedAt} is null`),
  ],
);

/**
 * How an organization pays: a settlement account (BIK and number) or a
 * business card, of which only the masked number and last four digits are
 * kept.
 */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** settlement-account | business-card */
    kind: text("kind").notNull(),
    bik: text("bik"),
    accountNumber: text("account_number"),
    bankName: text("bank_name"),
    cardMasked: text("card_masked"),
    cardLastFour: text("card_last_four"),
    cardHolder: text("card_holder"),
    createdAt: createdAt(),
    /** Removed by its client; kept for the subscriptions that paid with it. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (table) => [index("payment_methods_organization_idx").on(table.organizationId)],
);

/** A client's venue (the spec's client object). */
export const establishments = pgTable(
  "establishments",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    address: text("address").notNull(),
    /** IANA time zone; player schedules are read in it. */
    timeZone: text("time_zone").notNull().default("Europe/Moscow"),
    /** Songs marked obsceneLexicon never play on its players. */
    explicitFilter: boolean("explicit_filter").notNull().default(false),
    layoutKey: text("layout_key"),
    layoutName: text("layout_name"),
    layoutType: text("layout_type"),
    layoutSize: bigint("layout_size", { mode: "number" }),
    layoutUploadedAt: timestamp("layout_uploaded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("establishments_user_idx").on(table.userId, table.createdAt)],
);

export const tariffs = pgTable(
  "tariffs",
  {
    id: id(),
    /** lite | basic | pro: the icon. */
    type: text("type").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    active: boolean("active").notNull().default(true),
    priceKopecks: bigint("price_kopecks", { mode: "number" }).notNull(),
    basePriceKopecks: bigint("base_price_kopecks", { mode: "number" }).notNull(),
    benefits: text("benefits").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("tariffs_name_key").on(sql`lower(${table.name})`)],
);

export const tariffFeatures = pgTable(
  "tariff_features",
  {
    id: id(),
    tariffId: uuid("tariff_id")
      .notNull()
      .references(() => tariffs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    recurrent: boolean("recurrent").notNull(),
    position: integer("position").notNull(),
    /** Set when an edit leaves it out: subscriptions that chose its items still name them. */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (table) => [index("tariff_features_tariff_idx").on(table.tariffId, table.position)],
);

export const tariffItems = pgTable(
  "tariff_items",
  {
    id: id(),
    featureId: uuid("feature_id")
      .notNull()
      .references(() => tariffFeatures.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    approvalRequired: boolean("approval_required").notNull(),
    priceKopecks: bigint("price_kopecks", { mode: "number" }).notNull(),
    position: integer("position").notNull(),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (table) => [index("tariff_items_feature_idx").on(table.featureId, table.position)],
);

/**
 * Playlists a tariff grants: to every subscriber (`userId` null) or to one
 * client under that tariff.
 */
export const tariffPlaylists = pgTable(
  "tariff_playlists",
  {
    id: id(),
    tariffId: uuid("tariff_id")
      .notNull()
      .references(() => tariffs.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    playlistId: uuid("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("tariff_playlists_key").on(
      table.tariffId,
      sql`coalesce(${table.userId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      table.playlistId,
    ),
  ],
);

/**
 * An establishment's subscription. Prices are taken from the tariff when
 * it is made or changed and kept; `state` is what staff set, and a period
 * that is over reads as ended whatever it says.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    establishmentId: uuid("establishment_id")
      .notNull()
      .references(() => establishments.id, { onDelete: "cascade" }),
    tariffId: uuid("tariff_id")
      .notNull()
      .references(() => tariffs.id),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    paymentMethodId: uuid("payment_method_id")
      .notNull()
      .references(() => paymentMethods.id),
    /** pending | active | suspended | ended */
    state: text("state").notNull().default("pending"),
    periodMonths: integer("period_months").notNull(),
    /** The tariff's monthly price when it was chosen. */
    tariffPriceKopecks: bigint("tariff_price_kopecks", { mode: "number" }).notNull(),
    /** Monthly: the tariff's and the monthly items' not rejected. */
    priceKopecks: bigint("price_kopecks", { mode: "number" }).notNull(),
    /** Once: the one-time items not rejected. */
    oneTimeKopecks: bigint("one_time_kopecks", { mode: "number" }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One live subscription per establishment.
    uniqueIndex("subscriptions_live_key")
      .on(table.establishmentId)
      .where(sql`${table.state} <> 'ended'`),
    index("subscriptions_created_idx").on(table.createdAt),
    index("subscriptions_user_idx").on(table.userId),
  ],
);

/**
 * When each subscription licensed its venue (issue 27): one row per stretch
 * of `active` under one tariff, opened when it becomes active (or changes
 * tariff while active) and closed when it is suspended, ended or moved to
 * another tariff. Written by a trigger on `subscriptions` (migration 0022),
 * so every way a subscription changes keeps it, in the same transaction.
 * The history asks it whether a play reported late was licensed when it
 * began; an open row also ends with its subscription's period (`ends_at`).
 */
export const licencePeriods = pgTable(
  "licence_periods",
  {
    id: id(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    establishmentId: uuid("establishment_id")
      .notNull()
      .references(() => establishments.id, { onDelete: "cascade" }),
    tariffId: uuid("tariff_id")
      .notNull()
      .references(() => tariffs.id),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [index("licence_periods_venue_idx").on(table.establishmentId, table.startedAt)],
);

/** The items a subscription chose, with the price and approval of each. */
export const subscriptionItems = pgTable(
  "subscription_items",
  {
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => tariffItems.id),
    priceKopecks: bigint("price_kopecks", { mode: "number" }).notNull(),
    /** Charged every month (its feature's recurrence when chosen). */
    recurrent: boolean("recurrent").notNull(),
    /** not-required | pending | approved | rejected */
    approval: text("approval").notNull(),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.itemId] })],
);
