import { LIBRARY } from "@fonika/shared";
import { AppError } from "../../../lib/app-error.ts";

/** The Russian texts of the songs module's failures, in one place. */
const formats = LIBRARY.audioFormats.join(", ");

export const songErrors = {
  unsupportedAudio: (detail: string) =>
    new AppError(
      "unsupported-file",
      415,
      `Этот файл не аудиозапись поддерживаемого формата. Загрузите ${formats}`,
      detail,
    ),
  unreadableAudio: (detail: string) =>
    new AppError(
      "unreadable-file",
      400,
      "Не удалось прочитать аудиофайл: он пуст или повреждён",
      detail,
    ),
  audioTooLarge: (maxBytes: number) => `Файл больше ${formatMegabytes(maxBytes)} МБ`,
  songNotFound: () => new AppError("not-found", 404, "Трек не найден", "Song not found"),
  playerNotFound: () =>
    new AppError("not-found", 404, "Плеер не найден", "No such player of the caller's"),
  /** A device of a venue whose explicit filter is on asked for an explicit song. */
  explicitFiltered: () =>
    new AppError(
      "forbidden",
      403,
      "Эта песня содержит ненормативную лексику: в этом заведении она не играет",
      "The establishment's explicit filter keeps this song out",
    ),
  coverNotFound: () =>
    new AppError("not-found", 404, "У трека нет обложки", "The song has no cover"),
  catalogEntryNotFound: (what: string) =>
    new AppError("validation-error", 400, `${what} не найден в каталоге`, `Unknown ${what} id`),
};

function formatMegabytes(bytes: number): string {
  const megabytes = bytes / 1024 / 1024;
  return Number.isInteger(megabytes) ? String(megabytes) : megabytes.toFixed(2).replace(".", ",");
}
