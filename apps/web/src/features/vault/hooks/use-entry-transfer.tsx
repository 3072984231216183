import type { LibraryEntry } from "@fonika/shared";
import type { ReactNode } from "react";
import { toast } from "react-toastify";
import { errorText } from "../../../lib/error-messages.ts";
import { useCopyEntries } from "../api/copy-entries.ts";
import { useDeleteEntries } from "../api/delete-entries.ts";
import { useMoveEntries } from "../api/move-entries.ts";
import type { DropDecision, TransferOperation } from "../transfer.ts";
import { useUploadQueue } from "./upload-queue-context.tsx";
import { useFailedEntries } from "./use-failed-entries.tsx";

const DONE_TEXT: Record<TransferOperation | "trash", (count: number) => string> = {
  move: (count) => `Перенесено: ${count}`,
  copy: (count) => `Скопировано: ${count}`,
  trash: (count) => `Перемещено в корзину: ${count}`,
};

type DropTarget = Pick<LibraryEntry, "entryId" | "entryType" | "partitionType" | "name">;

/**
 * Carries out drops onto library entries (the table's folder rows and the
 * side-menu tree): rows move or copy with policy `nothing` first, and the
 * failed ones open the failed-entries modal, from which conflicts are
 * retried with `overwrite` or `both`; rows dropped on the trash are
 * deleted; files are queued for upload into the target.
 */
export function useEntryTransfer(): {
  handleDrop: (decision: DropDecision, target: DropTarget) => void;
  /** Moves or copies entries into a target (also used without dragging). */
  transfer: (operation: TransferOperation, targetId: string, entryIds: string[]) => Promise<void>;
  /** Moves children of `parentId` to the trash. */
  trash: (parentId: string, entryIds: string[]) => Promise<void>;
  busy: boolean;
  modal: ReactNode;
} {
  const move = useMoveEntries();
  const copy = useCopyEntries();
  const remove = useDeleteEntries();
  const uploads = useUploadQueue();
  const failures = useFailedEntries();

  const transfer = async (operation: TransferOperation, targetId: string, entryIds: string[]) => {
    const mutation = operation === "copy" ? copy : move;
    try {
      const result = await mutation.mutateAsync({ targetId, entryIds, policy: "nothing" });
      if (result.entries.length > 0) toast.success(DONE_TEXT[operation](result.entries.length));
      failures.show({
        action: operation,
        failed: result.failedEntries,
        retry: (ids, policy) => mutation.mutateAsync({ targetId, entryIds: ids, policy }),
      });
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const trash = async (parentId: string, entryIds: string[]) => {
    try {
      const result = await remove.mutateAsync({ parentId, entryIds });
      if (result.entries.length > 0) toast.success(DONE_TEXT.trash(result.entries.length));
      for (const failed of result.failedEntries)
        toast.error(`${failed.name ?? ""}: ${failed.reason}`);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const handleDrop = (decision: DropDecision, target: DropTarget) => {
    switch (decision.kind) {
      case "transfer":
        void transfer(decision.operation, target.entryId, decision.dragged.entryIds);
        return;
      case "trash":
        void trash(decision.dragged.parentId, decision.dragged.entryIds);
        return;
      case "upload":
        uploads.add(decision.files, { entryId: target.entryId, name: target.name });
        return;
      case "none":
        return;
    }
  };

  return {
    handleDrop,
    transfer,
    trash,
    busy: move.isPending || copy.isPending || remove.isPending,
    modal: failures.modal,
  };
}
