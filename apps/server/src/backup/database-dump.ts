import { once } from "node:events";
import { createWriteStream, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { finished } from "node:stream/promises";
import pg from "pg";
import { startPgliteWorker } from "../db/pglite-wire.ts";

/**
 * A logical dump of the embedded database: the live rows of every table,
 * nothing else. A copy of PGlite's data folder would carry what was deleted
 * or overwritten as long as PostgreSQL keeps it (dead tuples until a vacuum
 * reuses their space, free space, WAL segments): a deleted client's name
 * and phone would come back with it. Rows read through SQL are only the
 * rows that are there now.
 *
 * Each table is one file of JSON lines, a line a row: an array of its
 * columns' values in PostgreSQL's own text form (`value::text`, what COPY
 * writes), null for NULL. The text form goes back through the same type's
 * input function on load, so every type round-trips as COPY's does.
 * Generated columns are left out (the load computes them again); the
 * schema is not dumped: a restore builds it from our migrations, as many as
 * the database had (the manifest says how many).
 */

/** The folder's table of contents (`tables.json`), read by the load. */
export interface DumpIndex {
  format: "fonika-rows-1";
  tables: DumpedTable[];
  sequences: DumpedSequence[];
}

export interface DumpedTable {
  schema: string;
  name: string;
  /** The columns of each line, in order (generated ones left out). */
  columns: string[];
  /** The file of its rows, in the dump's folder. */
  file: string;
  rows: number;
}

export interface DumpedSequence {
  schema: string;
  name: string;
  /** bigint as text. */
  lastValue: string;
  isCalled: boolean;
}

export const DUMP_INDEX = "tables.json";

/**
 * The schemas a dump leaves out: PostgreSQL's own, and drizzle's record of
 * applied migrations, which the restore's migrations write again.
 */
const LEFT_OUT_SCHEMAS = ["pg_catalog", "information_schema", "pg_toast", "drizzle"];

/**
 * Rows fetched at a time: one fetch is parsed and written in one turn of
 * the event loop (about 4 ms for 2 000 song rows here), so a backup never
 * holds it long, whatever the size of the library.
 */
const ROWS_PER_FETCH = 2_000;

/**
 * The session's text forms, fixed so that a dump reads the same wherever
 * it was taken and its load parses it back exactly (dates ISO with their
 * offset, floats at the shortest form that reads back the same).
 */
export const TEXT_FORM_SETTINGS =
  "set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres'; set extra_float_digits = 1; set bytea_output = 'hex'";

/**
 * Dumps the live rows of the PGlite data folder `dataFolder` into the new
 * folder `target` (`tables.json` and one `.jsonl` file a table). The
 * folder must be no running server's: the backup dumps a copy taken
 * between transactions (snapshot.ts), opened here in a thread of its own,
 * so the server neither waits for the dump nor runs it. One read-only
 * repeatable-read transaction: the rows of one instant even if the folder
 * were shared. Answers the index written.
 */
export async function dumpDatabase(dataFolder: string, target: string): Promise<DumpIndex> {
  mkdirSync(target, { recursive: true });
  const worker = await startPgliteWorker(dataFolder);
  const client = new pg.Client({ stream: () => worker.connect() });
  try {
    await client.connect();
    await client.query(TEXT_FORM_SETTINGS);
    await client.query("begin isolation level repeatable read read only");
    const tables: DumpedTable[] = [];
    for (const [index, table] of (await listTables(client)).entries()) {
      const file = `${String(index + 1).padStart(3, "0")}-${table.name.replace(/[^\w-]/g, "_")}.jsonl`;
      const rows = await dumpTable(client, table, path.join(target, file));
      tables.push({ ...table, file, rows });
    }
    const sequences = await readSequences(client);
    await client.query("commit");
    const index: DumpIndex = { format: "fonika-rows-1", tables, sequences };
    writeFileSync(path.join(target, DUMP_INDEX), `${JSON.stringify(index, null, 2)}\n`);
    return index;
  } finally {
    await client.end().catch(() => undefined);
    await worker.close();
  }
}

/** Ordinary tables (unlogged ones too) of our schemas, with their stored, non-generated columns. */
async function listTables(client: pg.Client): Promise<Array<Omit<DumpedTable, "file" | "rows">>> {
  const { rows } = await client.query<{ schema: string; name: string; columns: string[] | null }>(
    `select n.nspname as schema, c.relname as name,
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                     and a.attgenerated = ''
                   order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and c.relpersistence <> 't'
        and n.nspname <> all ($1::text[]) and n.nspname not like 'pg_temp%'
        and not exists (select 1 from pg_depend d
                         where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by n.nspname, c.relname`,
    [LEFT_OUT_SCHEMAS],
  );
  return rows.map((row) => ({ schema: row.schema, name: row.name, columns: row.columns ?? [] }));
}

/** Streams one table's rows to `file` through a cursor, a fetch at a time; answers how many. */
async function dumpTable(
  client: pg.Client,
  table: Omit<DumpedTable, "file" | "rows">,
  file: string,
): Promise<number> {
  const values = table.columns.map((column) => `${client.escapeIdentifier(column)}::text`);
  const relation = `${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)}`;
  await client.query(
    `declare dumped_rows no scroll cursor for
       select to_json(array[${values.join(", ")}]::text[])::text from only ${relation}`,
  );
  const out = createWriteStream(file, { mode: 0o600 });
  // Listens for the file's errors from the start; awaited once the rows are written.
  const written = finished(out);
  written.catch(() => undefined);
  let count = 0;
  try {
    for (;;) {
      const { rows } = await client.query<[string]>({
        text: `fetch forward ${ROWS_PER_FETCH} from dumped_rows`,
        rowMode: "array",
      });
      if (rows.length === 0) break;
      count += rows.length;
      let chunk = "";
      for (const [line] of rows) chunk += `${line}\n`;
      if (!out.write(chunk)) await once(out, "drain");
      if (rows.length < ROWS_PER_FETCH) break;
    }
  } finally {
    out.end();
  }
  await written;
  await client.query("close dumped_rows");
  return count;
}

/** Every sequence of our schemas where it stands (a serial's next number follows it on load). */
async function readSequences(client: pg.Client): Promise<DumpedSequence[]> {
  const { rows: names } = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname <> all ($1::text[]) and n.nspname not like 'pg_temp%'
      order by 1, 2`,
    [LEFT_OUT_SCHEMAS],
  );
  const sequences: DumpedSequence[] = [];
  for (const { schema, name } of names) {
    const relation = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${relation}`,
    );
    const [state] = rows;
    if (state)
      sequences.push({ schema, name, lastValue: state.last_value, isCalled: state.is_called });
  }
  return sequences;
}
