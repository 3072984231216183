import { type Establishment, establishmentsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { establishmentQueryKey } from "./get-establishment.ts";
import { establishmentsQueryKey } from "./list-establishments.ts";

export function deleteLayoutFile(api: ApiClient, userId: string, id: string) {
  return api.call(establishmentsApi.deleteLayoutFile, { params: { userId, id } });
}

/** Removes an establishment's floor plan. */
export function useDeleteLayoutFile(userId: string, id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteLayoutFile(api, userId, id),
    onSuccess: async () => {
      queryClient.setQueryData<Establishment>(establishmentQueryKey(userId, id), (current) =>
        current ? { ...current, layoutFile: null } : current,
      );
      await queryClient.invalidateQueries({ queryKey: establishmentsQueryKey });
    },
  });
}
