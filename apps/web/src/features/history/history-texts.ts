import type { PlayEnding } from "@fonika/shared";

/** How a play ended, as the history shows it. */
export const PLAY_ENDING_LABELS: Record<PlayEnding, string> = {
  finished: "Доиграл",
  skipped: "Пропущен",
  stopped: "Остановлен",
  offline: "Плеер отключился",
};

export const HISTORY_TEXTS = {
  playing: "Играет",
  fallback: "Запасной плейлист",
  noPlaylist: "—",
  reportLink: "Скачать отчёт (CSV)",
  allVenuesReportLink: "Отчёт по всем заведениям (CSV)",
  societyReportLink: "Отчёт для РАО и ВОИС (CSV)",
  allVenuesSocietyReportLink: "Отчёт для РАО и ВОИС по всем заведениям (CSV)",
  holdersReportLink: "Отчёт по правообладателям (CSV)",
  periodReversed: "Конец периода раньше начала",
  periodTooLong: "Период не длиннее года",
  emptyTitle: "Эфир ещё не записан",
  emptyText: "Каждый прозвучавший трек появится здесь со временем начала и окончания.",
  emptyPeriodTitle: "За этот период эфира нет",
  emptyPeriodText: "Выберите другие даты или сбросьте фильтр.",
  loadFailed: "Не удалось загрузить историю эфира",
  reset: "Сбросить",
} as const;
