import { LIBRARY_QUERY_KEY } from "../../../lib/library-cache.ts";

/** Every cached vault answer: listings and trees. */
export const vaultQueryKey = [...LIBRARY_QUERY_KEY, "vault"] as const;
