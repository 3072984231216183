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

/**
 * A collecting society's music-use report (format=society), per work: the
 * columns RAO's and VOIS's forms ask for (docs/decisions.md, README).
 */
export const SOCIETY_REPORT_HEADERS = [
  "№",
  "Произведение",
  "Авторы музыки и текста",
  "Исполнитель",
  "Изготовитель фонограммы",
  "ISRC",
  "Продолжительность",
  "Количество исполнений",
  "Общее время звучания, сек",
] as const;

/** The report per copyright holder: what each holder's music played. */
export const HOLDER_REPORT_HEADERS = [
  "Правообладатель",
  "Количество исполнений",
  "Всего секунд",
  "Время звучания",
  "Треков",
  "Заведений",
] as const;

/** The holder report's line of the plays of songs that name none. */
export const NO_HOLDER = "Без правообладателя";

/** What a report says of a fact the library does not know. */
export const UNKNOWN_FACT = "";

/** Names the history shows for what is gone. */
export const HISTORY_TEXTS = {
  removedPlayer: "Удалённый плеер",
  unknownSong: "Неизвестный трек",
} as const;
