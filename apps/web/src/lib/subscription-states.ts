import type { SubscriptionState } from "@fonika/shared";
import type { ChipTone } from "../components/ui/status-chip.tsx";

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
