import { authApi, type SessionInfo } from "@fonika/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

export const sessionsQueryKey = ["auth", "sessions"] as const;

export async function listSessions(api: ApiClient): Promise<SessionInfo[]> {
  return (await api.call(authApi.listSessions)).data;
}

/** The signed-in browsers and devices of the current user. */
export function useSessions() {
  const api = useApiClient();
  return useQuery({ queryKey: sessionsQueryKey, queryFn: () => listSessions(api) });
}

export function endSession(api: ApiClient, sessionId: string) {
  return api.call(authApi.endSession, { params: { sessionId } });
}

/** Ends one of the user's sessions; the list is read again afterwards. */
export function useEndSession() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => endSession(api, sessionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
