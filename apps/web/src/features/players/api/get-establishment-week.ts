import { type EstablishmentWeek, schedulesApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playersQueryKey } from "./list-user-players.ts";

export function getEstablishmentWeek(
  api: ApiClient,
  establishmentId: string,
): Promise<EstablishmentWeek> {
  return api.call(schedulesApi.getEstablishmentSchedule, { params: { establishmentId } });
}

/** A venue's week; under `playersQueryKey`, so any change of players (or their playlists) refreshes it. */
export const establishmentWeekQueryKey = (establishmentId: string) =>
  [...playersQueryKey, "week", establishmentId] as const;

export function establishmentWeekQueryOptions(api: ApiClient, establishmentId: string) {
  return queryOptions({
    queryKey: establishmentWeekQueryKey(establishmentId),
    queryFn: () => getEstablishmentWeek(api, establishmentId),
  });
}

/** Every window of a venue's players with their playlists' names, and the venue's time zone. */
export function useEstablishmentWeek(establishmentId: string) {
  const api = useApiClient();
  return useQuery({
    ...establishmentWeekQueryOptions(api, establishmentId),
    enabled: Boolean(establishmentId),
  });
}
