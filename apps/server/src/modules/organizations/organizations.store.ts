import { type Bound, bind } from "../../db/bound-store.ts";
import type { Executor } from "../../db/client.ts";
import * as organizations from "./organizations.repository.ts";

/**
 * The organizations' data (clients' organizations and their payment
 * methods): the repository bound to the database or the transaction in progress.
 */
export class OrganizationsStore {
  readonly organizations: Bound<typeof organizations>;

  constructor(
    /** The database, or the transaction this store's work runs in. */
    readonly executor: Executor,
  ) {
    this.organizations = bind(organizations, executor);
  }

  /** Runs `work` in one transaction (a savepoint inside one already) with a store bound to it. */
  withTx<T>(work: (tx: OrganizationsStore) => Promise<T>): Promise<T> {
    return this.executor.transaction((tx) => work(new OrganizationsStore(tx)));
  }
}
