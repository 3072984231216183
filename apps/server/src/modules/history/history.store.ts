import { type Bound, bind } from "../../db/bound-store.ts";
import type { Executor } from "../../db/client.ts";
import * as history from "./history.repository.ts";

/**
 * The broadcast history's data: its repository (plays) bound to the database or to
 * the transaction in progress, and `withTx` to run work in one transaction.
 */
export class HistoryStore {
  readonly history: Bound<typeof history>;

  constructor(
    /** The database, or the transaction this store's work runs in. */
    readonly executor: Executor,
  ) {
    this.history = bind(history, executor);
  }

  /**
   * Runs `work` in one transaction with a store bound to it; inside a
   * transaction already, in a savepoint of it.
   */
  withTx<T>(work: (tx: HistoryStore) => Promise<T>): Promise<T> {
    return this.executor.transaction((tx) => work(new HistoryStore(tx)));
  }
}
