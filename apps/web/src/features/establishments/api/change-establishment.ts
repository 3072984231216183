import { type EstablishmentInput, establishmentsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { establishmentQueryKey } from "./get-establishment.ts";
import { establishmentsQueryKey } from "./list-establishments.ts";

export function changeEstablishment(
  api: ApiClient,
  userId: string,
  id: string,
  change: Partial<EstablishmentInput>,
) {
  return api.call(establishmentsApi.changeEstablishment, { params: { userId, id }, body: change });
}

/** Changes an establishment's name, address or time zone; answers it as it now is. */
export function useChangeEstablishment(userId: string, id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<EstablishmentInput>) =>
      changeEstablishment(api, userId, id, change),
    onSuccess: async (establishment) => {
      queryClient.setQueryData(establishmentQueryKey(userId, id), establishment);
      await queryClient.invalidateQueries({ queryKey: establishmentsQueryKey });
    },
  });
}
