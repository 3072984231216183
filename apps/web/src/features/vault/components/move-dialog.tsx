import { type LibraryEntry, PARTITION_IDS } from "@fonika/shared";
import { useId, useMemo, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useEntryTree } from "../api/entry-tree.ts";
import { moveTargetsFor } from "../move-targets.ts";
import type { TransferOperation } from "../transfer.ts";
import "../vault.css";

/** What the dialog needs of each entry moved: where it is, what it is, its name. */
export type MovedEntry = Pick<
  LibraryEntry,
  "entryId" | "entryType" | "partitionType" | "parentId" | "name"
>;

interface MoveDialogProps {
  entries: readonly MovedEntry[];
  onTransfer: (operation: TransferOperation, targetId: string) => Promise<void>;
  onClose: () => void;
}

/**
 * Moving or copying rows without dragging (keyboards, touch screens): the
 * folders, playlists and versions that may receive them, and 'Перенести'
 * or 'Копировать'. The library table and the playlist editor (a version's
 * tracks) both open it.
 */
export function MoveDialog({ entries, onTransfer, onClose }: MoveDialogProps) {
  const playlists = useEntryTree(PARTITION_IDS.playlists);
  const tracks = useEntryTree(PARTITION_IDS.tracks);
  const [targetId, setTargetId] = useState<string | null>(null);
  const [busy, setBusy] = useState<TransferOperation | null>(null);
  const groupName = useId();
  const targets = useMemo(
    () =>
      moveTargetsFor(
        [playlists.data, tracks.data].filter((tree) => tree !== undefined),
        entries,
      ),
    [playlists.data, tracks.data, entries],
  );
  const loading = playlists.isPending || tracks.isPending;

  const run = async (operation: TransferOperation) => {
    if (!targetId) return;
    setBusy(operation);
    try {
      await onTransfer(operation, targetId);
      onClose();
    } finally {
      setBusy(null);
    }
  };

  const title =
    entries.length === 1
      ? `Куда поместить «${entries[0]?.name}»`
      : `Куда поместить (${entries.length})`;

  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button
            disabled={!targetId || busy !== null}
            busy={busy === "move"}
            onClick={() => run("move")}
          >
            Перенести
          </Button>
          <Button
            variant="secondary"
            disabled={!targetId || busy !== null}
            busy={busy === "copy"}
            onClick={() => run("copy")}
          >
            Копировать
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Отмена
          </Button>
        </>
      }
    >
      {loading ? (
        <Spinner />
      ) : targets.length === 0 ? (
        <p className="muted">Подходящих папок нет.</p>
      ) : (
        <fieldset className="move-dialog__targets">
          <legend className="visually-hidden">Куда</legend>
          {targets.map((target) => (
            <label
              key={target.node.entryId}
              className="move-dialog__target"
              style={{ paddingLeft: `${8 + target.depth * 16}px` }}
              title={target.path.join(" / ")}
            >
              <input
                type="radio"
                name={groupName}
                value={target.node.entryId}
                checked={targetId === target.node.entryId}
                onChange={() => setTargetId(target.node.entryId)}
              />
              <span>{target.node.name}</span>
            </label>
          ))}
        </fieldset>
      )}
    </Modal>
  );
}
