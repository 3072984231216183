import type {
  PlayerPlayback,
  PlayerRequest,
  PlayerSort,
  PlayerStatus,
  PlayerType,
} from "@fonika/shared";

/** What a player's type is called on every screen. */
export const PLAYER_TYPE_LABELS: Record<PlayerType, string> = {
  web: "Веб-плеер",
  boxPlayer: "Бокс-плеер",
};

export const PLAYER_REQUEST_KIND_LABELS: Record<PlayerRequest["kind"], string> = {
  purchase: "Покупка бокс-плеера",
  leave: "Отключение плеера",
};

/** A player of a venue without an active subscription (issue 27): why it is silent and what to do. */
export const PLAYER_LICENCE_TEXTS = {
  title: "Нет активной подписки",
  hint: {
    none: "У этого заведения нет подписки на музыку, поэтому плеер молчит. Оформите подписку — музыка начнётся сама.",
    pending:
      "Подписка заведения ждёт подключения менеджером Фоники. Плеер заиграет сам, как только её подключат.",
    suspended:
      "Подписка заведения приостановлена, поэтому плеер молчит. Свяжитесь с Фоникой через «Поддержку», чтобы возобновить её.",
  },
  subscribe: "Оформить подписку",
} as const;

/** Why a command to a player did not take effect, shown beside the remote control. */
export const PLAYER_LIVE_TEXTS = {
  needToStart: "Плеер не запущен: откройте веб-плеер в заведении или включите бокс-плеер",
  noAnswer: "Плеер не ответил: проверьте связь и попробуйте ещё раз",
  offline: "Не в сети",
  online: "В сети",
  nothingPlays: "Сейчас ничего не играет",
  /** The fallback, as every screen names it (the venue's screen too). */
  fallback: "Запасной плейлист",
  nextSong: "Следующая песня",
  /** After a playlist's last song (loop off) a box stops; a web player starts it over. */
  playlistEnds: "Плейлист закончится на этой песне",
  playlistStartsOver: "Плейлист начнётся сначала",
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
  /** The paused song goes on from where it stopped. */
  resume: "Продолжить",
  paused: "На паузе",
  /** A song of the queue or of the player's playlists, started now. */
  playNow: "Играть сейчас",
  playNowSong: (title: string) => `Играть сейчас: «${title}»`,
  songsTitle: "Выбрать песню",
  upcoming: "Следующие песни",
  noUpcoming: "Дальше в плейлисте ничего нет",
  playlistSongs: "Песни плейлистов",
  playlist: "Плейлист",
  playsNow: "Играет",
  noPlaylists: "На плеере нет плейлистов, которые он может играть",
  songsFailed: "Не удалось загрузить песни плейлиста",
  emptyPlaylist: "В плейлисте пока нет песен",
} as const;

/** The players base's and a player page's live state, as staff read it. */
export const PLAYERS_BASE_TEXTS = {
  online: "В сети",
  offline: "Не в сети",
  playing: "Играет",
  paused: "Пауза",
  neverSeen: "Никогда",
  all: "Все",
  nothingMatches: "Под фильтры не подходит ни один плеер",
  changeFilters: "Измените фильтры или поиск.",
  resetFilters: "Сбросить фильтры",
} as const;

export const PLAYER_STATUS_LABELS: Record<PlayerStatus, string> = {
  online: "В сети",
  offline: "Не в сети",
};

export const PLAYER_PLAYBACK_LABELS: Record<PlayerPlayback, string> = {
  playing: "Играет",
  paused: "На паузе",
};

/** The type filter's short names. */
export const PLAYER_TYPE_FILTER_LABELS: Record<PlayerType, string> = {
  web: "Веб",
  boxPlayer: "Бокс",
};

export const PLAYER_SORT_LABELS: Record<PlayerSort, string> = {
  createdAt: "Сначала новые",
  name: "По названию",
  type: "По типу",
  lastSeen: "Недавно в сети",
};

/** Players' silence alerts (issue 14): the owner's badge and lines, the players base's red rows. */
export const PLAYER_ALERT_TEXTS = {
  /** The badge on the Players menu entry. */
  badgeLabel: (count: number) => `Молчат плееры: ${count}`,
  silentSince: (since: string) => `Плеер молчит с ${since}`,
  /** The players base's state column and row label. */
  silentShort: (since: string) => `Молчит с ${since}`,
  explanation: "По расписанию должна играть музыка. Проверьте, что устройство включено и в сети.",
  /** A player out of touch: the server cannot know whether it plays from its memory. */
  outOfTouchSince: (since: string) => `Плеер не на связи с ${since}`,
  outOfTouchExplanation:
    "Если устройство включено, плеер играет расписание из своей памяти до 7 дней, а историю пришлёт, когда связь вернётся. Проверьте интернет в заведении.",
  filterLabel: "Уведомления",
  filterSilent: "Молчат",
} as const;
