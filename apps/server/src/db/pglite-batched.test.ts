import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { batchSelects } from "./pglite-batched.ts";

/**
 * The batched select path answers exactly what PGlite's own `query` does:
 * one in-memory database queried through both, for every column type the
 * schema uses, both row modes, per-query parsers, errors and transactions.
 */
let plain: PGlite;
let batched: PGlite;
const setup = `
  create table things (
    id uuid primary key, name text, tags text[] not null, at timestamptz not null,
    amount integer, ok boolean, meta jsonb, price numeric
  );
  insert into things values
    ('8b0f0c52-6a5c-4d7e-9d8e-1f2a3b4c5d6e', 'Ёлка', '{a,"b c"}', '2026-11-23T10:00:00Z', 42, true, '{"k": [1, 2]}', 12.50),
    ('00000000-0000-4000-8000-000000000001', null, '{}', '2026-01-01T00:00:00Z', null, false, null, null);
`;

beforeAll(async () => {
  plain = await PGlite.create();
  batched = await PGlite.create();
  await plain.exec(setup);
  await batched.exec(setup);
  batchSelects(batched);
});

afterAll(async () => {
  await plain?.close();
  await batched?.close();
});

const queries: Array<[string, unknown[]]> = [
  ["select * from things order by id", []],
  ["select id, name, tags, at from things where id = $1", ["8b0f0c52-6a5c-4d7e-9d8e-1f2a3b4c5d6e"]],
  ["select * from things where amount > $1 and ok = $2", [1, true]],
  ["select * from things where tags @> $1", [["a"]]],
  ["select * from things where at < $1", [new Date("2026-06-01T00:00:00Z")]],
  ["select count(*) as total from things where name is null", []],
  ["select 1 as one", []],
];

describe("batchSelects", () => {
  it("answers every select exactly as PGlite's own query, twice (prepared, then reused)", async () => {
    for (const [text, params] of queries) {
      for (const rowMode of ["object", "array"] as const) {
        const expected = await plain.query(text, params, { rowMode });
        for (let run = 0; run < 2; run++) {
          const actual = await batched.query(text, params, { rowMode });
          expect(actual.rows, `${text} (${rowMode})`).toEqual(expected.rows);
          expect(actual.fields, text).toEqual(expected.fields);
        }
      }
    }
  });

  it("applies per-query parsers as drizzle passes them", async () => {
    const options = { parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
    const text = "select at from things order by id";
    expect((await batched.query(text, [], options)).rows).toEqual(
      (await plain.query(text, [], options)).rows,
    );
    expect(typeof (await batched.query<{ at: unknown }>(text, [], options)).rows[0]?.at).toBe(
      "string",
    );
  });

  it("throws PostgreSQL's error for a bad statement or value and keeps working", async () => {
    await expect(batched.query("select nope from things")).rejects.toThrow(/nope/);
    await expect(
      batched.query("select * from things where id = $1", ["not-a-uuid"]),
    ).rejects.toThrow(/uuid/);
    expect((await batched.query("select 2 as two")).rows).toEqual([{ two: 2 }]);
  });

  it("leaves writes to PGlite's own path and waits for an open transaction", async () => {
    const inserted = await batched.query(
      "insert into things (id, tags, at) values ($1, $2, now()) returning id",
      ["00000000-0000-4000-8000-000000000002", ["x"]],
    );
    expect(inserted.rows).toEqual([{ id: "00000000-0000-4000-8000-000000000002" }]);
    expect(inserted.affectedRows).toBe(1);

    const finished: string[] = [];
    const transaction = batched
      .transaction(async (tx) => {
        await tx.query("update things set amount = 7 where id = $1", [
          "00000000-0000-4000-8000-000000000002",
        ]);
        await new Promise((resolve) => setTimeout(resolve, 50));
      })
      .then(() => finished.push("transaction"));
    const read = batched
      .query<{ amount: number }>("select amount from things where id = $1", [
        "00000000-0000-4000-8000-000000000002",
      ])
      .then((result) => {
        finished.push("read");
        return result;
      });
    const [, after] = await Promise.all([transaction, read]);
    // The read ran after the commit, not inside the open transaction.
    expect(finished).toEqual(["transaction", "read"]);
    expect(after.rows).toEqual([{ amount: 7 }]);
  });
});
