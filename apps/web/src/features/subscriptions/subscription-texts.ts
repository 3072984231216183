import type { ItemApproval, Subscription } from "@fonika/shared";
import type { ChipTone } from "../../components/ui/status-chip.tsx";
import { formatCount, formatDate } from "../../lib/format.ts";

export const APPROVAL_LABELS: Record<ItemApproval, string> = {
  "not-required": "Без согласования",
  pending: "Ждёт согласования",
  approved: "Согласовано",
  rejected: "Отклонено",
};

export const APPROVAL_TONES: Record<ItemApproval, ChipTone | undefined> = {
  "not-required": undefined,
  pending: "pending",
  approved: "active",
  rejected: "blocked",
};

/** '1 месяц', '3 месяца', '6 месяцев', '12 месяцев'. */
export function monthsText(months: number): string {
  return formatCount(months, ["месяц", "месяца", "месяцев"]);
}

/** 'с 01.03.2025 по 01.04.2025', or what is known of the period so far. */
export function periodText(subscription: Pick<Subscription, "startsAt" | "endsAt">): string {
  if (subscription.startsAt && subscription.endsAt) {
    return `с ${formatDate(subscription.startsAt)} по ${formatDate(subscription.endsAt)}`;
  }
  if (subscription.endsAt) return `по ${formatDate(subscription.endsAt)}`;
  return "начнётся после подключения";
}

/**
 * 'Позиции «Голосовые объявления» сначала согласует менеджер.': the items
 * a pending subscription waits on; null when it waits on none.
 */
export function awaitingItemsText(
  subscription: Pick<Subscription, "state" | "items">,
): string | null {
  if (subscription.state !== "pending") return null;
  const waiting = subscription.items.filter((item) => item.approval === "pending");
  if (waiting.length === 0) return null;
  const names = waiting.map((item) => `«${item.name}»`).join(", ");
  return waiting.length === 1
    ? `Позицию ${names} менеджер сначала согласует.`
    : `Позиции ${names} менеджер сначала согласует.`;
}

/** The client managers' queue of pending subscriptions (issue 28): its section, badge and notices. */
export const SUBSCRIPTION_QUEUE_TEXTS = {
  title: "Ждут подключения",
  description:
    "Новые подписки клиентов, первой — ждущая дольше всех. Проверьте клиента и плательщика и подключите подписку.",
  empty: "Новых подписок нет — все подключены.",
  loadFailed: "Не удалось загрузить очередь",
  badgeLabel: (count: number) =>
    `Ждут подключения: ${formatCount(count, ["подписка", "подписки", "подписок"])}`,
  /** A toast for staff, wherever they are: which subscription came. */
  arrived: (establishmentName: string, clientName: string) =>
    `Новая подписка ждёт подключения: «${establishmentName}»${clientName ? `, ${clientName}` : ""}`,
  openQueue: "Открыть очередь",
  activate: "Активировать",
  activateLabel: (establishmentName: string) =>
    `Активировать подписку заведения ${establishmentName}`,
  activated: "Подписка активирована",
  /** A waiting client's subscription: the account and the subscription in one tap. */
  activateBoth: "Активировать клиента и подписку",
  activateBothLabel: (clientName: string, establishmentName: string) =>
    `Активировать клиента ${clientName} и подписку заведения ${establishmentName}`,
  bothActivated: "Клиент и подписка активированы",
  clientActivationFailed: (reason: string) => `Не удалось активировать аккаунт: ${reason}`,
  subscriptionAfterClientFailed: (reason: string) =>
    `Аккаунт активирован, но подписку подключить не удалось: ${reason}`,
  decideFirst: "Согласовать позиции",
  decideFirstLabel: (establishmentName: string) =>
    `Согласовать позиции подписки заведения ${establishmentName}`,
  open: "Открыть",
  openLabel: (establishmentName: string) => `Открыть подписку заведения ${establishmentName}`,
  waitingSince: (since: string) => `с ${since}`,
} as const;
