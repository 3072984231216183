import type { ReactNode } from "react";
import { PreviewPlayerProvider } from "../components/audio/preview-player.tsx";
import { useSongUploader } from "../features/songs/api/add-song.ts";
import { useSongFileUrl } from "../features/songs/api/get-song-file.ts";
import { useLatestSongNames } from "../features/songs/api/get-song-meta.ts";
import { LibraryTree } from "../features/vault/components/library-tree.tsx";
import { UploadQueueProvider } from "../features/vault/hooks/upload-queue-context.tsx";

interface LibraryFrameProps {
  /** Whether the side menu shows the library tree with its 'Создать' menu. */
  withTree: boolean;
  /** The layout, given what goes on top of the side menu. */
  children: (menuTop: ((closeDrawer: () => void) => ReactNode) | undefined) => ReactNode;
}

/**
 * What the library screens share across pages, loaded only for the roles
 * that open them: the page's one preview player (its bar following a
 * song's rename), the upload queue (fed by
 * the songs feature's upload, registered into vault entries) and the side
 * menu's library tree.
 */
export default function LibraryFrame({ withTree, children }: LibraryFrameProps) {
  const uploadSong = useSongUploader();
  const songFileUrl = useSongFileUrl();
  return (
    <PreviewPlayerProvider sourceOf={songFileUrl} useLatestTrack={useLatestSongNames}>
      <UploadQueueProvider upload={uploadSong}>
        {children(withTree ? (closeDrawer) => <LibraryTree onNavigate={closeDrawer} /> : undefined)}
      </UploadQueueProvider>
    </PreviewPlayerProvider>
  );
}
