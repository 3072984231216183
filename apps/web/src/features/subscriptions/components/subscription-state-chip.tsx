import type { SubscriptionState } from "@fonika/shared";
import { StatusChip } from "../../../components/ui/status-chip.tsx";
import {
  SUBSCRIPTION_STATE_LABELS,
  SUBSCRIPTION_STATE_TONES,
} from "../../../lib/subscription-states.ts";

export function SubscriptionStateChip({ state }: { state: SubscriptionState }) {
  return (
    <StatusChip label={SUBSCRIPTION_STATE_LABELS[state]} tone={SUBSCRIPTION_STATE_TONES[state]} />
  );
}
