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

const roubles = new Intl.NumberFormat("ru-RU", {
  style: "currency",
  currency: "RUB",
  maximumFractionDigits: 2,
});
const plural = new Intl.PluralRules("ru-RU");
const MONTHS = { one: "месяц", few: "месяца", many: "месяцев", other: "месяца" } as const;

/** What the mail of a new subscription names (issue 28). */
export interface ArrivalMailFacts {
  clientName: string;
  establishmentName: string;
  tariffName: string;
  organizationName: string;
  paidByCard: boolean;
  /** Roubles a month. */
  price: number;
  periodMonths: number;
  /** Names of the items a client manager approves or rejects first. */
  waitingItems: string[];
  /** Where the queue is (the subscription base). */
  link: string;
}

/** The mail client managers get when a subscription waits for them. */
export function arrivalMail(facts: ArrivalMailFacts): { subject: string; text: string } {
  const months = `${facts.periodMonths} ${MONTHS[plural.select(facts.periodMonths) as keyof typeof MONTHS] ?? MONTHS.other}`;
  const lines = [
    `${facts.clientName || "Клиент"} подписал заведение «${facts.establishmentName}» на тариф «${facts.tariffName}».`,
    "",
    `Плательщик: ${facts.organizationName}, ${facts.paidByCard ? "бизнес-карта" : "расчётный счёт"}.`,
    `Стоимость: ${roubles.format(facts.price)} в месяц, период ${months}.`,
  ];
  if (facts.waitingItems.length > 0) {
    lines.push(`Сначала согласуйте: ${facts.waitingItems.map((name) => `«${name}»`).join(", ")}.`);
  }
  lines.push("", `Подписка ждёт подключения: ${facts.link}`);
  return {
    subject: `Новая подписка ждёт подключения: ${facts.establishmentName}`,
    text: lines.join("\n"),
  };
}
