import { type LibraryTreeNode, PARTITION_IDS, type PartitionType } from "@fonika/shared";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Icon, type IconName } from "../../../components/ui/icon.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { TRUNCATION } from "../../../config/constants.ts";
import { truncateName } from "../../../lib/format.ts";
import { PARTITION_LABELS } from "../entry-texts.ts";
import { useDropTarget } from "../hooks/use-drop-target.ts";
import { useEntryTransfer } from "../hooks/use-entry-transfer.tsx";
import { useLibraryContext } from "../hooks/use-library-context.ts";
import { entryHref, findPath, type LibraryLocation } from "../library-location.ts";
import { CreateMenu } from "./create-menu.tsx";
import "../vault.css";

const ICONS: Record<LibraryTreeNode["entryType"], IconName> = {
  partition: "folder",
  folder: "folder",
  playlist: "playlists",
  version: "version",
  track: "music",
};

const PARTITION_ICONS: Record<PartitionType, IconName> = {
  playlists: "playlists",
  tracks: "music",
  deleted: "trash",
};

const stamp = new Date(0).toISOString();

/** A partition root before its tree has loaded (or the trash, whose contents the tree leaves out). */
function bareRoot(partition: PartitionType): LibraryTreeNode {
  return {
    entryId: PARTITION_IDS[partition],
    entryType: "partition",
    partitionType: partition,
    name: PARTITION_LABELS[partition],
    parentId: null,
    size: 0,
    createdDate: stamp,
    modifiedDate: stamp,
    tracksCount: 0,
    tracksDuration: 0,
    songId: null,
    playlistId: null,
    position: 0,
    children: [],
  };
}

/**
 * The entry selected in the tree at `location`, the side menu's one lit
 * place: the opened one, the edited playlist or version, the folder a new
 * playlist goes into, the Tracks root on the song screens, the trash.
 */
function selectedIdOf(location: LibraryLocation, trees: readonly LibraryTreeNode[]): string | null {
  switch (location.kind) {
    case "browse":
      return location.entryId;
    case "trash":
      return PARTITION_IDS.deleted;
    case "songs":
      return PARTITION_IDS.tracks;
    case "playlist-create":
      return location.folderId ?? PARTITION_IDS.playlists;
    case "playlist-editor": {
      if (location.versionId) return location.versionId;
      const path = findPath(
        trees,
        (node) => node.entryType === "playlist" && node.playlistId === location.playlistId,
      );
      return path?.at(-1)?.entryId ?? null;
    }
    default:
      return null;
  }
}

interface VisibleItem {
  node: LibraryTreeNode;
  parentId: string | null;
}

/** The items a keyboard walks through: every node whose ancestors are all expanded. */
function visibleItems(
  roots: readonly LibraryTreeNode[],
  expanded: ReadonlySet<string>,
): VisibleItem[] {
  const items: VisibleItem[] = [];
  const walk = (nodes: readonly LibraryTreeNode[], parentId: string | null) => {
    for (const node of nodes) {
      items.push({ node, parentId });
      if (expanded.has(node.entryId)) walk(node.children, node.entryId);
    }
  };
  walk(roots, null);
  return items;
}

interface LibraryTreeProps {
  /** Called after the tree navigates, e.g. to close the mobile drawer. */
  onNavigate?: () => void;
}

/**
 * The content manager's side-menu library (SPEC.md §2): the 'Создать'
 * menu, and the tree of the Playlists and Tracks partitions with the
 * trash. Nodes expand and collapse, names are cut to 15 characters (the
 * full name in the title), the current place is selected and its
 * ancestors open; table rows dropped onto a node move there (copy with
 * Ctrl or Alt), onto the trash they are deleted.
 */
