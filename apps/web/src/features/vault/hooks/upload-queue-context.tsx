import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";
import { makeSong } from "../api/make-song.ts";
import { UploadPanel } from "../components/upload-panel.tsx";
import { createUploadQueue, type UploadQueue, type UploadQueueDeps } from "./upload-queue.ts";

const UploadQueueContext = createContext<UploadQueue | null>(null);

interface UploadQueueProviderProps {
  /** How one file becomes a song: the songs feature's upload, given by the app. */
  upload: UploadQueueDeps["upload"];
  children: ReactNode;
}

/**
 * One upload queue for the library screens and the side menu's 'Добавить
 * трек', with its progress panel. Each uploaded song is registered into its
 * target with make-song (policy `nothing`), and the library refreshes
 * after every file.
 */
export function UploadQueueProvider({ upload, children }: UploadQueueProviderProps) {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  const queue = useMemo(
    () =>
      createUploadQueue({
        upload,
        register: async (targetId, songId) => {
          const result = await makeSong(api, { targetId, songIds: [songId] });
          return result.failedEntries[0]?.reason ?? null;
        },
        onSettled: () => void invalidate(),
      }),
    [api, upload, invalidate],
  );
  return (
    <UploadQueueContext.Provider value={queue}>
      {children}
      <UploadPanel queue={queue} />
    </UploadQueueContext.Provider>
  );
}

export function useUploadQueue(): UploadQueue {
  const queue = useContext(UploadQueueContext);
  if (!queue) throw new Error("useUploadQueue needs <UploadQueueProvider> above it");
  return queue;
}
