import type { PlaylistTrack } from "@fonika/shared";
import { type ComponentProps, type ReactNode, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import type { VersionTracks } from "../../../features/playlists/components/version-tracks.tsx";
import { MoveDialog, type MovedEntry } from "../../../features/vault/components/move-dialog.tsx";
import { useEntryTransfer } from "../../../features/vault/hooks/use-entry-transfer.tsx";
import { writeDraggedEntries } from "../../../features/vault/transfer.ts";

type TransferProps = Pick<
  ComponentProps<typeof VersionTracks>,
  "selectionActions" | "onDragTracks"
>;

/** A version's tracks as the library's entries they are (for moving and copying them). */
function trackEntries(tracks: readonly PlaylistTrack[], versionId: string): MovedEntry[] {
  return tracks.map((track) => ({
    entryId: track.entryId,
    entryType: "track",
    partitionType: "playlists",
    parentId: versionId,
    name: track.song.title,
  }));
}

/** Tracks checked in the editor on their way to another place, and how to uncheck them. */
interface MovingTracks {
  entries: MovedEntry[];
  clearSelection: () => void;
}

/**
 * Moving and copying a version's tracks from the playlist editor with the
 * library's own means (decision, see docs): checked tracks open the
 * library's move dialog ('Перенести' or 'Копировать'), a dragged track
 * carries the library's entries drag data so that the side menu's tree
 * takes it, and the vault's transfer reports what failed in its modal.
 */
export function useVersionTrackTransfer(): {
  /** The VersionTracks props that move and copy the tracks of `versionId`. */
  propsFor: (versionId: string) => TransferProps;
  /** The move dialog and the failed-entries modal, when open. */
  dialogs: ReactNode;
} {
  const transfer = useEntryTransfer();
  const [moving, setMoving] = useState<MovingTracks | null>(null);

  const propsFor = (versionId: string): TransferProps => ({
    selectionActions: (selected, clearSelection) => (
      <Button
        variant="secondary"
        icon="move"
        onClick={() => setMoving({ entries: trackEntries(selected, versionId), clearSelection })}
      >
        Переместить
      </Button>
    ),
    onDragTracks: (dataTransfer, dragged) =>
      writeDraggedEntries(dataTransfer, {
        parentId: versionId,
        partitionType: "playlists",
        entryIds: dragged.map((track) => track.entryId),
        names: dragged.map((track) => track.song.title),
      }),
  });

  return {
    propsFor,
    dialogs: (
      <>
        {moving && (
          <MoveDialog
            entries={moving.entries}
            onTransfer={async (operation, targetId) => {
              await transfer.transfer(
                operation,
                targetId,
                moving.entries.map((entry) => entry.entryId),
              );
              moving.clearSelection();
            }}
            onClose={() => setMoving(null)}
          />
        )}
        {transfer.modal}
      </>
    ),
  };
}

/** How a version's tracks are moved or copied, shown under them. */
export function TrackTransferHint() {
  return (
    <p className="library-hint">
      <Icon name="move" size={16} />
      Отметьте треки и нажмите «Переместить», чтобы перенести или скопировать их в другую версию,
      или перетащите их на версию в меню слева; с зажатой Ctrl или Alt — копируются.
    </p>
  );
}
