import { copyFileSync, createReadStream, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsFolder } from "../db/client.ts";
import { startPgliteWorker } from "../db/pglite-wire.ts";
import { tightenTree } from "../lib/private-data-dir.ts";
import {
  DUMP_INDEX,
  type DumpedTable,
  type DumpIndex,
  TEXT_FORM_SETTINGS,
} from "./database-dump.ts";

/** Lines sent in one insert: bounded by count and by characters, so a table of long texts stays small per statement. */
const LINES_PER_INSERT = 1_000;
const CHARACTERS_PER_INSERT = 4_000_000;

interface Journal {
  entries: Array<{ tag: string }>;
}

/** How many migrations this code has (its journal's entries). */
export function knownMigrations(): number {
  return readJournal(migrationsFolder).entries.length;
}

/**
 * Builds a new embedded database in the empty or missing folder
 * `dataFolder` from a dump (database-dump.ts): the schema by our first
 * `migrations` migrations (those the dumped database had: the server's
 * start applies the newer ones to the loaded rows, as it would have to the
 * live database), then every table's rows in one transaction, with
 * triggers and foreign-key checks off as pg_restore does (`session_replication_role
 * = replica`: the rows were consistent when dumped, and what triggers keep,
 * such as the search vocabulary, is dumped too), then the sequences. A
 * table's count of rows must match the index, or nothing is kept.
 * `workFolder` takes the partial migrations. Answers the rows loaded.
 */
export async function loadDatabase(
  dumpFolder: string,
  dataFolder: string,
  migrations: number,
  workFolder: string,
): Promise<number> {
  const index = JSON.parse(readFileSync(path.join(dumpFolder, DUMP_INDEX), "utf8")) as DumpIndex;
  if (index.format !== "fonika-rows-1") {
    throw new Error(`${DUMP_INDEX} is of a dump format this version does not read`);
  }
  mkdirSync(dataFolder, { recursive: true });
  const worker = await startPgliteWorker(dataFolder);
  const client = new pg.Client({ stream: () => worker.connect() });
  let loaded = 0;
  try {
    await client.connect();
    await migrate(drizzle({ client }), {
      migrationsFolder: firstMigrations(migrations, path.join(workFolder, "migrations")),
    });
    await client.query(TEXT_FORM_SETTINGS);
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    // Rows a migration put in (the library's root folders) are in the dump as they were then.
    if (index.tables.length > 0) {
      await client.query(
        `truncate ${index.tables.map((table) => relationOf(client, table)).join(", ")}`,
      );
    }
    for (const table of index.tables) {
      loaded += await loadTable(client, table, path.join(dumpFolder, table.file));
    }
    for (const sequence of index.sequences) {
      await client.query("select setval($1::regclass, $2::bigint, $3)", [
        relationOf(client, sequence),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await client.query("commit");
    // The planner's statistics, as the dumped database had them after its maintenance.
    await client.query("analyze");
  } finally {
    await client.end().catch(() => undefined);
    await worker.close();
  }
  // PGlite's first start writes files 0666; DATA_DIR's are owner-only.
  tightenTree(dataFolder);
  return loaded;
}

async function loadTable(client: pg.Client, table: DumpedTable, file: string): Promise<number> {
  const { rows: types } = await client.query<{ name: string; type: string }>(
    `select a.attname::text as name, format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped`,
    [relationOf(client, table)],
  );
  const typeOf = new Map(types.map((column) => [column.name, column.type]));
  const values = table.columns.map((column, position) => {
    const type = typeOf.get(column);
    if (!type) {
      throw new Error(`The backup's ${table.schema}.${table.name}.${column} is not in the schema`);
    }
    return `(line->>${position})::${type}`;
  });
  const columns = table.columns.map((column) => client.escapeIdentifier(column)).join(", ");
  // Identity columns take the dumped values (a no-op where there are none).
  const insert =
    `insert into ${relationOf(client, table)} (${columns}) overriding system value ` +
    `select ${values.join(", ")} from json_array_elements($1::json) as line`;
  let count = 0;
  let batch: string[] = [];
  let characters = 0;
  const send = async () => {
    if (batch.length === 0) return;
    const result = await client.query(insert, [`[${batch.join(",")}]`]);
    count += result.rowCount ?? 0;
    batch = [];
    characters = 0;
  };
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === "") continue;
    batch.push(line);
    characters += line.length;
    if (batch.length >= LINES_PER_INSERT || characters >= CHARACTERS_PER_INSERT) await send();
  }
  await send();
  if (count !== table.rows) {
    throw new Error(
      `The backup's ${table.schema}.${table.name} holds ${count} rows where it says ${table.rows}: the archive is damaged`,
    );
  }
  return count;
}

function relationOf(client: pg.Client, table: { schema: string; name: string }): string {
  return `${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)}`;
}

/** A migrations folder of this code's first `count` migrations (drizzle applies a folder whole). */
function firstMigrations(count: number, folder: string): string {
  const journal = readJournal(migrationsFolder);
  if (count > journal.entries.length) {
    throw new Error(`The backup has ${count} migrations, this code ${journal.entries.length}`);
  }
  mkdirSync(path.join(folder, "meta"), { recursive: true });
  const entries = journal.entries.slice(0, count);
  writeFileSync(
    path.join(folder, "meta", "_journal.json"),
    JSON.stringify({ ...journal, entries }, null, 2),
  );
  for (const { tag } of entries) {
    copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return folder;
}

function readJournal(folder: string): Journal {
  return JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as Journal;
}
