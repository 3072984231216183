import { type PlayerUpdateMeta, playerUpdatesApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient, UploadProgress } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playerUpdatesQueryKey } from "./list-player-updates.ts";

export interface PlayerUpdateUpload {
  file: File;
  meta: PlayerUpdateMeta;
  onProgress?: (progress: UploadProgress) => void;
}

/** Sends a firmware file (multipart field `file`) with its name and version; answers the update. */
export function uploadPlayerUpdate(api: ApiClient, { file, meta, onProgress }: PlayerUpdateUpload) {
  return api.upload(playerUpdatesApi.uploadPlayerUpdate, {
    query: { name: meta.name, version: meta.version },
    file,
    onProgress,
  });
}

export function useUploadPlayerUpdate() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: PlayerUpdateUpload) => uploadPlayerUpdate(api, upload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerUpdatesQueryKey }),
  });
}
