import {
  type EntryType,
  type LibraryEntry,
  PARTITION_IDS,
  type PartitionType,
} from "@fonika/shared";
import { TRUNCATION } from "../../config/constants.ts";

/** The Russian names of entry types, as rows and the failed-entries modal show them. */
export const ENTRY_TYPE_LABELS: Record<EntryType, string> = {
  partition: "Раздел",
  folder: "Папка",
  playlist: "Плейлист",
  version: "Версия",
  track: "Трек",
};

export const PARTITION_LABELS: Record<PartitionType, string> = {
  playlists: "Плейлисты",
  tracks: "Треки",
  deleted: "Корзина",
};

/** SPEC.md §2: what an empty table says, by the entry it lists (exact texts). */
export const EMPTY_HINTS = {
  playlist: "Нажмите кнопку «Создать» для добавления версии",
  version: "Нажмите кнопку «Создать» для добавления трека",
  playlistsFolder: "Нажмите кнопку «Создать» для добавления плейлиста",
  tracksFolder: "Перетащите треки сюда",
  trash: "Корзина пуста",
} as const;

export function emptyHintOf(
  entry: Pick<LibraryEntry, "entryId" | "entryType" | "partitionType">,
): string {
  if (entry.partitionType === "deleted" || entry.entryId === PARTITION_IDS.deleted) {
    return EMPTY_HINTS.trash;
  }
  if (entry.entryType === "playlist") return EMPTY_HINTS.playlist;
  if (entry.entryType === "version") return EMPTY_HINTS.version;
  return entry.partitionType === "tracks" ? EMPTY_HINTS.tracksFolder : EMPTY_HINTS.playlistsFolder;
}

/**
 * SPEC.md §9: names longer than this are cut in the table — 20 for folders,
 * versions and playlists; 30 for tracks, 50 on big screens.
 */
export function nameLimitOf(type: EntryType, bigScreen: boolean): number {
  if (type === "track") return bigScreen ? TRUNCATION.trackBigScreen : TRUNCATION.trackComputer;
  return TRUNCATION.folderVersionPlaylist;
}

/** What an entry is called on screen: a track by its song's title, anything else by its name. */
export function displayNameOf(entry: Pick<LibraryEntry, "entryType" | "name" | "song">): string {
  return entry.entryType === "track" ? (entry.song?.title ?? entry.name) : entry.name;
}
