/** What `npm run demo` says and names, in one place (Russian, as the product speaks). */
export const DEMO_TEXTS = {
  refusedDatabaseUrl:
    "npm run demo заполняет только встроенную базу PGlite в DATA_DIR, а задан DATABASE_URL: " +
    "демо не трогает внешний PostgreSQL, где могут быть настоящие данные. " +
    "Уберите DATABASE_URL (и укажите пустой DATA_DIR), чтобы запустить демо.",
  refusedUsers: (count: number, dataDir: string) =>
    `В базе ${dataDir} уже есть пользователи (${count}): демо заполняет только пустую базу ` +
    "и ничего не меняет в этой. Укажите другую папку: DATA_DIR=./demo-data npm run demo.",
  rendering: (count: number) => `Создаю ${count} демо-треков встроенным ffmpeg…`,
  importing: "Кладу треки в библиотеку и измеряю громкость…",
  building: "Создаю тариф, клиента, заведение, подписку и веб-плеер…",
  folder: "Демо",
  dayPlaylist: "Демо: день",
  eveningPlaylist: "Демо: вечер",
  dayDescription: "Светлые спокойные мелодии с 08:00 до 20:00.",
  eveningDescription: "Мягкие вечерние мелодии с 20:00 до 08:00.",
  tariff: {
    name: "Демо",
    description: "Демо-тариф: два плейлиста сгенерированной музыки на весь день.",
    benefits: ["Музыка без авторских отчислений", "Расписание на весь день"],
  },
  establishment: { name: "Кофейня «Демо»", address: "Москва, Тверская, 1" },
  organization: { company: "ООО «Демо-кофейня»", address: "Москва, Тверская, 1" },
  player: { name: "Зал", address: "Москва, Тверская, 1" },
  people: {
    admin: { firstName: "Анна", lastName: "Демова" },
    contentManager: { firstName: "Кирилл", lastName: "Демов" },
    client: { firstName: "Ольга", lastName: "Кофейнова" },
  },
  done: (seconds: number) => `Готово за ${seconds.toFixed(1)} с.`,
} as const;
