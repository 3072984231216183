import { type TariffInput, tariffsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { tariffsQueryKey } from "./tariffs-query-key.ts";

/**
 * Replaces a tariff's fields (admin). Features and items sent with their id
 * keep it, so subscriptions keep their choice; those left out are retired.
 */
export function changeTariff(api: ApiClient, tariffId: string, input: TariffInput) {
  return api.call(tariffsApi.changeTariff, { params: { id: tariffId }, body: input });
}

export function useChangeTariff(tariffId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TariffInput) => changeTariff(api, tariffId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tariffsQueryKey }),
  });
}
