import { schedulesApi, type Weekday } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { establishmentWeekQueryKey } from "./get-establishment-week.ts";

/** A window to save: without `scheduleId` a new one, with it a change of that window. */
export interface ScheduleWindowDraft {
  scheduleId?: string;
  playerId: string;
  playlistId: string;
  startTime: string;
  endTime: string;
  weekdays: Weekday[];
}

export function saveScheduleWindow(
  api: ApiClient,
  establishmentId: string,
  draft: ScheduleWindowDraft,
) {
  return api.call(schedulesApi.changeEstablishmentSchedule, {
    params: { id: establishmentId },
    body: draft,
  });
}

/** Adds or changes a window of a venue's player; the answer is the venue's week as it now is. */
export function useSaveScheduleWindow(establishmentId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: ScheduleWindowDraft) => saveScheduleWindow(api, establishmentId, draft),
    onSuccess: (week) => queryClient.setQueryData(establishmentWeekQueryKey(establishmentId), week),
  });
}
