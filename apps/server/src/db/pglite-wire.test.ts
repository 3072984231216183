import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgliteWorker, startPgliteWorker } from "./pglite-wire.ts";

/**
 * The embedded database in its thread, reached by node-postgres: one
 * PGlite session behind several connections must behave as several
 * sessions would for our code — a transaction sees no other connection's
 * statements, prepared statements do not collide, and what pg writes is
 * framed whatever the chunks.
 */
let worker: PgliteWorker;
let pool: pg.Pool;

const poolOn = (target: PgliteWorker, max = 4) =>
  new pg.Pool({
    stream: () => target.connect(),
    max,
    idleTimeoutMillis: 0,
  });

beforeAll(async () => {
  worker = await startPgliteWorker(undefined);
  pool = poolOn(worker);
  await pool.query(`
    create table counter (id int primary key, value int not null);
    insert into counter values (1, 0);
    create table steps (tx int not null, step int not null, xid text not null);
  `);
});

afterAll(async () => {
  await pool?.end();
  await worker?.close();
});

describe("the embedded database's thread through node-postgres", () => {
  it("runs concurrent transactions one at a time, with plain queries in between, none interleaved", async () => {
    const db = drizzle({ client: pool });
    const transactions = 12;
    const runTransaction = (tx: number) =>
      db.transaction(async (t) => {
        for (let step = 0; step < 3; step++) {
          // Read, wait (other connections send meanwhile), write: a lost
          // update or a foreign statement inside would show below.
          const [row] = (
            await t.execute(sql`select value, pg_current_xact_id()::text as xid from counter`)
          ).rows as Array<{ value: number; xid: string }>;
          await sleep(2);
          await t.execute(sql`update counter set value = ${(row?.value ?? 0) + 1}`);
          await t.execute(
            sql`insert into steps values (${tx}, ${step}, pg_current_xact_id()::text)`,
          );
        }
      });
    const reads: number[] = [];
    const plainQueries = Array.from({ length: 30 }, async (_, index) => {
      await sleep(index);
      const result = await pool.query<{ value: number }>("select value from counter");
      reads.push(result.rows[0]?.value ?? -1);
    });
    await Promise.all([
      ...Array.from({ length: transactions }, (_, tx) => runTransaction(tx)),
      ...plainQueries,
    ]);

    const counter = await pool.query<{ value: number }>("select value from counter");
    expect(counter.rows[0]?.value).toBe(transactions * 3);
    // Every transaction's steps are in one database transaction of its own.
    const grouped = await pool.query<{ tx: number; xids: string[] }>(
      "select tx, array_agg(distinct xid) as xids from steps group by tx order by tx",
    );
    expect(grouped.rows).toHaveLength(transactions);
    for (const row of grouped.rows) expect(row.xids).toHaveLength(1);
    const distinct = new Set(grouped.rows.map((row) => row.xids[0]));
    expect(distinct.size).toBe(transactions);
    // Plain queries saw only committed states: whole transactions (multiples of 3).
    expect(reads).toHaveLength(30);
    for (const value of reads) expect(value % 3).toBe(0);
  });

  it("holds another connection's query until the transaction ends, and a rollback leaves nothing", async () => {
    const holder = await pool.connect();
    try {
      await holder.query("begin");
      await holder.query("update counter set value = -100");
      let answered = false;
      const outside = pool.query<{ value: number }>("select value from counter").then((result) => {
        answered = true;
        return result.rows[0]?.value;
      });
      await sleep(50);
      expect(answered).toBe(false);
      const inside = await holder.query<{ value: number }>("select value from counter");
      expect(inside.rows[0]?.value).toBe(-100);
      await holder.query("rollback");
      expect(await outside).toBe(36);
    } finally {
      holder.release();
    }
  });

  it("rolls back the transaction of a connection that goes away, and the others go on", async () => {
    const doomed = await pool.connect();
    await doomed.query("begin");
    await doomed.query("update counter set value = -1");
    const waiting = pool.query<{ value: number }>("select value from counter");
    doomed.release(true); // destroys the connection mid-transaction
    expect((await waiting).rows[0]?.value).toBe(36);
  });

  it("answers PostgreSQL's errors and leaves the session usable, in and out of transactions", async () => {
    await expect(pool.query("select $1::uuid", ["not-a-uuid"])).rejects.toMatchObject({
      code: "22P02",
    });
    const db = drizzle({ client: pool });
    await expect(
      db.transaction(async (t) => {
        await t.execute(sql`update counter set value = 999`);
        await t.execute(sql`insert into counter values (1, 1)`);
      }),
    ).rejects.toMatchObject({ cause: { code: "23505" } });
    const after = await pool.query<{ value: number }>("select value from counter");
    expect(after.rows[0]?.value).toBe(36);
  });

  it("shares named statements between connections; a name with another text is still an error", async () => {
    const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    try {
      const read = { name: "wire_read", text: "select $1::int + 1 as next" };
      for (const [index, client] of clients.entries()) {
        const result = await client.query({ ...read, values: [index] });
        expect(result.rows).toEqual([{ next: index + 1 }]);
      }
      const prepared = await pool.query(
        "select count(*)::int as n from pg_prepared_statements where name = 'wire_read'",
      );
      expect(prepared.rows).toEqual([{ n: 1 }]);
      const other = clients[2];
      await other?.query({ name: "wire_other", text: "select 1 as one" });
      await expect(
        clients[0]?.query({ name: "wire_other", text: "select 2 as two" }),
      ).rejects.toThrow(/already exists/);
      // The failed Parse left the connection and the statement as they were.
      expect((await other?.query({ name: "wire_other", text: "select 1 as one" }))?.rows).toEqual([
        { one: 1 },
      ]);
    } finally {
      for (const client of clients) client.release();
    }
  });

  it("frames messages split across chunks and several in one chunk", async () => {
    const stream = worker.connect();
    const replies: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => replies.push(chunk));
    const bytes = Buffer.concat([
      startupMessage(),
      typedMessage("Q", "select 'одна' as a\0"),
      typedMessage("Q", "select 2 as b; select 3 as c\0"),
      typedMessage("P", "\0select $1::text as d\0\0\0"),
      typedMessage("B", `\0\0\0\0\0\x01${int32(4)}five\0\0`),
      typedMessage("E", "\0\0\0\0\0"),
      typedMessage("S", ""),
    ]);
    // Chunks of 1 to 7 bytes: headers and bodies cut anywhere.
    for (let offset = 0, size = 1; offset < bytes.length; offset += size, size = (size % 7) + 1) {
      stream.write(bytes.subarray(offset, offset + size));
    }
    const messages = await until(() => {
      const all = framed(Buffer.concat(replies));
      return all.filter((message) => message.type === "Z").length === 4 ? all : undefined;
    });
    const rows = messages.filter((message) => message.type === "D").map((message) => message.text);
    expect(rows.map((text) => text.slice(6))).toEqual(["одна", "2", "3", "five"]);
    expect(messages.some((message) => message.type === "E")).toBe(false);
    stream.destroy();
  });

  it("keeps what was written in its folder after close", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "fonika-wire-"));
    try {
      const first = await startPgliteWorker(directory);
      const firstPool = poolOn(first, 2);
      await firstPool.query("create table kept (word text)");
      await firstPool.query("insert into kept values ($1)", ["ёлка"]);
      await firstPool.end();
      await first.close();

      const second = await startPgliteWorker(directory);
      const secondPool = poolOn(second, 1);
      try {
        expect((await secondPool.query("select word from kept")).rows).toEqual([{ word: "ёлка" }]);
      } finally {
        await secondPool.end();
        await second.close();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 30_000);
});

