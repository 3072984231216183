import { type ErrorType, MESSAGES } from "@fonika/shared";

/**
 * The one error that services throw. The error handler turns it into
 * CONTRACT.md's body `{type, reason, message}` with `status`.
 */
export class AppError extends Error {
  override name = "AppError";

  constructor(
    readonly type: ErrorType,
    readonly status: number,
    /** Russian sentence fit to show a user. */
    readonly reason: string,
    /** Technical detail for developers; defaults to the reason. */
    message?: string,
    /** For a 429: when trying again makes sense (the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message ?? reason);
  }
}

export const errors = {
  validation: (reason: string, message?: string) =>
    new AppError("validation-error", 400, reason, message),
  unauthorized: (message = "Authentication required") =>
    new AppError("unauthorized", 401, MESSAGES.signInToContinue, message),
  forbidden: (message = "Not allowed for this role or owner") =>
    new AppError("forbidden", 403, "Недостаточно прав для этого действия", message),
  notFound: (what = "Resource") =>
    new AppError("not-found", 404, "Не найдено", `${what} not found`),
  conflict: (reason: string, message?: string) => new AppError("conflict", 409, reason, message),
  /** PostgreSQL stores no NUL in text, and no person types one. */
  nulInText: (where: string) =>
    new AppError(
      "validation-error",
      400,
      "Текст содержит недопустимый нулевой символ",
      `${where}: text must not contain a NUL character (\\u0000)`,
    ),
  invalidPhone: () =>
    new AppError(
      "validation-error",
      400,
      "Некорректный номер телефона",
      "phone: not a Russian number",
    ),
  accountDeleted: () =>
    new AppError("account-deleted", 403, MESSAGES.accountDeleted, "Account deleted"),
  accountBlocked: () =>
    new AppError("account-blocked", 403, "Ваш аккаунт заблокирован", "Account blocked"),
  deviceSessionForbidden: () =>
    new AppError(
      "forbidden",
      403,
      "Устройство-плеер не может выполнить это действие. Войдите в свой аккаунт",
      "A player device session cannot make this call",
    ),
  rateLimited: (reason = "Слишком много попыток. Попробуйте позже", retryAfterSeconds?: number) =>
    new AppError("rate-limited", 429, reason, "Too many requests", retryAfterSeconds),
};
