import { type TariffInput, tariffsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { tariffsQueryKey } from "./tariffs-query-key.ts";

/** Creates a tariff with its features, items, benefits and playlists (admin). */
export function addTariff(api: ApiClient, input: TariffInput) {
  return api.call(tariffsApi.addTariff, { body: input });
}

export function useAddTariff() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TariffInput) => addTariff(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tariffsQueryKey }),
  });
}
