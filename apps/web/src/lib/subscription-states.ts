import type { SubscriptionInfo, SubscriptionState } from "@fonika/shared";
import type { ChipTone } from "../components/ui/status-chip.tsx";
import { formatDate } from "./format.ts";

/** How a subscription's state reads wherever it is shown (establishments, clients, subscriptions). */
export const SUBSCRIPTION_STATE_LABELS: Record<SubscriptionState, string> = {
  pending: "Ожидает подключения",
  active: "Активна",
  suspended: "Приостановлена",
  ended: "Завершена",
};

/** The status chip's tone of each state. */
export const SUBSCRIPTION_STATE_TONES: Record<SubscriptionState, ChipTone | undefined> = {
  pending: "pending",
  active: "active",
  suspended: "blocked",
  ended: undefined,
};

/**
 * What a subscription's state means to the client, in their words: what
 * happens next and when. Shown beside the state wherever the client reads
 * their own subscription (the establishment's page, their subscriptions).
 */
export function subscriptionStateText(
  subscription: Pick<SubscriptionInfo, "state" | "endsAt">,
): string {
  switch (subscription.state) {
    case "pending":
      return "Что дальше: клиентский менеджер проверит подписку и подключит её. Период подписки начнётся в день подключения, не раньше. Состояние видно здесь и в разделе «Подписки».";
    case "active":
      return subscription.endsAt
        ? `Подключена и действует по ${formatDate(subscription.endsAt)} включительно.`
        : "Подключена.";
    case "suspended":
      return "Приостановлена клиентским менеджером; возобновить её может он же — напишите в поддержку.";
    case "ended":
      return "Завершена. Чтобы подписка снова действовала, подключите тариф заново.";
  }
}
