import { tariffsQueryKey } from "./tariffs-query-key.ts";

/** The tariffs one client holds; under `tariffsQueryKey`, so a changed tariff refreshes them too. */
export const userTariffsQueryKey = (userId: string) =>
  [...tariffsQueryKey, "user", userId] as const;
