import type { PlayerRequest, PlayerType } from "@fonika/shared";

/** What a player's type is called on every screen. */
export const PLAYER_TYPE_LABELS: Record<PlayerType, string> = {
  web: "Веб-плеер",
  boxPlayer: "Бокс-плеер",
};

export const PLAYER_REQUEST_KIND_LABELS: Record<PlayerRequest["kind"], string> = {
  purchase: "Покупка бокс-плеера",
  leave: "Отключение плеера",
};
