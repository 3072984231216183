import { LIBRARY } from "./constants.ts";
import type { EntryType, PartitionType } from "./contracts/vault.ts";

/**
 * The composition rules of the vault (CONTRACT.md Library, SPEC.md §5),
 * pure, the same on both sides: the server refuses what breaks them, the
 * browser offers only the targets they allow. In Playlists, folders (and the root) hold folders and playlists, a
 * playlist holds versions, a version holds tracks; in Tracks, folders (and
 * the root) hold folders and tracks. The trash is filled only by delete.
 */
const HOLDS: Record<Exclude<PartitionType, "deleted">, Partial<Record<EntryType, EntryType[]>>> = {
  playlists: {
    partition: ["folder", "playlist"],
    folder: ["folder", "playlist"],
    playlist: ["version"],
    version: ["track"],
  },
  tracks: {
    partition: ["folder", "track"],
    folder: ["folder", "track"],
  },
};

/** Whether an entry of `child` type may be put into a `parent` entry in `partition`. */
export function mayHold(partition: PartitionType, parent: EntryType, child: EntryType): boolean {
  if (partition === "deleted") return false;
  return HOLDS[partition][parent]?.includes(child) ?? false;
}

/**
 * Whether an entry may move (or be copied) from one partition to another:
 * a track may (a song of Tracks is added to a version), anything else
 * stays in its partition (a folder of tracks cannot become a folder of
 * playlists).
 */
export function mayCrossPartitions(type: EntryType, from: PartitionType, to: PartitionType) {
  return from === to || type === "track";
}

/**
 * Depth of a folder placed under `parentFolderDepth` folders, holding
 * folders `subtreeFolderDepth` deep below itself: allowed when the deepest
 * folder is at most LIBRARY.maxFolderDepth below its partition root.
 */
export function depthAllowed(parentFolderDepth: number, subtreeFolderDepth: number): boolean {
  return parentFolderDepth + 1 + subtreeFolderDepth <= LIBRARY.maxFolderDepth;
}
