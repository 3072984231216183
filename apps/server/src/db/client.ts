import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";
import { tightenTree } from "../lib/private-data-dir.ts";
import { startPgliteWorker } from "./pglite-wire.ts";
import { prepareReads } from "./postgres-prepared.ts";
import * as schema from "./schema.ts";

/**
 * The one database client module: a real PostgreSQL when DATABASE_URL is
 * set, else embedded PGlite in DATA_DIR/db, run in a worker thread. Both are
 * reached the same way — a node-postgres pool under drizzle — with the same
 * schema and the same migrations.
 */

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema>;
/** What repositories take: the database or a transaction of it. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: "pglite" | "postgres";
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * The embedded database only: copies its data folder, between
   * transactions, to `target`; queries wait until the answered function is
   * called (see PgliteWorker.snapshot). The copy holds dead rows too: a
   * backup only dumps its live rows from it and deletes it
   * (backup/archive.ts). PostgreSQL is backed up with pg_dump.
   */
  snapshot?: (target: string) => Promise<() => void>;
  /**
   * The embedded database only: rows written so far by this process, as
   * the database's replies count them (see PgliteWorker.rowsWritten).
   */
  rowsWritten?: () => number;
  /**
   * The embedded database only: this process created it (the folder was
   * empty), so the statistics counters of this process cover every row it
   * holds. PGlite does not keep them over a restart.
   */
  createdNow?: boolean;

  /** The connection pool now: connections open, of them idle, and queries waiting for one. */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | undefined;
}

/** The migrations (beside this module in the sources, beside the bundle when compiled). */
export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "migrations",
);

/** Advisory lock key that serializes migrations across processes. */
const MIGRATION_LOCK_KEY = 7_346_021_883;

export class DatabaseLockedError extends Error {
  override name = "DatabaseLockedError";
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir, "db"));
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: "-c plan_cache_mode=force_generic_plan",
  });
  return openPool(pool, "postgres", () => pool.end());
}

/**
 * Connections to the embedded database: each is a session of its own for
 * node-postgres, and the worker runs one transaction at a time, so more of
 * them only keeps the worker's queue full while the event loop parses.
 */
const PGLITE_CONNECTIONS = 4;

async function openPglite(directory: string): Promise<DatabaseHandle> {
  mkdirSync(directory, { recursive: true });
  const createdNow = !existsSync(path.join(directory, "PG_VERSION"));
  const releaseLock = acquireLock(`${directory}.lock`);
  try {
    const worker = await startPgliteWorker(directory);
    // PGlite's session plans with plan_cache_mode = force_generic_plan (set in the worker).
    const pool = new pg.Pool({
      stream: () => worker.connect(),
      max: PGLITE_CONNECTIONS,
      idleTimeoutMillis: 0,
    });
    const handle = await openPool(pool, "pglite", async () => {
      try {
        await pool.end();
        await worker.close();
      } finally {
        releaseLock();
      }
    });
    // PGlite writes some files with modes of its own, past the umask: its
    // first start's files 0666, its relation cache 0644 at every start.
    // DATA_DIR is 0700, so nobody else reaches them; still, they are
    // made owner-only as soon as it has opened (lib/private-data-dir.ts).
    tightenTree(directory);
    return {
      ...handle,
      snapshot: (target) => worker.snapshot(target),
      rowsWritten: () => worker.rowsWritten(),
      createdNow,
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Reads prepared once per connection, the schema migrated under a lock, and the handle. */
async function openPool(
  pool: pg.Pool,
  kind: DatabaseHandle["kind"],
  close: () => Promise<void>,
): Promise<DatabaseHandle> {
  prepareReads(pool);
  const db = drizzle({ client: pool, schema });
  try {
    // Several processes may start at once: one migrates, the others wait.
    const lockHolder = await pool.connect();
    try {
      await lockHolder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migrate(db, { migrationsFolder });
    } finally {
      await lockHolder
        .query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY])
        .catch(() => undefined);
      lockHolder.release();
    }
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close,
  };
}

/**
 * Only one process may open an embedded database folder: a second one would
 * corrupt it. The lock file names the owner; a lock left by a dead process is
 * taken over.
 */
function acquireLock(lockFile: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockFile, "utf8"));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseLockedError(
          `The embedded database in ${path.dirname(lockFile)} is already open by process ${owner}. ` +
            "Stop it first, or set DATABASE_URL to share a PostgreSQL server between processes.",
        );
      }
      if (existsSync(lockFile)) rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock ${lockFile}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The rows of a raw `db.execute` (node-postgres answers `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** PostgreSQL's unique_violation, whether the driver or drizzle's wrapper carries it. */
export function isUniqueViolation(error: unknown): boolean {
  let cause: unknown = error;
  for (let depth = 0; depth < 5 && typeof cause === "object" && cause !== null; depth++) {
    if ((cause as { code?: unknown }).code === "23505") return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
