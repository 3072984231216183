import {
  type LibraryEntry,
  type LibraryTreeNode,
  mayCrossPartitions,
  mayHold,
} from "@fonika/shared";

type Moving = Pick<LibraryEntry, "entryId" | "entryType" | "partitionType" | "parentId">;

/** Only sensible targets are offered; the server checks the same rules again. */
function mayReceive(target: LibraryTreeNode, entry: Moving): boolean {
  return (
    mayHold(target.partitionType, target.entryType, entry.entryType) &&
    mayCrossPartitions(entry.entryType, entry.partitionType, target.partitionType)
  );
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
