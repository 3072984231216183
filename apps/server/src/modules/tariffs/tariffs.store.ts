import { type Bound, bind } from "../../db/bound-store.ts";
import type { Executor } from "../../db/client.ts";
import * as tariffs from "./tariffs.repository.ts";

/**
 * The tariffs' data (tariffs, their features, items and playlists, and the
 * playlists granted to clients): the repository bound to the database or
 * the transaction in progress.
 */
export class TariffsStore {
  readonly tariffs: Bound<typeof tariffs>;

  constructor(
    /** The database, or the transaction this store's work runs in. */
    readonly executor: Executor,
  ) {
    this.tariffs = bind(tariffs, executor);
  }

  /** Runs `work` in one transaction (a savepoint inside one already) with a store bound to it. */
  withTx<T>(work: (tx: TariffsStore) => Promise<T>): Promise<T> {
    return this.executor.transaction((tx) => work(new TariffsStore(tx)));
  }
}
