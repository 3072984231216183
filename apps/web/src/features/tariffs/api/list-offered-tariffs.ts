import { type OfferedTariff, tariffsApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { tariffsQueryKey } from "./tariffs-query-key.ts";

/** The tariffs on offer as anyone reads them (the landing page), cheapest first. */
export async function listOfferedTariffs(api: ApiClient): Promise<OfferedTariff[]> {
  const answer = await api.call(tariffsApi.listOfferedTariffs);
  return answer.data;
}

export function offeredTariffsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...tariffsQueryKey, "offer"] as const,
    queryFn: () => listOfferedTariffs(api),
  });
}

/** The tariffs on offer for a visitor who has not signed in. */
export function useOfferedTariffs() {
  const api = useApiClient();
  return useQuery(offeredTariffsQueryOptions(api));
}
