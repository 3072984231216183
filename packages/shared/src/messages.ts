/** Russian user texts shared by server and web (SPEC.md quotes are exact). */
export const MESSAGES = {
  lengthRange: (min: number, max: number) => `Введите от ${min} до ${max} символов`,
  invalidTime: "Некорректное время",
  emailOrPhoneLabel: "E-mail или номер телефона",
  emailLabel: "E-mail",
  phoneLabel: "Номер телефона",
  somethingWentWrong: "Что-то пошло не так",
  accountDeleted: "Ваш аккаунт удален",
  unknownError: "Неизвестная ошибка",
  duplicateFolder: "Папка с таким названием уже существует",
  duplicatePlaylist: "Плейлист с таким названием уже существует",
  compositionError: (what: string, into: string, partition: string) =>
    `Вы не можете перенести объект типа "${what}" в объект типа "${into}" в разделе "${partition}"`,
  playerPurchaseFailed: "Не удалось отправить заявку на покупку плеера, свяжитесь с поддержкой",
  ratingFailed: "Не удалось задать рейтинг",
  changeRoleComplete: "Change role complete",
  changeRoleFailed: "Change role failed",
  userDeleted: "Пользователь успешно удален",
  /**
   * What staff see where a deleted client's name was (client base, the
   * subscription base, their venues and payers): their data is erased.
   */
  deletedClient: "Удалённый клиент",
  /** The same for a deleted staff account in the client base. */
  deletedUser: "Удалённый пользователь",
  nothingFound: "Ничего не найдено",
  noRefreshToken: "No refresh token",
  accessDenied: "Access denied error",
} as const;
