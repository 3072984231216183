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

/**
 * Looks every `everyMs` for tables due and vacuums them. The counters it
 * reads live in the process and start from zero with it, so the first look
 * vacuums every table: changes made before a restart count too.
 */
export function startMaintenance(
  db: Database,
  log: MaintenanceLog,
  everyMs: number,
): { stop(): Promise<void> } {
  let first = true;
  let running: Promise<void> | undefined;
  const tick = async () => {
    const started = performance.now();
    const tables = first ? undefined : await tablesDue(db);
    if (tables?.length === 0) return;
    await vacuumAnalyze(db, tables);
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
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
