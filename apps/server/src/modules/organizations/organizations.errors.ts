import { MESSAGES } from "@fonika/shared";
import { AppError } from "../../lib/app-error.ts";

/** The errors of organization calls, with their Russian texts in one place. */
export const organizationErrors = {
  notFound: () =>
    new AppError("not-found", 404, "Организация не найдена", "Organization not found"),
  notFilled: () =>
    new AppError(
      "not-found",
      404,
      "Данные организации ещё не заполнены",
      "The profile has no organization yet",
    ),
  clientNotFound: () =>
    new AppError("not-found", 404, MESSAGES.clientNotFound, "No client account with this id"),
  paymentMethodNotFound: () =>
    new AppError("not-found", 404, "Способ оплаты не найден", "Payment method not found"),
  innTaken: () =>
    new AppError(
      "duplicate-entry-error",
      409,
      "Организация с таким ИНН уже добавлена",
      "The client already has an organization with this INN",
    ),
  inUse: () =>
    new AppError(
      "conflict",
      409,
      "Через эту организацию оплачивается подписка: сначала завершите или измените её",
      "A subscription that has not ended pays through it",
    ),
  paymentMethodInUse: () =>
    new AppError(
      "conflict",
      409,
      "Этим способом оплачивается подписка: сначала завершите или измените её",
      "A subscription that has not ended pays with it",
    ),
};
