import { type EstablishmentPage, establishmentsApi, PAGING } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

export interface EstablishmentsRequest {
  /** Counts from 0. */
  page: number;
  /** Words of the name or address; empty lists them all. */
  query: string;
  count?: number;
}

export function listEstablishments(
  api: ApiClient,
  userId: string,
  { page, query, count = PAGING.tablePageSize }: EstablishmentsRequest,
): Promise<EstablishmentPage> {
  return api.call(establishmentsApi.listEstablishments, {
    params: { userId },
    query: { page, count, query: query || undefined },
  });
}

/** Every list of every client's establishments; invalidated when one changes. */
export const establishmentsQueryKey = ["establishments"] as const;

export function establishmentsQueryOptions(
  api: ApiClient,
  userId: string,
  request: EstablishmentsRequest,
) {
  return queryOptions({
    queryKey: [...establishmentsQueryKey, userId, request] as const,
    queryFn: () => listEstablishments(api, userId, request),
    placeholderData: keepPreviousData,
  });
}

/** One page of a client's establishments (the client's own, or staff reading a client's). */
export function useEstablishments(userId: string | null, request: EstablishmentsRequest) {
  const api = useApiClient();
  return useQuery({
    ...establishmentsQueryOptions(api, userId ?? "", request),
    enabled: Boolean(userId),
  });
}
