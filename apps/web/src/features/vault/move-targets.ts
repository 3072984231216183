import type { EntryType, LibraryEntry, LibraryTreeNode, PartitionType } from "@fonika/shared";

/**
 * What may hold what (CONTRACT.md Library), to offer only sensible targets
 * in the move dialog; the server checks it again and answers the rest with
 * a composition error.
 */
const HOLDS: Record<Exclude<PartitionType, "deleted">, Partial<Record<EntryType, EntryType[]>>> = {
  playlists: {
    partition: ["folder", "playlist"],
    folder: ["folder", "playlist"],
    playlist: ["version"],
    version: ["track"],
  },
  tracks: { partition: ["folder", "track"], folder: ["folder", "track"] },
};

type Moving = Pick<LibraryEntry, "entryId" | "entryType" | "partitionType" | "parentId">;

function mayReceive(target: LibraryTreeNode, entry: Moving): boolean {
  if (target.partitionType === "deleted") return false;
  const holds = HOLDS[target.partitionType][target.entryType] ?? [];
  if (!holds.includes(entry.entryType)) return false;
  // Only tracks cross partitions (a song of Tracks goes into a version).
  return entry.entryType === "track" || entry.partitionType === target.partitionType;
}

export interface MoveTarget {
  node: LibraryTreeNode;
  depth: number;
  /** The names from the partition root down to it. */
  path: string[];
}

/**
 * The entries of the trees that may receive every one of `moving`: not
 * one of them, not below one of them, not the folder they are in already.
 */
export function moveTargetsFor(
  trees: readonly LibraryTreeNode[],
  moving: readonly Moving[],
): MoveTarget[] {
  const movingIds = new Set(moving.map((entry) => entry.entryId));
  const targets: MoveTarget[] = [];
  const walk = (nodes: readonly LibraryTreeNode[], depth: number, path: string[]) => {
    for (const node of nodes) {
      if (movingIds.has(node.entryId)) continue;
      const here = [...path, node.name];
      const fits =
        moving.length > 0 &&
        moving.every((entry) => entry.parentId !== node.entryId && mayReceive(node, entry));
      if (fits) targets.push({ node, depth, path: here });
      walk(node.children, depth + 1, here);
    }
  };
  walk(trees, 0, []);
  return targets;
}
