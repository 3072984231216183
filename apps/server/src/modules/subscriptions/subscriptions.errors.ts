import { MESSAGES } from "@fonika/shared";
import { AppError } from "../../lib/app-error.ts";

/** The errors of subscription calls, with their Russian texts in one place. */
export const subscriptionErrors = {
  notFound: () => new AppError("not-found", 404, "Подписка не найдена", "Subscription not found"),
  clientNotFound: () =>
    new AppError("not-found", 404, MESSAGES.clientNotFound, "No client account with this id"),
  establishmentNotFound: () =>
    new AppError("not-found", 404, "Заведение не найдено", "Not an establishment of this client"),
  tariffNotFound: () => new AppError("not-found", 404, "Тариф не найден", "Tariff not found"),
  tariffInactive: () =>
    new AppError("conflict", 409, "Этот тариф больше не предлагается", "The tariff is not active"),
  foreignItems: () =>
    new AppError(
      "validation-error",
      400,
      "Выбраны позиции, которых нет в этом тарифе",
      "Some item ids are not live items of the tariff",
    ),
  payerNotFound: () =>
    new AppError(
      "not-found",
      404,
      "Организация или способ оплаты не найдены",
      "The organization or payment method is not the client's",
    ),
  alreadySubscribed: () =>
    new AppError(
      "conflict",
      409,
      "У заведения уже есть подписка",
      "The establishment already has a subscription that has not ended",
    ),
  itemNeedsNoApproval: () =>
    new AppError(
      "conflict",
      409,
      "Эта позиция не требует согласования",
      "The item is not chosen or needs no approval",
    ),
  wrongState: (reason: string) => new AppError("conflict", 409, reason, "Not in this state"),
  approvalsPending: () =>
    new AppError(
      "conflict",
      409,
      "Сначала согласуйте или отклоните позиции, ожидающие согласования",
      "Items still wait for approval",
    ),
};
