import {
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type Query,
  QueryClient,
  type QueryKey,
} from "@tanstack/react-query";

/**
 * TanStack's QueryClient, with one difference: an invalidation fetches
 * again a query whose first answer is still on its way. TanStack cancels
 * and refetches only a query that already holds an answer; a first fetch
 * in flight is kept, and its answer, which may have been read before the
 * change that invalidated it, then stands as fresh. That is how a client
 * manager who activated a newcomer while the search that found them was
 * still loading kept seeing "Ждёт активации". Such fetches are cancelled
 * first (their query goes back to waiting), so that the invalidation's
 * refetch reads after the change.
 */
export class FreshQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    // Only the queries this invalidation fetches again: none for "none".
    const refetched = filters?.refetchType ?? filters?.type ?? "active";
    if (refetched !== "none") {
      const matches = filters?.predicate;
      await this.cancelQueries({
        ...filters,
        type: refetched,
        predicate: (query) => firstFetchInFlight(query) && (matches?.(query) ?? true),
      });
    }
    return super.invalidateQueries(filters, options);
  }
}

function firstFetchInFlight(query: Query): boolean {
  return query.state.fetchStatus === "fetching" && query.state.data === undefined;
}
