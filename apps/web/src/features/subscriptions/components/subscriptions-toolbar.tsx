import { type SubscriptionState, subscriptionStateSchema } from "@fonika/shared";
import { SearchBox } from "../../../components/ui/search-box.tsx";
import { SUBSCRIPTION_STATE_LABELS } from "../../../lib/subscription-states.ts";
import "../subscriptions.css";

interface SubscriptionsToolbarProps {
  query: string;
  state: SubscriptionState | null;
  awaitingApproval: boolean;
  onSearch: (query: string) => void;
  onStateChange: (state: SubscriptionState | null) => void;
  onAwaitingApprovalChange: (awaiting: boolean) => void;
}

function FilterChip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      className="subscription-filters__chip"
      aria-pressed={pressed}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The subscription base's search, state chips and the 'waiting for approval' filter. */
export function SubscriptionsToolbar({
  query,
  state,
  awaitingApproval,
  onSearch,
  onStateChange,
  onAwaitingApprovalChange,
}: SubscriptionsToolbarProps) {
  return (
    <div className="list-toolbar">
      <SearchBox
        query={query}
        onSearch={onSearch}
        label="Поиск подписок"
        placeholder="Клиент, заведение или тариф"
      />
      <fieldset className="subscription-filters" aria-label="Состояние подписки">
        <FilterChip pressed={state === null} onClick={() => onStateChange(null)}>
          Все
        </FilterChip>
        {subscriptionStateSchema.options.map((option) => (
          <FilterChip key={option} pressed={state === option} onClick={() => onStateChange(option)}>
            {SUBSCRIPTION_STATE_LABELS[option]}
          </FilterChip>
        ))}
        <FilterChip
          pressed={awaitingApproval}
          onClick={() => onAwaitingApprovalChange(!awaitingApproval)}
        >
          Ждут согласования
        </FilterChip>
      </fieldset>
    </div>
  );
}
