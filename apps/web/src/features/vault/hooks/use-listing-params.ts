import { useSearchParams } from "react-router";
import type { EntrySort, SortOrder } from "../api/list-entries.ts";
import { LIBRARY_PARAMS } from "../library-location.ts";

const SORTS: readonly EntrySort[] = ["name", "size", "createdDate", "modifiedDate", "position"];

export interface ListingParams {
  page: number;
  /** Undefined: the server's default for the entry. */
  sortBy: EntrySort | undefined;
  order: "asc" | "desc";
  query: string;
}

/**
 * The page, order and search of a listing, kept in the address so that
 * reloads and the back button keep them. A new order or search starts at
 * the first page.
 */
export function useListingParams(): {
  params: ListingParams;
  setPage: (page: number) => void;
  setSort: (sortBy: EntrySort, order: SortOrder) => void;
  setQuery: (query: string) => void;
} {
  const [search, setSearch] = useSearchParams();
  const page = Number.parseInt(search.get(LIBRARY_PARAMS.page) ?? "", 10);
  const sort = search.get(LIBRARY_PARAMS.sort) as EntrySort | null;
  const params: ListingParams = {
    page: Number.isFinite(page) && page > 0 ? page : 0,
    sortBy: sort && SORTS.includes(sort) ? sort : undefined,
    order: search.get(LIBRARY_PARAMS.order) === "desc" ? "desc" : "asc",
    query: search.get(LIBRARY_PARAMS.query) ?? "",
  };
  const change = (patch: Record<string, string | null>) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === "") next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  return {
    params,
    setPage: (next) => change({ [LIBRARY_PARAMS.page]: next > 0 ? String(next) : null }),
    setSort: (sortBy, order) =>
      change({
        [LIBRARY_PARAMS.sort]: sortBy,
        [LIBRARY_PARAMS.order]: order === "desc" ? "desc" : null,
        [LIBRARY_PARAMS.page]: null,
      }),
    setQuery: (query) =>
      change({ [LIBRARY_PARAMS.query]: query.trim() || null, [LIBRARY_PARAMS.page]: null }),
  };
}
