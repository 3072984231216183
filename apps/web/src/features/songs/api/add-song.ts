import { songsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ApiClient, UploadProgress } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

/**
 * Uploads one audio file (multipart field `file`), reporting progress. The
 * same content uploaded again answers the song already in the library
 * (`alreadyInLibrary`).
 */
export function uploadSong(
  api: ApiClient,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
) {
  return api.upload(songsApi.addSong, { file, onProgress, signal });
}

/** The upload of the library's upload queue: one file, answered as the song it became. */
export function useSongUploader() {
  const api = useApiClient();
  return useCallback(
    async (file: File, onProgress: (progress: UploadProgress) => void, signal: AbortSignal) => {
      const { song, alreadyInLibrary } = await uploadSong(api, file, onProgress, signal);
      return { songId: song.id, alreadyInLibrary };
    },
    [api],
  );
}

/** Uploads one file as a song of the library (not placed in any folder). */
export function useAddSong() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: ({
      file,
      onProgress,
    }: {
      file: File;
      onProgress?: (progress: UploadProgress) => void;
    }) => uploadSong(api, file, onProgress),
    onSuccess: invalidate,
  });
}
