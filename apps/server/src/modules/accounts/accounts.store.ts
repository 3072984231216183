import { type Bound, bind } from "../../db/bound-store.ts";
import type { Executor } from "../../db/client.ts";
import * as accounts from "./accounts.repository.ts";

/**
 * The accounts' data (the users table: sign-in addresses, authority,
 * status, profiles): the repository bound to the database or the
 * transaction in progress.
 */
export class AccountsStore {
  readonly accounts: Bound<typeof accounts>;

  constructor(
    /** The database, or the transaction this store's work runs in. */
    readonly executor: Executor,
  ) {
    this.accounts = bind(accounts, executor);
  }

  /** Runs `work` in one transaction (a savepoint inside one already) with a store bound to it. */
  withTx<T>(work: (tx: AccountsStore) => Promise<T>): Promise<T> {
    return this.executor.transaction((tx) => work(new AccountsStore(tx)));
  }
}
