import { type Bound, bind } from "../../db/bound-store.ts";
import type { Executor } from "../../db/client.ts";
import * as establishments from "./establishments.repository.ts";

/**
 * The establishments' data: their repository bound to the database or to
 * the transaction in progress, and `withTx` to run work in one transaction.
 */
export class EstablishmentsStore {
  readonly establishments: Bound<typeof establishments>;

  constructor(
    /** The database, or the transaction this store's work runs in. */
    readonly executor: Executor,
  ) {
    this.establishments = bind(establishments, executor);
  }

  /**
   * Runs `work` in one transaction with a store bound to it; inside a
   * transaction already, in a savepoint of it.
   */
  withTx<T>(work: (tx: EstablishmentsStore) => Promise<T>): Promise<T> {
    return this.executor.transaction((tx) => work(new EstablishmentsStore(tx)));
  }
}
