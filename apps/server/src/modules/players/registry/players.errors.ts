import type { Weekday } from "@fonika/shared";
import { AppError } from "../../../lib/app-error.ts";

const WEEKDAY_SHORT: Record<Weekday, string> = {
  MONDAY: "пн",
  TUESDAY: "вт",
  WEDNESDAY: "ср",
  THURSDAY: "чт",
  FRIDAY: "пт",
  SATURDAY: "сб",
  SUNDAY: "вс",
};

/** A window as a person reads it: «Утро» (пн, ср, 07:00–11:00). */
function describeWindow(window: {
  playlistName: string;
  weekdays: readonly Weekday[];
  startTime: string;
  endTime: string;
}): string {
  const days = window.weekdays.map((day) => WEEKDAY_SHORT[day]).join(", ");
  return `«${window.playlistName}» (${days}, ${window.startTime.slice(0, 5)}–${window.endTime.slice(0, 5)})`;
}

/** The errors of player calls, with their Russian texts in one place. */
export const playerErrors = {
  notFound: () => new AppError("not-found", 404, "Плеер не найден", "Player not found"),
  notWebPlayer: () =>
    new AppError(
      "validation-error",
      400,
      "Это плеер-приставка: в браузере играет только веб-плеер",
      "The player is not a web player",
    ),
  otherEstablishment: () =>
    new AppError(
      "validation-error",
      400,
      "Этот веб-плеер из другого заведения: выберите веб-плеер выбранного заведения",
      "The web player is not of the chosen establishment",
    ),
  establishmentNotFound: () =>
    new AppError("not-found", 404, "Заведение не найдено", "No such establishment of the owner"),
  ownerNotClient: () =>
    new AppError(
      "validation-error",
      400,
      "Плеер можно добавить только клиенту: укажите клиента",
      "The owner is not a client account",
    ),
  noEstablishment: () =>
    new AppError(
      "validation-error",
      400,
      "Сначала добавьте заведение: плеер работает в заведении",
      "The owner has no establishment",
    ),
  severalEstablishments: () =>
    new AppError(
      "validation-error",
      400,
      "Выберите заведение: у клиента их несколько",
      "The owner has several establishments; establishmentId is required",
    ),
  serialTaken: () =>
    new AppError(
      "conflict",
      409,
      "Плеер с таким серийным номером уже зарегистрирован",
      "serialBoxNumber is taken",
    ),
  playlistNotAllowed: () =>
    new AppError(
      "forbidden",
      403,
      "Этот плейлист не входит в тарифы клиента",
      "The playlist is not among the owner's allowed playlists",
    ),
  playlistAlreadyAdded: () =>
    new AppError(
      "conflict",
      409,
      "Плейлист уже добавлен на плеер",
      "The playlist is on the player",
    ),
  playlistNotOnPlayer: () =>
    new AppError(
      "not-found",
      404,
      "Этого плейлиста нет на плеере",
      "The playlist is not on the player",
    ),
  scheduleNotFound: () =>
    new AppError(
      "not-found",
      404,
      "Окно расписания не найдено",
      "No such schedule window of the player and playlist",
    ),
  scheduleOverlap: (other: Parameters<typeof describeWindow>[0]) =>
    new AppError(
      "conflict",
      409,
      `Время пересекается с окном плейлиста ${describeWindow(other)}`,
      "The window overlaps another window of the player",
    ),
  instantForStaffOnly: () =>
    new AppError(
      "forbidden",
      403,
      "Выбирать момент времени может только персонал",
      "The `at` query parameter is an operator's diagnostic, for staff only",
    ),
};

/** The name of a web player made for a device that asked to play (numbered per establishment). */
export function webPlayerName(number: number): string {
  return `Веб-плеер ${number}`;
}
