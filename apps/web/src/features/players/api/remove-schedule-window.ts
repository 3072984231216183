import { schedulesApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { establishmentWeekQueryKey } from "./get-establishment-week.ts";

export function removeScheduleWindow(api: ApiClient, establishmentId: string, scheduleId: string) {
  return api.call(schedulesApi.removeEstablishmentSchedule, {
    params: { id: establishmentId, scheduleId },
  });
}

/** Removes a window of a venue's player; the answer is the venue's week as it now is. */
export function useRemoveScheduleWindow(establishmentId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scheduleId: string) => removeScheduleWindow(api, establishmentId, scheduleId),
    onSuccess: (week) => queryClient.setQueryData(establishmentWeekQueryKey(establishmentId), week),
  });
}
