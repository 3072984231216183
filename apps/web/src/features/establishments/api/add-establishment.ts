import { type EstablishmentInput, establishmentsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { establishmentQueryKey } from "./get-establishment.ts";
import { establishmentsQueryKey } from "./list-establishments.ts";

export function addEstablishment(api: ApiClient, userId: string, input: EstablishmentInput) {
  return api.call(establishmentsApi.addEstablishment, { params: { userId }, body: input });
}

/** Adds an establishment to a client; answers the establishment made. */
export function useAddEstablishment(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EstablishmentInput) => addEstablishment(api, userId, input),
    onSuccess: async (establishment) => {
      queryClient.setQueryData(establishmentQueryKey(userId, establishment.id), establishment);
      await queryClient.invalidateQueries({ queryKey: establishmentsQueryKey });
    },
  });
}
