import { PLAYER_UPDATES } from "@fonika/shared";
import { AppError } from "../../../lib/app-error.ts";

/** The errors of player update calls, with their Russian texts in one place. */
export const playerUpdateErrors = {
  notFound: () =>
    new AppError("not-found", 404, "Обновление не найдено", "Player update not found"),
  emptyFile: () =>
    new AppError("validation-error", 400, "Файл пустой", "The uploaded file has no bytes"),
  tooLargeReason: () => `Файл больше ${PLAYER_UPDATES.maxFileMb} МБ`,
  noVersion: () =>
    new AppError(
      "validation-error",
      400,
      "Укажите версию: в имени файла её нет",
      "No version given and none in the file name",
    ),
  noName: () =>
    new AppError(
      "validation-error",
      400,
      "Укажите название: из имени файла его не получить",
      "No name given and the file name gives none",
    ),
  versionTaken: (version: string) =>
    new AppError(
      "conflict",
      409,
      `Обновление версии ${version} уже загружено`,
      `An update of version ${version} exists`,
    ),
};
