import { type LibraryEntry, PARTITION_IDS } from "@fonika/shared";
import type { LibraryLocation } from "./library-location.ts";

type ContextEntry = Pick<LibraryEntry, "entryId" | "entryType" | "partitionType" | "parentId">;

/** One option of the 'Создать' menu: where it acts, or why it cannot here. */
export type CreateOption<Target> =
  | { available: true; target: Target }
  | { available: false; hint: string };

export interface CreateMenuState {
  /** SPEC.md §2: the menu is hidden in the trash and in track folders. */
  hidden: boolean;
  /** In a folder or root of the Playlists partition. */
  folder: CreateOption<{ parentId: string }>;
  /** Always possible; into the opened folder of Playlists when there is one. */
  playlist: CreateOption<{ folderId: string | null }>;
  /** Within a version. */
  track: CreateOption<{ versionId: string }>;
  /** Within a playlist (or one of its versions). */
  version: CreateOption<{ playlistEntryId: string }>;
}

const HINTS = {
  folder: "Доступно в разделе «Плейлисты» и его папках",
  track: "Доступно внутри версии плейлиста",
  version: "Доступно внутри плейлиста",
} as const;

const unavailable = (hint: string) => ({ available: false, hint }) as const;

/**
 * What the 'Создать' menu offers (SPEC.md §2 Content manager library):
 * Create folder, Create playlist (goes to PlaylistCreate), Add track only
 * within a version, Create version only within a playlist; hidden in the
 * trash and in the Tracks partition. `entry` is the entry acted in, when
 * known (see contextEntryOf).
 */
export function createMenuState(
  location: LibraryLocation,
  entry: ContextEntry | null,
): CreateMenuState {
  const hidden =
    location.kind === "trash" ||
    entry?.partitionType === "deleted" ||
    entry?.partitionType === "tracks" ||
    (location.kind === "browse" &&
      (location.entryId === PARTITION_IDS.tracks || location.entryId === PARTITION_IDS.deleted));
  const inPlaylistsFolder =
    entry?.partitionType === "playlists" &&
    (entry.entryType === "folder" || entry.entryType === "partition");
  const playlistEntryId =
    entry?.entryType === "playlist"
      ? entry.entryId
      : entry?.entryType === "version"
        ? entry.parentId
        : null;
  return {
    hidden,
    folder: inPlaylistsFolder
      ? { available: true, target: { parentId: entry.entryId } }
      : unavailable(HINTS.folder),
    playlist: { available: true, target: { folderId: inPlaylistsFolder ? entry.entryId : null } },
    track:
      entry?.entryType === "version"
        ? { available: true, target: { versionId: entry.entryId } }
        : unavailable(HINTS.track),
    version: playlistEntryId
      ? { available: true, target: { playlistEntryId } }
      : unavailable(HINTS.version),
  };
}
