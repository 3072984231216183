import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/**
 * PostgreSQL's autovacuum, for the embedded database, which has none.
 * Without it a table is never vacuumed nor analyzed: the planner keeps the
 * statistics of an empty library (a GIN index's are only ever written by
 * VACUUM), chooses a sequential scan over 100 000 songs where a trigram
 * index answers in a millisecond, and dead rows pile up. The thresholds are
 * autovacuum's defaults.
 */

/** The tables whose changes since their last vacuum or analyze cross autovacuum's thresholds. */
export async function tablesDue(db: Database): Promise<string[]> {
  const result = (await db.execute(sql`
    select s.relname as name
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where s.schemaname = 'public'
       and (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
         or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
         or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0))
     order by s.relname`)) as unknown as { rows: Array<{ name: string }> };
  return result.rows.map((row) => row.name);
}

/** VACUUM (ANALYZE) of the given tables, or of the whole database. One at a time: each holds the embedded database while it runs. */
export async function vacuumAnalyze(db: Database, tables?: readonly string[]): Promise<void> {
  if (!tables) {
    await db.execute(sql`vacuum (analyze)`);
    return;
  }
  for (const table of tables) await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
}

export interface MaintenanceLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface MaintenanceOptions {
  /** How often it may look (autovacuum's naptime). */
  everyMs: number;
  /**
   * Rows written so far (the embedded database counts them, see
   * DatabaseHandle.rowsWritten): while the count stands still nothing can
   * have become due, and the look, a statistics query, is skipped.
   */
  rowsWritten?: () => number;
  /** The longest time between two looks, whatever the count says (default an hour). */
  lookAtLeastEveryMs?: number;
  /**
   * Whether the counters of this process miss changes made before it
   * (default true: PGlite starts them from zero at every start), so that
   * the first look vacuums every table. False for a database this process
   * created: its first look reads the counters like any other.
   */
  countersMissPast?: boolean;
}

/** A running maintenance: its looks so far, and its stop. */
export interface Maintenance {
  /** How many times it has gone to the database (the first vacuum, then each read of the statistics). */
  readonly looks: number;
  stop(): Promise<void>;
}

/**
 * Every `everyMs` looks for tables due and vacuums them, if rows were
 * written since its last look or `lookAtLeastEveryMs` has passed: an idle
 * process does not query (issue 16). The counters it reads live in the
 * process and start from zero with it, so the first look vacuums every
 * table (changes made before a restart count too), unless this process
 * created the database (`countersMissPast` false).
 */
export function startMaintenance(
  db: Database,
  log: MaintenanceLog,
  options: MaintenanceOptions,
): Maintenance {
  const { everyMs, rowsWritten, lookAtLeastEveryMs = 3_600_000, countersMissPast = true } = options;
  let first = countersMissPast;
  let looks = 0;
  let seen: number | undefined;
  let lookedAt = 0;
  let running: Promise<void> | undefined;
  const tick = async () => {
    const written = rowsWritten?.();
    const quiet = written !== undefined && written === seen;
    if (!first && quiet && performance.now() - lookedAt < lookAtLeastEveryMs) return;
    // Read before the look: rows written while it runs make the next one look.
    seen = written;
    lookedAt = performance.now();
    looks += 1;
    const started = performance.now();
    let tables: string[] | undefined;
    try {
      tables = first ? undefined : await tablesDue(db);
      if (tables?.length === 0) return;
      await vacuumAnalyze(db, tables);
    } catch (error) {
      // A failed look is looked again at the next tick, writes or not.
      seen = undefined;
      throw error;
    }
    first = false;
    log.info(
      { tables: tables ?? "all", ms: Math.round(performance.now() - started) },
      "database maintenance: vacuumed and analyzed",
    );
  };
  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((error: unknown) => log.warn({ err: error }, "database maintenance failed"))
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return {
    get looks() {
      return looks;
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
