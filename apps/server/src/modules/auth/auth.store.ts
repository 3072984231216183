import { type Bound, bind } from "../../db/bound-store.ts";
import type { Executor } from "../../db/client.ts";
import * as auth from "./auth.repository.ts";
import * as deviceCodes from "./device-codes.repository.ts";
import * as rateLimits from "./rate-limit.repository.ts";

/**
 * Sign-in's data: codes, sessions and their refresh tokens (`auth`), the
 * second-device codes (`deviceCodes`) and the rate-limit counters
 * (`rateLimits`), each repository bound to the database or the
 * transaction in progress.
 */
export class AuthStore {
  readonly auth: Bound<typeof auth>;
  readonly deviceCodes: Bound<typeof deviceCodes>;
  readonly rateLimits: Bound<typeof rateLimits>;

  constructor(
    /** The database, or the transaction this store's work runs in. */
    readonly executor: Executor,
  ) {
    this.auth = bind(auth, executor);
    this.deviceCodes = bind(deviceCodes, executor);
    this.rateLimits = bind(rateLimits, executor);
  }

  /** Runs `work` in one transaction (a savepoint inside one already) with a store bound to it. */
  withTx<T>(work: (tx: AuthStore) => Promise<T>): Promise<T> {
    return this.executor.transaction((tx) => work(new AuthStore(tx)));
  }
}
