import { accountsApi, type Profile } from "@fonika/shared";
import { useMemo } from "react";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/**
 * The address of a user's avatar for `<img src>`, with the current access
 * token; `version` (the profile's `imageUrl` carries it) makes a new avatar
 * a new address, so no cached picture outlives a change.
 */
export function avatarUrl(api: ApiClient, userId: string, version: string | null): string {
  const url = api.fileUrl(accountsApi.getAvatar, { params: { userId } });
  return version ? `${url}&v=${encodeURIComponent(version)}` : url;
}

function versionOf(imageUrl: string): string | null {
  return new URL(imageUrl, "http://localhost").searchParams.get("v");
}

/**
 * The avatar's address while the profile has one, else null. One address
 * per stored avatar: a token refresh does not reload the picture.
 */
export function useAvatarUrl(profile: Pick<Profile, "userId" | "imageUrl"> | undefined) {
  const api = useApiClient();
  const userId = profile?.userId;
  const imageUrl = profile?.imageUrl ?? null;
  return useMemo(() => {
    if (!userId || !imageUrl) return null;
    try {
      return avatarUrl(api, userId, versionOf(imageUrl));
    } catch {
      // No access token (signed out meanwhile): the initials stand in.
      return null;
    }
  }, [api, userId, imageUrl]);
}
