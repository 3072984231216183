import { AppError } from "../../../lib/app-error.ts";

/** The Russian texts of the playlists module's failures. */
export const playlistErrors = {
  notFound: () => new AppError("not-found", 404, "Плейлист не найден", "Playlist not found"),
  coverNotFound: () =>
    new AppError("not-found", 404, "У плейлиста нет обложки", "The playlist has no cover"),
  summaryNotFound: () =>
    new AppError("not-found", 404, "У плейлиста нет превью", "The playlist has no preview track"),
  notItsVersion: () =>
    new AppError(
      "validation-error",
      400,
      "Это не версия этого плейлиста",
      "currentVersionId is not a version of the playlist",
    ),
};
