import { playlistsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient, UploadProgress } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

export interface ChangeSummaryTrackInput {
  playlistId: string;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * Replaces a playlist's preview track (an accepted audio format, at most
 * 10 MB; the server reads the content); answers the playlist.
 */
export function changePlaylistSummaryTrack(
  api: ApiClient,
  { playlistId, file, onProgress }: ChangeSummaryTrackInput,
) {
  return api.upload(playlistsApi.changePlaylistSummaryTrack, {
    params: { id: playlistId },
    file,
    onProgress,
  });
}

export function useChangePlaylistSummaryTrack() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (input: ChangeSummaryTrackInput) => changePlaylistSummaryTrack(api, input),
    onSuccess: invalidate,
  });
}
