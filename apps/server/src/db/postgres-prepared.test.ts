import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgliteWorker, startPgliteWorker } from "./pglite-wire.ts";
import { prepareReads } from "./postgres-prepared.ts";

const url = process.env.TEST_DATABASE_URL;

/** What the connection has prepared: name, text and how its runs were planned. */
async function preparedOn(client: pg.PoolClient) {
  const result = await client.query(
    "select name, statement, generic_plans, custom_plans from pg_prepared_statements order by name",
  );
  return result.rows as Array<{
    name: string;
    statement: string;
    generic_plans: string | number;
    custom_plans: string | number;
  }>;
}

// On PostgreSQL when CI's second pass names one, else on PGlite in its worker (the same driver path).
describe("reads prepared once per connection", () => {
  let pool: pg.Pool;
  let worker: PgliteWorker | undefined;
  beforeAll(async () => {
    if (url) {
      pool = new pg.Pool({
        connectionString: url,
        max: 1,
        options: "-c plan_cache_mode=force_generic_plan",
      });
    } else {
      const started = await startPgliteWorker(undefined);
      worker = started;
      pool = new pg.Pool({ stream: () => started.connect(), max: 1 });
    }
    prepareReads(pool);
  });
  afterAll(async () => {
    await pool?.end();
    await worker?.close();
  });

  it("names a select by its text, plans it once and answers as unnamed", async () => {
    const read = { text: "select $1::int + 1 as next, $2::text as word" };
    const first = await pool.query({ ...read, values: [1, "ёлка"] });
    const second = await pool.query({ ...read, values: [41, "дуб"] });
    expect(first.rows).toEqual([{ next: 2, word: "ёлка" }]);
    expect(second.rows).toEqual([{ next: 42, word: "дуб" }]);

    const client = await pool.connect();
    try {
      const ours = (await preparedOn(client)).filter((row) => row.statement === read.text);
      expect(ours).toHaveLength(1);
      expect(ours[0]?.name).toMatch(/^fonika_[0-9a-f]{24}$/);
      expect(Number(ours[0]?.generic_plans)).toBe(2);
      expect(Number(ours[0]?.custom_plans)).toBe(0);
    } finally {
      client.release();
    }
  });

  it("leaves writes, plain strings and drizzle's own names alone", async () => {
    await pool.query({ text: "create temporary table if not exists notes (body text)" });
    await pool.query({ text: "insert into notes values ($1)", values: ["раз"] });
    await pool.query("select count(*) from notes");
    await pool.query({ name: "drizzle_named", text: "select body from notes" });
    const client = await pool.connect();
    try {
      const statements = await preparedOn(client);
      expect(statements.map((row) => row.name)).toContain("drizzle_named");
      for (const text of ["insert into notes values ($1)", "select count(*) from notes"]) {
        expect(statements.map((row) => row.statement)).not.toContain(text);
      }
    } finally {
      client.release();
    }
  });
});
