import type { Executor } from "./client.ts";

/*
 * How a module reaches its tables (after Navidrome's DataStore): its
 * repositories' functions bound to the database or to the transaction in
 * progress. Every module's store is made by `defineStore` over its
 * repositories, so all of them work alike; docs/architecture.md.
 */

/**
 * A repository's functions with the executor given once: `find(id)` for
 * `find(db, id)`. Only functions whose first parameter is an executor are
 * kept; helpers of another shape stay importable from the file itself.
 */
export type Bound<Repository> = {
  [Name in keyof Repository as Repository[Name] extends (db: Executor, ...rest: never[]) => unknown
    ? Name
    : never]: Repository[Name] extends (db: Executor, ...rest: infer Rest) => infer Result
    ? (...rest: Rest) => Result
    : never;
};

function bind<Repository extends object>(
  repository: Repository,
  executor: Executor,
): Bound<Repository> {
  const bound: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(repository)) {
    if (typeof value === "function") {
      bound[name] = (...rest: unknown[]) => value(executor, ...rest);
    }
  }
  return bound as Bound<Repository>;
}

/** A module's store: each of its repositories bound to one executor, and `withTx`. */
export type Store<Repositories extends Record<string, object>> = {
  readonly [Name in keyof Repositories]: Bound<Repositories[Name]>;
} & {
  /** The database, or the transaction this store's work runs in. */
  readonly executor: Executor;
  /**
   * Runs `work` in one transaction with a store bound to it; inside a
   * transaction already, in a savepoint of it. Committed when `work`
   * resolves, rolled back when it throws.
   */
  withTx<T>(work: (tx: Store<Repositories>) => Promise<T>): Promise<T>;
};

/**
 * The store class of a module over its repositories (one per table or
 * part it owns): `export const XStore = defineStore({ x })`, then
 * `new XStore(db)` and `store.withTx(async (tx) => tx.x.update(…))`.
 */
export function defineStore<Repositories extends Record<string, object>>(
  repositories: Repositories,
): new (
  executor: Executor,
) => Store<Repositories> {
  class ModuleStore {
    constructor(readonly executor: Executor) {
      for (const [name, repository] of Object.entries(repositories)) {
        (this as Record<string, unknown>)[name] = bind(repository, executor);
      }
    }

    withTx<T>(work: (tx: Store<Repositories>) => Promise<T>): Promise<T> {
      return this.executor.transaction((tx) =>
        work(new ModuleStore(tx) as unknown as Store<Repositories>),
      );
    }
  }
  return ModuleStore as unknown as new (
    executor: Executor,
  ) => Store<Repositories>;
}
