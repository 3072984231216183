import { timestamp, uuid } from "drizzle-orm/pg-core";

/*
 * The columns every table writes the same way, said once for all schema
 * files (a change here is a migration for each table that uses them).
 */

/** A row's own id: a random UUID the database makes. */
export const id = () => uuid("id").primaryKey().defaultRandom();

/** When the row was made. */
export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** When the row last changed (its writers set it). */
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