function int32(value: number): string {
  return String.fromCharCode(...Buffer.from(Int32Array.of(value).buffer).reverse());
}

function startupMessage(): Buffer {
  const body = Buffer.from("user\0postgres\0database\0postgres\0\0");
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + body.length, 0);
  head.writeInt32BE(196_608, 4);
  return Buffer.concat([head, body]);
}

function typedMessage(type: string, body: string): Buffer {
  // Control bytes and lengths as single bytes; Cyrillic text as UTF-8.
  const latin1 = [...body].every((character) => character.charCodeAt(0) < 0x100);
  const content = Buffer.from(body, latin1 ? "latin1" : "utf8");
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(4 + content.length, 1);
  return Buffer.concat([head, content]);
}

function framed(bytes: Buffer): Array<{ type: string; text: string }> {
  const out: Array<{ type: string; text: string }> = [];
  // The startup's answer is framed like any other reply.
  for (let offset = 0; offset + 5 <= bytes.length; ) {
    const end = offset + 1 + bytes.readInt32BE(offset + 1);
    if (end > bytes.length) break;
    out.push({
      type: String.fromCharCode(bytes[offset] ?? 0),
      text: bytes.subarray(offset + 5, end).toString("utf8"),
    });
    offset = end;
  }
  return out;
}

async function until<T>(probe: () => T | undefined): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const value = probe();
    if (value !== undefined) return value;
    await sleep(10);
  }
  throw new Error("no answer");
}
