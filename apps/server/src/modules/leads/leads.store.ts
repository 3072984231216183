import { type Bound, bind } from "../../db/bound-store.ts";
import type { Executor } from "../../db/client.ts";
import * as leads from "./leads.repository.ts";

/** The leads' data: their repository bound to the database or the transaction in progress. */
export class LeadsStore {
  readonly leads: Bound<typeof leads>;

  constructor(
    /** The database, or the transaction this store's work runs in. */
    readonly executor: Executor,
  ) {
    this.leads = bind(leads, executor);
  }

  /** Runs `work` in one transaction (a savepoint inside one already) with a store bound to it. */
  withTx<T>(work: (tx: LeadsStore) => Promise<T>): Promise<T> {
    return this.executor.transaction((tx) => work(new LeadsStore(tx)));
  }
}
