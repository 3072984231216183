import { type Tariff, tariffsApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { tariffsQueryKey } from "./tariffs-query-key.ts";

/** The tariffs on offer (active), cheapest first. */
export async function listActiveTariffs(api: ApiClient): Promise<Tariff[]> {
  const answer = await api.call(tariffsApi.listActiveTariffs);
  return answer.data;
}

export function activeTariffsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...tariffsQueryKey, "active"] as const,
    queryFn: () => listActiveTariffs(api),
  });
}

/** The tariffs a client may subscribe an establishment to. */
export function useActiveTariffs() {
  const api = useApiClient();
  return useQuery(activeTariffsQueryOptions(api));
}
