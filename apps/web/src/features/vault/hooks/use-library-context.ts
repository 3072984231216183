import { type LibraryTreeNode, PARTITION_IDS } from "@fonika/shared";
import { useMemo } from "react";
import { useLocation } from "react-router";
import { useEntryTree } from "../api/entry-tree.ts";
import { type CreateMenuState, createMenuState } from "../create-menu-rules.ts";
import {
  contextEntryOf,
  type LibraryContextEntry,
  type LibraryLocation,
  libraryLocationOf,
} from "../library-location.ts";

export interface LibraryContext {
  location: LibraryLocation;
  /** The trees of the Playlists and Tracks partitions, as far as loaded. */
  trees: LibraryTreeNode[];
  playlistsTree: ReturnType<typeof useEntryTree>;
  tracksTree: ReturnType<typeof useEntryTree>;
  /** The entry acted in here, when the trees know it. */
  entry: LibraryContextEntry | null;
  menu: CreateMenuState;
}

/** Where the content manager is in the library and what the 'Создать' menu offers there. */
export function useLibraryContext(): LibraryContext {
  const { pathname, search } = useLocation();
  const location = useMemo(() => libraryLocationOf(pathname, search), [pathname, search]);
  const playlistsTree = useEntryTree(PARTITION_IDS.playlists);
  const tracksTree = useEntryTree(PARTITION_IDS.tracks);
  const trees = useMemo(
    () =>
      [playlistsTree.data, tracksTree.data].filter(
        (tree): tree is LibraryTreeNode => tree !== undefined,
      ),
    [playlistsTree.data, tracksTree.data],
  );
  const entry = useMemo(() => contextEntryOf(location, trees), [location, trees]);
  const menu = useMemo(() => createMenuState(location, entry), [location, entry]);
  return { location, trees, playlistsTree, tracksTree, entry, menu };
}
