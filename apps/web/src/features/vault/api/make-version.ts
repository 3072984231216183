import { vaultApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

export interface MakeVersionInput {
  /** The playlist's vault entry. */
  playlistEntryId: string;
  /** Left out: the server names it 'Версия N'. */
  name?: string;
}

export function makeVersion(api: ApiClient, { playlistEntryId, name }: MakeVersionInput) {
  return api.call(vaultApi.makeVersion, {
    params: { id: playlistEntryId },
    body: { partitionType: "playlists", name },
  });
}

/** Creates a version of a playlist; a playlist's first version becomes its current one. */
export function useMakeVersion() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (input: MakeVersionInput) => makeVersion(api, input),
    onSuccess: invalidate,
  });
}
