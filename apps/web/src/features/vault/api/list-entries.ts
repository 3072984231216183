import { PAGING, vaultApi } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { vaultQueryKey } from "./vault-query-key.ts";

/** The sorts of a listing (SPEC.md §9: content by name by default). */
export type EntrySort = "name" | "size" | "createdDate" | "modifiedDate" | "position";
export type SortOrder = "asc" | "desc";

export interface EntriesRequest {
  entryId: string;
  /** Counts from 0. */
  page: number;
  count?: number;
  /** Left out: the server's default (position in a version, name elsewhere). */
  sortBy?: EntrySort;
  order?: SortOrder;
  /** Part of a name; empty lists every child. */
  query?: string;
}

/** One page of an entry's children, with the entry itself and its path (`ls`). */
export function listEntries(api: ApiClient, request: EntriesRequest) {
  return api.call(vaultApi.listEntries, {
    params: { id: request.entryId },
    query: {
      page: request.page,
      count: request.count ?? PAGING.vaultLsCount,
      sortBy: request.sortBy,
      order: request.order ?? "asc",
      query: request.query || undefined,
    },
  });
}

export function entriesQueryOptions(api: ApiClient, request: EntriesRequest) {
  return queryOptions({
    queryKey: [...vaultQueryKey, "ls", request.entryId, request] as const,
    queryFn: () => listEntries(api, request),
    // The rows of the last page stay while the next one loads: no jumps.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === request.entryId ? keepPreviousData(previous) : undefined,
  });
}

/** A page of the children of a folder, playlist, version or partition. */
export function useEntries(request: EntriesRequest | null) {
  const api = useApiClient();
  return useQuery({
    ...entriesQueryOptions(api, request ?? { entryId: "", page: 0 }),
    enabled: Boolean(request?.entryId),
  });
}
