import {
  type LibraryEntry,
  type LibraryTreeNode,
  PARTITION_IDS,
  type PartitionType,
} from "@fonika/shared";
import { matchPath } from "react-router";
import { pathTo } from "../../config/paths.ts";
import { ROUTES } from "../../config/routes.ts";
import { PARTITION_LABELS } from "./entry-texts.ts";

/**
 * Where the content manager is in the library, read from the address:
 * the library screen (`/playlists?entry=…`) browses the folders of the
 * Playlists and Tracks partitions (a playlist or a version named there is
 * sent on to the playlist editor); the trash, the playlist editor and the
 * song screens have routes of their own. Keeping
 * the place in the address keeps it across reloads and the back button
 * (SPEC.md §2: routes with a context keep it).
 */
export type LibraryLocation =
  | { kind: "browse"; entryId: string }
  | { kind: "trash" }
  | { kind: "playlist-editor"; playlistId: string; versionId: string | null }
  | { kind: "playlist-create"; folderId: string | null }
  | { kind: "songs" }
  | { kind: "elsewhere" };

/** The search parameters of the library screens. */
export const LIBRARY_PARAMS = {
  entry: "entry",
  page: "page",
  sort: "sort",
  order: "order",
  query: "q",
  /** The playlist editor's chosen version. */
  version: "version",
  /** PlaylistCreate: the folder the new playlist goes into. */
  folder: "folderId",
  /** AddAudios: the version the chosen songs are added to. */
  target: "target",
} as const;

export function libraryLocationOf(pathname: string, search: string): LibraryLocation {
  const params = new URLSearchParams(search);
  if (matchPath(ROUTES.Deleted.path, pathname)) return { kind: "trash" };
  if (matchPath(ROUTES.PlaylistCreate.path, pathname)) {
    return { kind: "playlist-create", folderId: params.get(LIBRARY_PARAMS.folder) };
  }
  const editor = matchPath(ROUTES.Playlist.path, pathname);
  if (editor?.params.id) {
    return {
      kind: "playlist-editor",
      playlistId: editor.params.id,
      versionId: params.get(LIBRARY_PARAMS.version),
    };
  }
  if (matchPath(ROUTES.Playlists.path, pathname)) {
    const entryId = params.get(LIBRARY_PARAMS.entry);
    if (entryId === PARTITION_IDS.deleted) return { kind: "trash" };
    return { kind: "browse", entryId: entryId || PARTITION_IDS.playlists };
  }
  if (matchPath(ROUTES.AddAudios.path, pathname) || matchPath(ROUTES.TrackEdit.path, pathname)) {
    return { kind: "songs" };
  }
  return { kind: "elsewhere" };
}

/** What addressing an entry needs: a playlist's own id, a version's type. */
type EntryAddress = Pick<LibraryEntry, "entryId" | "partitionType"> &
  Partial<Pick<LibraryEntry, "entryType" | "playlistId">>;

/**
 * The address that opens an entry: the trash; a playlist, or a version of
 * the playlist `versionOf`, in the playlist editor — a version's one view
 * (decision, see docs); any other entry in the library screen. A version
 * whose playlist the caller does not know opens the library screen, which
 * sends it on to the editor.
 */
export function entryHref(entry: EntryAddress, versionOf: string | null = null): string {
  if (entry.partitionType === "deleted") return pathTo("Deleted");
  if (entry.entryType === "playlist" && entry.playlistId) {
    return pathTo("Playlist", { id: entry.playlistId });
  }
  if (entry.entryType === "version" && versionOf) {
    return pathTo("Playlist", { id: versionOf }, { [LIBRARY_PARAMS.version]: entry.entryId });
  }
  return pathTo("Playlists", {}, { [LIBRARY_PARAMS.entry]: entry.entryId });
}

/** The address of a partition root: choosing it starts again at its first page (SPEC.md §4). */
export function partitionHref(partition: PartitionType): string {
  return entryHref({ entryId: PARTITION_IDS[partition], partitionType: partition });
}

/** The depth-first path from a root to the node `match` accepts, both ends included. */
export function findPath(
  roots: readonly LibraryTreeNode[],
  match: (node: LibraryTreeNode) => boolean,
): LibraryTreeNode[] | null {
  for (const root of roots) {
    if (match(root)) return [root];
    const below = findPath(root.children, match);
    if (below) return [root, ...below];
  }
  return null;
}

/** What the library knows of the entry acted in. */
export type LibraryContextEntry = Pick<
  LibraryEntry,
  "entryId" | "entryType" | "partitionType" | "parentId" | "name" | "playlistId"
>;

/** A partition root as the context entry, known before any tree is loaded. */
function partitionRoot(entryId: string): LibraryContextEntry | null {
  const partition = (Object.keys(PARTITION_IDS) as PartitionType[]).find(
    (key) => PARTITION_IDS[key] === entryId,
  );
  if (!partition) return null;
  return {
    entryId,
    entryType: "partition",
    partitionType: partition,
    parentId: null,
    name: PARTITION_LABELS[partition],
    playlistId: null,
  };
}

/**
 * The entry the content manager acts in at `location`, as far as the
 * side-menu trees know it: the opened folder, playlist or version, the
 * playlist (or its chosen version) in the editor, the folder a new
 * playlist goes into. Null when there is none or the trees are not loaded.
 */
export function contextEntryOf(
  location: LibraryLocation,
  trees: readonly LibraryTreeNode[],
): LibraryContextEntry | null {
  switch (location.kind) {
    case "browse":
      return (
        findPath(trees, (node) => node.entryId === location.entryId)?.at(-1) ??
        partitionRoot(location.entryId)
      );
    case "trash":
      return partitionRoot(PARTITION_IDS.deleted);
    case "playlist-editor": {
      const playlist = findPath(
        trees,
        (node) => node.entryType === "playlist" && node.playlistId === location.playlistId,
      )?.at(-1);
      if (!playlist) return null;
      const version = playlist.children.find((child) => child.entryId === location.versionId);
      return version ?? playlist;
    }
    case "playlist-create": {
      const folderId = location.folderId ?? PARTITION_IDS.playlists;
      return (
        findPath(trees, (node) => node.entryId === folderId)?.at(-1) ?? partitionRoot(folderId)
      );
    }
    default:
      return null;
  }
}
