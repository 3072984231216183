import {
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
  types,
} from "@electric-sql/pglite";
import { MAX_PREPARED, PREPARED_READ } from "./prepared.ts";

const { serialize } = protocol;

interface Prepared {
  name: string;
  paramTypes: number[];
  fields: Array<{ name: string; dataTypeID: number }>;
}

/** The backend messages this module reads, as PGlite's protocol parser names them. */
type Message =
  | { name: "parameterDescription"; dataTypeIDs: number[] }
  | { name: "rowDescription"; fields: Array<{ name: string; dataTypeID: number }> }
  | { name: "dataRow"; fields: Array<string | null> }
  | { name: string };

/**
 * Makes PGlite's `query` fast for reads. PGlite runs each extended-protocol
 * step of a query (Parse, Describe, Bind, Describe, Execute, Sync) as its own
 * call into WebAssembly and then syncs its file system; for a one-row read
 * that overhead is most of the time (measured: a 13-column row by key at
 * ~1 900/s through `query`, ~10 000/s batched). Here a `select` is prepared
 * once as a named statement (its parameter and column types learnt from
 * Describe), and every later run sends Bind, Execute and Sync in one call,
 * with no file-system sync (a select writes nothing). It runs under the same
 * locks as PGlite's own `query`, so it still waits for an open transaction.
 *
 * Everything else — writes, DDL, queries inside transactions (PGlite's
 * transaction object has its own `query`), blobs, statements past
 * MAX_PREPARED — goes through PGlite's own `query` unchanged. Results have
 * the same shape and the same type parsing (PGlite's parsers and
 * serializers, per query overrides included).
 */
export function batchSelects(client: PGlite): void {
  const original = client.query.bind(client);
  const statements = new Map<string, Prepared>();
  // Execute and Sync never change; Bind is built per run.
  const executeAndSync = concat([serialize.execute({}), serialize.sync()]);
  // drizzle passes the same parser overrides object on every run of a
  // prepared query: merge it with the instance's parsers once.
  const mergedParsers = new WeakMap<object, QueryOptions["parsers"]>();
  const parsersOf = (options: QueryOptions | undefined) => {
    const overrides = options?.parsers;
    if (!overrides) return client.parsers;
    let merged = mergedParsers.get(overrides);
    if (!merged) {
      merged = { ...client.parsers, ...overrides };
      mergedParsers.set(overrides, merged);
    }
    return merged;
  };

  const run = async (batch: Uint8Array[]): Promise<Message[]> => {
    const { messages } = await client.execProtocol(concat(batch), { syncToFs: false });
    return messages as Message[];
  };

  const prepare = async (text: string): Promise<Prepared> => {
    const name = `fonika_${statements.size}`;
    const messages = await run([
      serialize.parse({ name, text, types: [] }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    ]);
    const prepared: Prepared = { name, paramTypes: [], fields: [] };
    for (const message of messages) {
      if (message.name === "parameterDescription" && "dataTypeIDs" in message) {
        prepared.paramTypes = message.dataTypeIDs;
      } else if (message.name === "rowDescription" && "fields" in message) {
        prepared.fields = message.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }));
      }
    }
    statements.set(text, prepared);
    return prepared;
  };

  const fast = async <T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> => {
    const statement = statements.get(text) ?? (await prepare(text));
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await run([
      serialize.bind({ statement: statement.name, values }),
      executeAndSync,
    ]);
    const parsers = parsersOf(options);
    const arrays = options?.rowMode === "array";
    const rows: unknown[] = [];
    for (const message of messages) {
      if (message.name !== "dataRow" || !("fields" in message)) continue;
      const parsed = (message.fields as Array<string | null>).map((value, index) =>
        types.parseType(value, statement.fields[index]?.dataTypeID ?? 0, parsers),
      );
      rows.push(
        arrays
          ? parsed
          : Object.fromEntries(statement.fields.map((field, index) => [field.name, parsed[index]])),
      );
    }
    return { rows: rows as T[], fields: statement.fields, affectedRows: 0 };
  };

  client.query = async <T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> => {
    const batchable =
      PREPARED_READ.test(text) &&
      !options?.blob &&
      (statements.has(text) || statements.size < MAX_PREPARED);
    if (!batchable) return original<T>(text, params, options);
    await client.waitReady;
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => fast<T>(text, params, options)),
    );
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
