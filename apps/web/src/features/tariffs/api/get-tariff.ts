import { type Tariff, tariffsApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { tariffsQueryKey } from "./tariffs-query-key.ts";

/** One tariff with its features, items, benefits and playlists. */
export function getTariff(api: ApiClient, tariffId: string): Promise<Tariff> {
  return api.call(tariffsApi.getTariff, { params: { id: tariffId } });
}

export function tariffQueryOptions(api: ApiClient, tariffId: string) {
  return queryOptions({
    queryKey: [...tariffsQueryKey, "one", tariffId] as const,
    queryFn: () => getTariff(api, tariffId),
  });
}

/** One tariff; nothing is asked while `tariffId` is null. */
export function useTariff(tariffId: string | null) {
  const api = useApiClient();
  return useQuery({ ...tariffQueryOptions(api, tariffId ?? ""), enabled: Boolean(tariffId) });
}
