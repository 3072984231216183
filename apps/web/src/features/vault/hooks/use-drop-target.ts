import type { LibraryEntry } from "@fonika/shared";
import { type DragEvent, useRef, useState } from "react";
import { carriesFiles } from "../../../lib/audio-files.ts";
import {
  acceptsEntries,
  acceptsFiles,
  carriesEntries,
  type DropDecision,
  dropDecision,
  transferOperationOf,
} from "../transfer.ts";

type DropTarget = Pick<LibraryEntry, "entryId" | "entryType" | "partitionType" | "name">;

export interface DropTargetProps {
  onDragEnter?: (event: DragEvent<HTMLElement>) => void;
  onDragOver?: (event: DragEvent<HTMLElement>) => void;
  onDragLeave?: (event: DragEvent<HTMLElement>) => void;
  onDrop?: (event: DragEvent<HTMLElement>) => void;
}

function accepts(dataTransfer: DataTransfer | null, target: DropTarget): boolean {
  if (!dataTransfer) return false;
  return (
    (carriesEntries(dataTransfer) && acceptsEntries(target)) ||
    (carriesFiles(dataTransfer) && acceptsFiles(target))
  );
}

/**
 * Makes an element a drop target for library rows and desktop files:
 * highlights while something it accepts is over it, shows move or copy
 * by the keys held, and hands the decision of the drop to `onDrop`.
 * A null target accepts nothing.
 */
export function useDropTarget(
  target: DropTarget | null,
  onDrop: (decision: DropDecision, target: DropTarget) => void,
): { over: boolean; props: DropTargetProps } {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  if (!target) return { over: false, props: {} };
  return {
    over,
    props: {
      onDragEnter(event) {
        if (!accepts(event.dataTransfer, target)) return;
        event.preventDefault();
        depth.current += 1;
        setOver(true);
      },
      onDragOver(event) {
        if (!accepts(event.dataTransfer, target)) return;
        event.preventDefault();
        event.stopPropagation();
        event.dataTransfer.dropEffect = carriesFiles(event.dataTransfer)
          ? "copy"
          : transferOperationOf(event);
      },
      onDragLeave() {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      },
      onDrop(event) {
        if (!accepts(event.dataTransfer, target)) return;
        event.preventDefault();
        event.stopPropagation();
        depth.current = 0;
        setOver(false);
        onDrop(dropDecision(event.dataTransfer, event, target), target);
      },
    },
  };
}
