import { type Bound, bind } from "../../db/bound-store.ts";
import type { Executor } from "../../db/client.ts";
import * as subscriptions from "./subscriptions.repository.ts";

/**
 * The subscriptions' data: their repository bound to the database or to
 * the transaction in progress, and `withTx` to run work in one transaction.
 */
export class SubscriptionsStore {
  readonly subscriptions: Bound<typeof subscriptions>;

  constructor(
    /** The database, or the transaction this store's work runs in. */
    readonly executor: Executor,
  ) {
    this.subscriptions = bind(subscriptions, executor);
  }

  /**
   * Runs `work` in one transaction with a store bound to it; inside a
   * transaction already, in a savepoint of it.
   */
  withTx<T>(work: (tx: SubscriptionsStore) => Promise<T>): Promise<T> {
    return this.executor.transaction((tx) => work(new SubscriptionsStore(tx)));
  }
}
