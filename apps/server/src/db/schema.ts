import { sql } from "drizzle-orm";
import {
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

/**
 * The database schema. Migrations are generated from it with
 * `npm run db:new-migration` and committed; they run at start.
 */

export const users = pgTable(
  "users",
  {
    id: id(),
    /** Lower-cased sign-in e-mail. */
    email: text("email"),
    /** Sign-in phone, 11 digits starting with 7. */
    phone: text("phone"),
    /** Roles and markers; the first real entry is the active role. */
    authority: text("authority").array().notNull(),
    /** active | blocked | deleted */
    status: text("status").notNull().default("active"),
    type: text("type"),
    lastName: text("last_name"),
    firstName: text("first_name"),
    patronymic: text("patronymic"),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    company: text("company"),
    /** The stored avatar (a WebP we re-encoded), by content hash; null when none. */
    avatarKey: text("avatar_key"),
    avatarSize: integer("avatar_size"),
    agreementAcceptedAt: timestamp("agreement_accepted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /**
     * Keyed hash of a deleted account's sign-in address: its personal data
     * is erased (152-FZ), yet signing in again still answers account-deleted.
     */
    deletedAddressHash: text("deleted_address_hash"),
  },
  (table) => [
    uniqueIndex("users_email_key").on(table.email),
    uniqueIndex("users_phone_key").on(table.phone),
    index("users_created_at_idx").on(table.createdAt),
    index("users_deleted_address_idx")
      .on(table.deletedAddressHash)
      .where(sql`${table.deletedAddressHash} is not null`),
  ],
);

/** One-time sign-in codes sent by e-mail or SMS. Codes are stored hashed. */
export const authCodes = pgTable(
  "auth_codes",
  {
    id: id(),
    /** email | phone */
    channel: text("channel").notNull(),
    /** The address's keyed hash (auth's hashAddress); the address itself is never stored. */
    addressHash: text("address_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    ip: text("ip").notNull(),
    wrongTries: integer("wrong_tries").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("auth_codes_address_idx").on(table.channel, table.addressHash, table.createdAt),
    index("auth_codes_ip_idx").on(table.ip, table.createdAt),
  ],
);

/**
 * A signed-in browser or device. Its refresh tokens rotate; reuse revokes it
 * whole. A browser session ends at `expiresAt` whatever its rotations; a
 * device session (a player approved by its owner) has none.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** browser | device */
    kind: text("kind").notNull().default("browser"),
    /** The venue a device session plays for. */
    establishmentId: uuid("establishment_id"),
    /**
     * The one player a device session plays: a web player's from the start,
     * a box's since its socket first named one; null: any of its venue's.
     */
    playerId: uuid("player_id"),
    /** Where it was started and last refreshed from, for the owner's list. */
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Why it was revoked: logout | ended | reuse | blocked | deleted | demoted | player-removed */
    revokedReason: text("revoked_reason"),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    /** Null for a device session's tokens: they live until the session ends. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Set when the token was exchanged; presenting it again is reuse. */
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    /** Hash of the token this one was exchanged for. */
    successorHash: text("successor_hash"),
    /**
     * The successor token itself, encrypted, for the grace window: a client
     * whose answer was lost on the network replays this token and gets the
     * same successor. Cleared by the pruning job once the window is over.
     */
    successorSealed: text("successor_sealed"),
    createdAt: createdAt(),
  },
  (table) => [
    index("refresh_tokens_session_idx").on(table.sessionId),
    index("refresh_tokens_rotated_idx").on(table.rotatedAt),
  ],
);

/** Second-device sign-in: a code shown on one screen, approved on another. */
export const deviceCodes = pgTable(
  "device_codes",
  {
    id: id(),
    codeHash: text("code_hash").notNull(),
    ip: text("ip").notNull(),
    /** The requesting browser, shown to the approver before they approve. */
    userAgent: text("user_agent"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** device | webPlayer: who asked (a web player's approval names or makes its player). */
    kind: text("kind").notNull().default("device"),
    approvedBy: uuid("approved_by").references(() => users.id, { onDelete: "cascade" }),
    establishmentId: uuid("establishment_id"),
    /** The web player the approver chose or made for it. */
    playerId: uuid("player_id"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** Set when the polling device received its tokens (once). */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("device_codes_code_idx").on(table.codeHash),
    index("device_codes_ip_idx").on(table.ip, table.createdAt),
  ],
);

/**
 * Attempt counters of the sign-in limits (sends per address and per IP,
 * verification tries, device approvals), one row per scope and key. A row
 * is bumped and read in one atomic statement, so parallel requests on
 * several processes can never pass a limit together.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    scope: text("scope").notNull(),
    /** An IP, a user id, or a sign-in address's keyed hash (never the address). */
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
    /** Backoff: no attempt is counted (or allowed) before this time. */
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index("rate_limits_window_idx").on(table.windowStart),
  ],
);

/** Landing page leads; forwarded to AMO_WEBHOOK_URL by a retrying outbox. */
export const leads = pgTable(
  "leads",
  {
    id: id(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    company: text("company").notNull(),
    ip: text("ip").notNull(),
    /** stored | pending | forwarded | failing */
    status: text("status").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    forwardedAt: timestamp("forwarded_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("leads_created_at_idx").on(table.createdAt),
    index("leads_outbox_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'failing')`),
  ],
);

/**
 * Work that one process of several does at a time (db/leases.ts): the
 * process named `holder` holds the lease `name` until `expires_at`, and
 * keeps it by taking it again before then.
 */
export const leases = pgTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export * from "./clients-schema.ts";
export * from "./history-schema.ts";
export * from "./library-schema.ts";
export * from "./player-alerts-schema.ts";
export * from "./player-updates-schema.ts";
export * from "./players-schema.ts";
export * from "./support-schema.ts";
