import type { Executor } from "./client.ts";

/** Reads: the statements prepared once per connection (postgres-prepared), on PostgreSQL and on PGlite alike. */
export const PREPARED_READ = /^\s*select\b/i;
/** Distinct statements kept prepared at most; further ones run unprepared. */
export const MAX_PREPARED = 500;

const statements = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A hot query prepared once per database handle and reused: drizzle builds
 * its SQL once, and PostgreSQL keeps the named statement's plan per
 * connection. `build` receives the handle and answers `.prepare(name)`.
 */
export function prepared<T>(db: Executor, name: string, build: (db: Executor) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (!statement) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}
