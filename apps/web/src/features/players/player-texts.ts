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

/** Why a command to a player did not take effect, shown beside the remote control. */
export const PLAYER_LIVE_TEXTS = {
  needToStart: "Плеер не запущен: откройте веб-плеер в заведении или включите бокс-плеер",
  noAnswer: "Плеер не ответил: проверьте связь и попробуйте ещё раз",
  offline: "Не в сети",
  online: "В сети",
  nothingPlays: "Сейчас ничего не играет",
  unknownSong: "Песня",
  waiting: "Ждём состояние плеера…",
  silence: "Тишина",
  play: "Играть",
  pause: "Пауза",
  next: "Следующий трек",
  previous: "Предыдущий трек",
  shuffle: "Перемешать",
  loop: "Повтор плейлиста",
  volume: "Громкость",
} as const;
