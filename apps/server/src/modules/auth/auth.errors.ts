import { AppError, errors } from "../../lib/app-error.ts";

/** The errors of sign-in calls, with their Russian texts in one place. */
export const authErrors = {
  invalidCode: () => new AppError("invalid-code", 400, "Неверный код", "Wrong or unknown code"),
  codeExpired: () =>
    new AppError(
      "code-expired",
      400,
      "Срок действия кода истёк. Запросите новый код",
      "Code expired",
    ),
  /** CONTRACT.md: 429 is the status of too many tries. */
  codeExhausted: () =>
    new AppError(
      "code-exhausted",
      429,
      "Слишком много неверных попыток. Запросите новый код",
      "Too many wrong tries for this code",
    ),
  tooManyCodesForAddress: (retryAfterSeconds?: number) =>
    new AppError(
      "rate-limited",
      429,
      "Слишком много запросов кода. Попробуйте позже",
      "Too many codes sent to this address",
      retryAfterSeconds,
    ),
  tooManyCodesFromIp: (retryAfterSeconds?: number) =>
    new AppError(
      "rate-limited",
      429,
      "Слишком много запросов кода с вашего адреса. Попробуйте позже",
      "Too many codes requested from this IP",
      retryAfterSeconds,
    ),
  tooManyTries: (retryAfterSeconds?: number) =>
    new AppError(
      "rate-limited",
      429,
      "Слишком много попыток ввода кода. Попробуйте позже",
      "Too many verification tries for this address or IP",
      retryAfterSeconds,
    ),
  tooManyApprovals: (retryAfterSeconds?: number) =>
    new AppError(
      "rate-limited",
      429,
      "Слишком много попыток подтвердить устройство. Попробуйте позже",
      "Too many device code look-ups or approvals",
      retryAfterSeconds,
    ),
  onlyClientsApproveDevices: () =>
    new AppError(
      "forbidden",
      403,
      "Подключать плееры заведений может только клиент",
      "Only a client approves a player device",
    ),
  establishmentNotFound: () =>
    new AppError(
      "not-found",
      404,
      "Заведение не найдено среди ваших",
      "The establishment is not the approver's",
    ),
  playerOnlyForWebPlayer: () =>
    new AppError(
      "validation-error",
      400,
      "Плеер выбирают только для веб-плеера: это устройство подключается к заведению",
      "playerId is for a web player's code only",
    ),
  sessionNotFound: () =>
    new AppError("not-found", 404, "Сеанс не найден или уже завершён", "Session not found"),
  accountDeleted: errors.accountDeleted,
  accountBlocked: errors.accountBlocked,
  invalidPhone: errors.invalidPhone,
  badRefreshToken: () =>
    new AppError(
      "unauthorized",
      401,
      "Сессия завершена. Войдите снова",
      "Unknown, expired or revoked refresh token",
    ),
  tokenReused: () =>
    new AppError(
      "token-reused",
      401,
      "Сессия завершена из соображений безопасности. Войдите снова",
      "Refresh token reused; the session is revoked",
    ),
  deliveryFailed: () =>
    new AppError(
      "service-unavailable",
      503,
      "Не удалось отправить код. Попробуйте позже",
      "Code delivery failed",
    ),
};
