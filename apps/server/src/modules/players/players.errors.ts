import { AppError } from "../../lib/app-error.ts";

/** The errors of player calls, with their Russian texts in one place. */
export const playerErrors = {
  notFound: () => new AppError("not-found", 404, "Плеер не найден", "Player not found"),
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
};
