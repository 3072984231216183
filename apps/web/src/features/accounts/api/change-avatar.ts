import { accountsApi, type Profile } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { profileQueryKey } from "./get-profile.ts";

/** Replaces the avatar (JPEG, PNG or WebP; the server re-encodes it smaller). */
export function changeAvatar(api: ApiClient, userId: string, file: File): Promise<Profile> {
  return api.upload(accountsApi.changeAvatar, { params: { userId }, file });
}

export function useChangeAvatar(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => changeAvatar(api, userId, file),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey(profile.userId), profile),
  });
}
