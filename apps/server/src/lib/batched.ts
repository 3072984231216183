import DataLoader from "dataloader";

/** Most keys one batch takes: a statement's `= any($1)` list stays bounded. */
const MOST_KEYS = 500;

/**
 * A call asked for one key at a time, made for many keys at once: keys
 * asked for while a batch is under way wait for it and go together in the
 * next one (one batch in flight at a time); a key asked for while nothing
 * runs waits only for the I/O callbacks of the same turn. Idle, a call
 * costs its own statement, as before; in a storm (11 000 sockets
 * reconnecting after a restart, each asking for its session, its player
 * and its state) the statements number a few dozen instead of tens of
 * thousands, and the embedded database's queue stays short for the
 * commands behind it (issue 30). `runMany` answers a map; a key it leaves
 * out is answered undefined (keys are compared as a Map compares them). A
 * failed batch fails each of its calls.
 */
export function batched<Key, Value>(
  runMany: (keys: readonly Key[]) => Promise<ReadonlyMap<Key, Value>>,
): (key: Key) => Promise<Value | undefined> {
  let running: Promise<unknown> = Promise.resolve();
  const loader = new DataLoader<Key, Value | undefined>(
    async (keys) => {
      const run = runMany(keys);
      running = run.catch(() => undefined);
      const found = await run;
      return keys.map((key) => found.get(key));
    },
    {
      cache: false,
      maxBatchSize: MOST_KEYS,
      batchScheduleFn: (dispatch) => {
        void running.then(() => setImmediate(dispatch));
      },
    },
  );
  return (key) => loader.load(key);
}
