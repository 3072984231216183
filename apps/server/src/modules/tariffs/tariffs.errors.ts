import { MESSAGES } from "@fonika/shared";
import { AppError } from "../../lib/app-error.ts";

/** The errors of tariff calls, with their Russian texts in one place. */
export const tariffErrors = {
  notFound: () => new AppError("not-found", 404, "Тариф не найден", "Tariff not found"),
  nameTaken: () =>
    new AppError(
      "duplicate-entry-error",
      409,
      "Тариф с таким названием уже существует",
      "Another tariff has this name",
    ),
  playlistNotFound: () =>
    new AppError("not-found", 404, "Плейлист не найден", "No live playlist with this id"),
  notSubscribed: () =>
    new AppError(
      "conflict",
      409,
      "У клиента нет подписки на этот тариф",
      "None of the client's establishments is subscribed to this tariff",
    ),
  clientNotFound: () =>
    new AppError("not-found", 404, MESSAGES.clientNotFound, "No client account with this id"),
  grantNotFound: () =>
    new AppError(
      "not-found",
      404,
      "Этот плейлист не выдавался клиенту по тарифу",
      "No such playlist grant",
    ),
};
