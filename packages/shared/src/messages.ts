/**
 * User texts both sides show: the server in its answers and socket messages,
 * the web app on its own (SPEC.md quotes are exact). Texts only the web app
 * shows live in the web app.
 */
export const MESSAGES = {
  lengthRange: (min: number, max: number) => `Введите от ${min} до ${max} символов`,
  invalidTime: "Некорректное время",
  emailOrPhoneLabel: "E-mail или номер телефона",
  emailLabel: "E-mail",
  phoneLabel: "Номер телефона",
  somethingWentWrong: "Что-то пошло не так",
  playerNotFound: "Плеер не найден",
  accountDeleted: "Ваш аккаунт удален",
  duplicateFolder: "Папка с таким названием уже существует",
  duplicatePlaylist: "Плейлист с таким названием уже существует",
  // spec-verbatim: SPEC.md §5 writes this text with straight quotes (issue 32).
  compositionError: (what: string, into: string, partition: string) =>
    `Вы не можете перенести объект типа "${what}" в объект типа "${into}" в разделе "${partition}"`,
  playerPurchaseFailed: "Не удалось отправить заявку на покупку плеера, свяжитесь с поддержкой",
  ratingFailed: "Не удалось задать рейтинг",
  /**
   * What staff see where a deleted client's name was (client base, the
   * subscription base, their venues and payers): their data is erased.
   */
  deletedClient: "Удалённый клиент",
  /** The same for a deleted staff account in the client base. */
  deletedUser: "Удалённый пользователь",
  nothingFound: "Ничего не найдено",
  clientNotFound: "Клиент не найден",
  signInToContinue: "Войдите в систему, чтобы продолжить",
  accessDenied: "Access denied error",
  /**
   * Told to a device whose player another device took over (issue 28: one
   * player never has two devices playing and filing history at once).
   */
  playerTakenOver: "Плеер запущен на другом устройстве",
} as const;
