import { AppError } from "../../lib/app-error.ts";

/** The errors of history calls, with their Russian texts in one place. */
export const historyErrors = {
  playerNotFound: () => new AppError("not-found", 404, "Плеер не найден", "Player not found"),
  establishmentNotFound: () =>
    new AppError("not-found", 404, "Заведение не найдено", "Establishment not found"),
};

/** The royalty report's column headers, in the order of its fields. */
export const REPORT_HEADERS = [
  "Название",
  "Исполнитель",
  "Авторы",
  "Правообладатель",
  "Длительность",
  "Количество исполнений",
  "Всего секунд",
  "Заведение",
  "Адрес",
] as const;

/** What a report says of a fact the library does not know. */
export const UNKNOWN_FACT = "";

/** Names the history shows for what is gone. */
export const HISTORY_TEXTS = {
  removedPlayer: "Удалённый плеер",
  unknownSong: "Неизвестный трек",
} as const;
