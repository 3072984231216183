import { type Establishment, establishmentsApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { establishmentsQueryKey } from "./list-establishments.ts";

export function getEstablishment(
  api: ApiClient,
  userId: string,
  id: string,
): Promise<Establishment> {
  return api.call(establishmentsApi.getEstablishment, { params: { userId, id } });
}

/** One establishment of a client; under `establishmentsQueryKey`, so a change of any refreshes it. */
export const establishmentQueryKey = (userId: string, id: string) =>
  [...establishmentsQueryKey, userId, "one", id] as const;

export function establishmentQueryOptions(api: ApiClient, userId: string, id: string) {
  return queryOptions({
    queryKey: establishmentQueryKey(userId, id),
    queryFn: () => getEstablishment(api, userId, id),
    // A 404 (not theirs, or gone) will not turn up on a retry.
    retry: false,
  });
}

/** One establishment of a client (the client's own, or staff reading a client's). */
export function useEstablishment(userId: string | null, id: string) {
  const api = useApiClient();
  return useQuery({
    ...establishmentQueryOptions(api, userId ?? "", id),
    enabled: Boolean(userId),
  });
}
