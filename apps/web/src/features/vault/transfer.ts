import type { EntryType, LibraryEntry, PartitionType } from "@fonika/shared";
import { carriesFiles } from "../../lib/audio-files.ts";

/** The drag data type of library rows, so that only our rows are taken as entries. */
export const ENTRIES_DRAG_TYPE = "application/x-fonika-entries";

/** What a dragged selection of rows carries. */
export interface DraggedEntries {
  /** The entry that holds them (mv, cp and delete act from it). */
  parentId: string;
  partitionType: PartitionType;
  entryIds: string[];
  names: string[];
}

export type TransferOperation = "move" | "copy";

/** The keys held at the drop: Ctrl or Alt (Option on a Mac) copy. */
export interface DropKeys {
  ctrlKey: boolean;
  altKey: boolean;
}

/** SPEC.md: a drop moves; with Ctrl or Alt held it copies. */
export function transferOperationOf(keys: DropKeys): TransferOperation {
  return keys.ctrlKey || keys.altKey ? "copy" : "move";
}

/** What a drop onto an entry does. */
export type DropDecision =
  | { kind: "transfer"; operation: TransferOperation; dragged: DraggedEntries }
  | { kind: "trash"; dragged: DraggedEntries }
  | { kind: "upload"; files: File[] }
  | { kind: "none" };

type DropTarget = Pick<LibraryEntry, "entryId" | "entryType" | "partitionType">;

/** Entries that can receive dropped audio files: folders and roots of Tracks, versions. */
export function acceptsFiles(target: DropTarget): boolean {
  if (target.entryType === "version") return true;
  return (
    target.partitionType === "tracks" &&
    (target.entryType === "folder" || target.entryType === "partition")
  );
}

/** Entries rows may be dropped on: any container of the tree (the trash deletes). */
export function acceptsEntries(target: Pick<LibraryEntry, "entryType">): boolean {
  const containers: readonly EntryType[] = ["partition", "folder", "playlist", "version"];
  return containers.includes(target.entryType);
}

/** The type list of a drag: only types are readable while dragging over. */
export function carriesEntries(dataTransfer: Pick<DataTransfer, "types">): boolean {
  return [...dataTransfer.types].includes(ENTRIES_DRAG_TYPE);
}

export function writeDraggedEntries(dataTransfer: DataTransfer, dragged: DraggedEntries): void {
  dataTransfer.setData(ENTRIES_DRAG_TYPE, JSON.stringify(dragged));
  dataTransfer.setData("text/plain", dragged.names.join("\n"));
  dataTransfer.effectAllowed = "copyMove";
}

export function readDraggedEntries(
  dataTransfer: Pick<DataTransfer, "getData">,
): DraggedEntries | null {
  const text = dataTransfer.getData(ENTRIES_DRAG_TYPE);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<DraggedEntries>;
    if (
      typeof value.parentId !== "string" ||
      typeof value.partitionType !== "string" ||
      !Array.isArray(value.entryIds) ||
      value.entryIds.length === 0
    ) {
      return null;
    }
    return {
      parentId: value.parentId,
      partitionType: value.partitionType,
      entryIds: value.entryIds.map(String),
      names: Array.isArray(value.names) ? value.names.map(String) : [],
    };
  } catch {
    return null;
  }
}

/**
 * What dropping `dataTransfer` onto `target` does: rows move (or copy, with
 * Ctrl/Alt) into a container and go to the trash when dropped on it;
 * files from the desktop upload into a Tracks folder or a version; a drop
 * onto the rows' own folder or onto one of the dragged rows does nothing.
 */
export function dropDecision(
  dataTransfer: Pick<DataTransfer, "types" | "getData" | "files">,
  keys: DropKeys,
  target: DropTarget,
): DropDecision {
  if (carriesEntries(dataTransfer)) {
    const dragged = readDraggedEntries(dataTransfer);
    if (!dragged || !acceptsEntries(target)) return { kind: "none" };
    if (target.entryId === dragged.parentId || dragged.entryIds.includes(target.entryId)) {
      return { kind: "none" };
    }
    if (target.partitionType === "deleted") {
      return dragged.partitionType === "deleted" ? { kind: "none" } : { kind: "trash", dragged };
    }
    return { kind: "transfer", operation: transferOperationOf(keys), dragged };
  }
  if (carriesFiles(dataTransfer)) {
    const files = [...(dataTransfer.files ?? [])];
    if (files.length === 0 || !acceptsFiles(target)) return { kind: "none" };
    return { kind: "upload", files };
  }
  return { kind: "none" };
}
