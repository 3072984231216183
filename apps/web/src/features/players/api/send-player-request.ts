import { playersApi, type purchaseRequestSchema } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playerRequestsQueryKey } from "./list-player-requests.ts";

export type PurchaseRequest = z.input<typeof purchaseRequestSchema>;

/** Asks to buy box players: the buyer's details are stored for staff. */
export function sendPlayerRequest(api: ApiClient, userId: string, request: PurchaseRequest) {
  return api.call(playersApi.sendPlayerRequest, { params: { userId }, body: request });
}

export function useSendPlayerRequest(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PurchaseRequest) => sendPlayerRequest(api, userId, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerRequestsQueryKey }),
  });
}
