import { type EntryType, LIBRARY, MESSAGES, type PartitionType } from "@fonika/shared";
import { AppError } from "../../../lib/app-error.ts";

/** The Russian texts of the vault's failures (SPEC.md §5 quotes the first ones exactly). */
export const vaultErrors = {
  duplicateName: (type: EntryType) =>
    new AppError(
      "duplicate-entry-error",
      400,
      type === "playlist"
        ? MESSAGES.duplicatePlaylist
        : type === "version"
          ? "Версия с таким названием уже существует"
          : MESSAGES.duplicateFolder,
      `A sibling ${type} has this name`,
    ),
  duplicateTrack: () =>
    new AppError(
      "duplicate-entry-error",
      400,
      "Этот трек здесь уже есть",
      "The target already holds this song",
    ),
  composition: (child: EntryType, parent: EntryType, partition: PartitionType) =>
    new AppError(
      "composition-error",
      400,
      MESSAGES.compositionError(child, parent, partition),
      `A ${parent} in ${partition} cannot hold a ${child}`,
    ),
  /**
   * A move or copy of which no entry may go into the target (SPEC.md §8:
   * 400 composition-error with the move-not-allowed message): the reason of
   * the first refusal.
   */
  nothingMayGo: (reason: string) =>
    new AppError("composition-error", 400, reason, "No entry may go into the target"),
  tooDeep: () =>
    new AppError(
      "composition-error",
      400,
      `Папки можно вкладывать не глубже ${LIBRARY.maxFolderDepth} уровней`,
      `Folders nest at most ${LIBRARY.maxFolderDepth} deep`,
    ),
  intoItself: () =>
    new AppError(
      "composition-error",
      400,
      "Нельзя перенести объект в самого себя",
      "The target is inside the entry",
    ),
  entryNotFound: () => new AppError("not-found", 404, "Объект не найден", "Vault entry not found"),
  notAChild: () =>
    new AppError(
      "not-found",
      404,
      "Объект не найден в этой папке",
      "The entry is not a child of the given entry",
    ),
  partitionFixed: () =>
    new AppError(
      "validation-error",
      400,
      "Разделы нельзя удалить, перенести или переименовать",
      "Partition roots are fixed",
    ),
  notInTrash: () =>
    new AppError(
      "validation-error",
      400,
      "Этот объект не в корзине",
      "The entry is not in the trash",
    ),
  songNotFound: () =>
    new AppError("not-found", 404, "Трек не найден в библиотеке", "Song not found"),
  playlistNotFound: () =>
    new AppError("not-found", 404, "Плейлист не найден", "Playlist not found"),
  playlistPlaced: () =>
    new AppError(
      "conflict",
      409,
      "Плейлист уже находится в библиотеке",
      "The playlist already has a vault entry",
    ),
  notTracks: () =>
    new AppError(
      "validation-error",
      400,
      "Порядок задаётся только трекам версии, каждому один раз",
      "Give every track of the version exactly once",
    ),
};
