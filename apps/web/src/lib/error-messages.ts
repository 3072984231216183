import { MESSAGES } from "@fonika/shared";

/** Russian texts the web app shows for failures it detects itself. */
export const CLIENT_ERRORS = {
  network: "Нет связи с сервером. Проверьте подключение к интернету",
  notSignedIn: MESSAGES.signInToContinue,
  badResponse: "Сервер прислал неожиданный ответ",
  incompleteTokens: "Сервер не выдал ключи доступа. Попробуйте войти ещё раз",
  noRoleAccess: "У вашей учётной записи нет доступа к приложению",
  invalidCode: "Неверный код",
  invalidEmail: "Введите корректный e-mail",
  invalidPhone: "Введите номер телефона полностью",
  codeLength: "Введите 6 цифр кода",
  agreementRequired: "Необходимо принять условия оферты и согласие на обработку данных",
  unknown: "Неизвестная ошибка",
  /** SPEC.md §8: the refresh that finds no stored refresh token fails with this. */
  noRefreshToken: "No refresh token",
} as const;

/**
 * What an empty required field asks for, named after the field (issue 17:
 * 'Введите фамилию', not 'Введите от 1 до 200 символов'). The length
 * message stays for a value that is there but too short or too long.
 */
export const REQUIRED_FIELD = {
  lastName: "Введите фамилию",
  fullName: "Введите фамилию, имя и отчество",
  firstName: "Введите имя",
  contactName: "Введите ваше имя",
  company: "Введите название компании",
  phone: "Введите номер телефона",
  emailOrPhone: "Введите e-mail или номер телефона",
  establishmentName: "Введите название заведения",
  establishmentAddress: "Введите адрес заведения",
  organizationName: "Введите название организации",
  entrepreneurName: "Введите наименование ИП",
  inn: "Введите ИНН",
  kpp: "Введите КПП",
  ogrn: "Введите ОГРН",
  ogrnip: "Введите ОГРНИП",
  legalAddress: "Введите юридический адрес",
  registrationAddress: "Введите адрес регистрации",
} as const;

/** What an empty required field asks for when REQUIRED_FIELD has no text of its own. */
export function fillInText(label?: string): string {
  return label ? `Заполните поле «${label}»` : "Заполните это поле";
}

/** Error types whose server `reason` this app replaces with its own exact text. */
const TEXT_BY_TYPE: Record<string, string> = {
  "account-deleted": MESSAGES.accountDeleted,
  "invalid-code": CLIENT_ERRORS.invalidCode,
};

/**
 * The text to show a user for a failure: a known type's fixed text, else the
 * server's reason, else its message, else 'Неизвестная ошибка' (SPEC.md §8).
 */
export function errorText(error: unknown): string {
  if (error && typeof error === "object") {
    const { type, reason, message } = error as {
      type?: unknown;
      reason?: unknown;
      message?: unknown;
    };
    if (typeof type === "string" && TEXT_BY_TYPE[type]) return TEXT_BY_TYPE[type];
    if (typeof reason === "string" && reason) return reason;
    if (typeof message === "string" && message) return message;
  }
  return CLIENT_ERRORS.unknown;
}

/** Shown when a paste would make a field longer than it may be (SPEC.md §5). */
export function pasteTooLongText(max: number): string {
  return `Вставляемый текст не помещается: не больше ${max} символов`;
}
