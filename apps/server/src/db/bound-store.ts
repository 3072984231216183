import type { Executor } from "./client.ts";

/*
 * How a module reaches its tables (the library's store, after Navidrome's
 * DataStore): its repositories' functions bound to the database or to the
 * transaction in progress. A module's store class holds one `Bound` per
 * repository and `withTx`; docs/architecture.md.
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

export function bind<Repository extends object>(
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