export function LibraryTree({ onNavigate }: LibraryTreeProps) {
  const context = useLibraryContext();
  const { location, playlistsTree, tracksTree, trees, menu, entry } = context;
  const navigate = useNavigate();
  const transfer = useEntryTransfer();
  const captionId = useId();

  const roots = useMemo(
    () => [
      playlistsTree.data ?? bareRoot("playlists"),
      tracksTree.data ?? bareRoot("tracks"),
      bareRoot("deleted"),
    ],
    [playlistsTree.data, tracksTree.data],
  );
  const selectedId = selectedIdOf(location, trees);

  const [expanded, setExpanded] = useState<Set<string>>(
    () => new Set([PARTITION_IDS.playlists, PARTITION_IDS.tracks]),
  );
  const [focusedId, setFocusedId] = useState<string>(PARTITION_IDS.playlists);
  const itemRefs = useRef(new Map<string, HTMLDivElement>());

  // The way to the current place stays open.
  useEffect(() => {
    if (!selectedId) return;
    const path = findPath(roots, (node) => node.entryId === selectedId);
    if (!path) return;
    setExpanded((previous) => {
      const ancestors = path.slice(0, -1).map((node) => node.entryId);
      if (ancestors.every((id) => previous.has(id))) return previous;
      return new Set([...previous, ...ancestors]);
    });
    setFocusedId(selectedId);
  }, [selectedId, roots]);

  const items = visibleItems(roots, expanded);
  const focusable = items.some((item) => item.node.entryId === focusedId)
    ? focusedId
    : (items[0]?.node.entryId ?? "");

  const toggle = (id: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const focusItem = (id: string) => {
    setFocusedId(id);
    itemRefs.current.get(id)?.focus();
  };

  const open = (node: LibraryTreeNode) => {
    // A version opens in its playlist's editor, which its parent names.
    const parent = findPath(roots, (candidate) => candidate.entryId === node.entryId)?.at(-2);
    navigate(entryHref(node, parent?.playlistId ?? null));
    onNavigate?.();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.node.entryId === focusable);
    const current = items[index];
    if (!current) return;
    const { node } = current;
    const hasChildren = node.children.length > 0;
    const isOpen = expanded.has(node.entryId);
    const moves: Record<string, () => void> = {
      ArrowDown: () => {
        const next = items[index + 1];
        if (next) focusItem(next.node.entryId);
      },
      ArrowUp: () => {
        const previous = items[index - 1];
        if (previous) focusItem(previous.node.entryId);
      },
      ArrowRight: () => {
        if (hasChildren && !isOpen) toggle(node.entryId);
        else if (hasChildren && node.children[0]) focusItem(node.children[0].entryId);
      },
      ArrowLeft: () => {
        if (hasChildren && isOpen) toggle(node.entryId);
        else if (current.parentId) focusItem(current.parentId);
      },
      Home: () => {
        const first = items[0];
        if (first) focusItem(first.node.entryId);
      },
      End: () => {
        const last = items.at(-1);
        if (last) focusItem(last.node.entryId);
      },
      Enter: () => open(node),
      " ": () => open(node),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  const treeError = playlistsTree.isError || tracksTree.isError;

  return (
    <div className="library-tree">
      {!menu.hidden && (
        <CreateMenu menu={menu} location={location} entry={entry} onNavigate={onNavigate} />
      )}
      <p className="side-menu__caption" id={captionId}>
        Библиотека
      </p>
      <div
        className="library-tree__list"
        role="tree"
        aria-labelledby={captionId}
        onKeyDown={handleKeyDown}
      >
        {roots.map((root) => (
          <TreeItem
            key={root.entryId}
            node={root}
            level={1}
            expanded={expanded}
            selectedId={selectedId}
            focusableId={focusable}
            loading={
              (root.entryId === PARTITION_IDS.playlists && playlistsTree.isPending) ||
              (root.entryId === PARTITION_IDS.tracks && tracksTree.isPending)
            }
            itemRefs={itemRefs.current}
            onToggle={toggle}
            onOpen={open}
            onFocus={setFocusedId}
            onDrop={transfer.handleDrop}
          />
        ))}
      </div>
      {treeError && (
        <p className="library-tree__error" role="alert">
          Не удалось загрузить папки.{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              void playlistsTree.refetch();
              void tracksTree.refetch();
            }}
          >
            Повторить
          </button>
        </p>
      )}
      {transfer.modal}
    </div>
  );
}

interface TreeItemProps {
  node: LibraryTreeNode;
  level: number;
  expanded: ReadonlySet<string>;
  selectedId: string | null;
  focusableId: string;
  loading?: boolean;
  itemRefs: Map<string, HTMLDivElement>;
  onToggle: (id: string) => void;
  onOpen: (node: LibraryTreeNode) => void;
  onFocus: (id: string) => void;
  onDrop: ReturnType<typeof useEntryTransfer>["handleDrop"];
}

function TreeItem({
  node,
  level,
  expanded,
  selectedId,
  focusableId,
  loading = false,
  itemRefs,
  onToggle,
  onOpen,
  onFocus,
  onDrop,
}: TreeItemProps) {
  const hasChildren = node.children.length > 0;
  const isOpen = hasChildren && expanded.has(node.entryId);
  const drop = useDropTarget(node, onDrop);
  const icon =
    node.entryType === "partition" ? PARTITION_ICONS[node.partitionType] : ICONS[node.entryType];
  return (
    <div
      ref={(element) => {
        if (element) itemRefs.set(node.entryId, element);
        else itemRefs.delete(node.entryId);
      }}
      role="treeitem"
      aria-level={level}
      aria-expanded={hasChildren ? isOpen : undefined}
      aria-selected={node.entryId === selectedId}
      aria-label={node.name}
      tabIndex={node.entryId === focusableId ? 0 : -1}
      className="library-tree__node"
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocus(node.entryId);
      }}
      onClick={(event) => {
        // A click inside a child item is that item's.
        if ((event.target as Element).closest('[role="treeitem"]') !== event.currentTarget) return;
        onOpen(node);
      }}
      onKeyDown={() => {
        // The tree handles the keys of every item (roving focus).
      }}
    >
      <div
        className={`library-tree__item${node.entryId === selectedId ? " is-active" : ""}${drop.over ? " is-drop-target" : ""}`}
        style={{ paddingLeft: `${8 + (level - 1) * 14}px` }}
        title={node.name}
        {...drop.props}
      >
        <span
          className={`library-tree__toggle${hasChildren ? "" : " is-leaf"}${isOpen ? " is-open" : ""}`}
          aria-hidden="true"
          onClick={(event) => {
            if (!hasChildren) return;
            event.stopPropagation();
            onToggle(node.entryId);
          }}
        >
          {hasChildren && <Icon name="chevron-right" size={14} />}
        </span>
        <Icon name={icon} size={16} />
        <span className="library-tree__name">{truncateName(node.name, TRUNCATION.tree)}</span>
      </div>
      {loading && (
        <div className="library-tree__loading" style={{ paddingLeft: `${22 + level * 14}px` }}>
          <Skeleton width="70%" />
        </div>
      )}
      {isOpen && (
        // biome-ignore lint/a11y/useSemanticElements: the child group of an ARIA tree item, not a form's fieldset.
        <div role="group" className="library-tree__group">
          {node.children.map((child) => (
            <TreeItem
              key={child.entryId}
              node={child}
              level={level + 1}
              expanded={expanded}
              selectedId={selectedId}
              focusableId={focusableId}
              itemRefs={itemRefs}
              onToggle={onToggle}
              onOpen={onOpen}
              onFocus={onFocus}
              onDrop={onDrop}
            />
          ))}
        </div>
      )}
    </div>
  );
}
