import { MESSAGES } from "@fonika/shared";
import { AppError } from "../../../lib/app-error.ts";

/** The Russian texts of the live state and remote control, socket and REST alike. */
export const liveErrors = {
  playerNotFound: MESSAGES.playerNotFound,
  onlyDevice: "О своём состоянии сообщает только сам плеер",
  playlistNotOnPlayer: "Этого плейлиста нет на плеере",
  songNotInPlaylist: "Этой песни нет в плейлисте",
  /** A song marked obsceneLexicon asked for at a venue whose explicit filter is on. */
  explicitFiltered:
    "В песне ненормативная лексика, а в этом заведении такие песни не играют (фильтр в настройках заведения)",
  notFound: () => new AppError("not-found", 404, "Плеер не найден", "Player not found"),
  /** A command over HTTP for a player whose device is not connected. */
  playerNotStarted: () =>
    new AppError(
      "conflict",
      409,
      "Плеер не запущен: откройте его на устройстве",
      "The player's device is not connected",
    ),
  /** A refusal the socket answers as an error message, over HTTP. */
  refused: (reason: string) => new AppError("not-found", 404, reason, reason),
};
