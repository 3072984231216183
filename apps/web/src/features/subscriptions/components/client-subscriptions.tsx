import type { Subscription } from "@fonika/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Section } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { formatRoubles } from "../../../lib/format.ts";
import { useUserSubscriptions } from "../api/list-user-subscriptions.ts";
import { monthsText, periodText } from "../subscription-texts.ts";
import { SubscriptionActions, SubscriptionItems } from "./subscription-panels.tsx";
import { SubscriptionStateChip } from "./subscription-state-chip.tsx";
import "../subscriptions.css";

/** The name of a subscription in lists and on its buttons: 'Базовый · Кофейня на Арбате'. */
function subscriptionName(subscription: Subscription): string {
  return `${subscription.tariffInfo.tariffName} · ${subscription.establishmentName}`;
}

function ClientSubscription({
  subscription,
  path,
}: {
  subscription: Subscription;
  path: string | null;
}) {
  const name = subscriptionName(subscription);
  const pending = subscription.state === "pending";
  return (
    <li className="client-subscription" aria-label={name}>
      <div className="client-subscription__head">
        <div className="client-list__main">
          {path ? (
            <Link className="client-list__title" to={path}>
              {name}
            </Link>
          ) : (
            <span className="client-list__title">{name}</span>
          )}
          <span className="muted">
            {formatRoubles(subscription.price)} в месяц · {monthsText(subscription.periodMonths)} ·{" "}
            {periodText(subscription)}
            {subscription.organizationInfo.organizationName
              ? ` · ${subscription.organizationInfo.organizationName}`
              : ""}
          </span>
        </div>
        <SubscriptionStateChip state={subscription.state} />
      </div>
      {pending && (
        <div className="client-subscription__pending">
          {subscription.items.length > 0 && <SubscriptionItems subscription={subscription} />}
          <SubscriptionActions subscription={subscription} />
        </div>
      )}
    </li>
  );
}

interface ClientSubscriptionsProps {
  userId: string;
  /** A subscription's own page, when the viewer may open it. */
  subscriptionPath?: ((subscription: Subscription) => string) | undefined;
}

/**
 * A client's subscriptions on the client's page, newest first. A pending
 * one shows its items to approve or reject and its activation, as its
 * abilities allow, so staff need not leave the client to approve it; each
 * leads to its own page for everything else.
 */
export function ClientSubscriptions({ userId, subscriptionPath }: ClientSubscriptionsProps) {
  const subscriptions = useUserSubscriptions(userId);
  const data = subscriptions.data;
  const waiting = data?.filter((subscription) => subscription.state === "pending").length ?? 0;
  let body: ReactNode;
  if (subscriptions.isPending) {
    body = (
      <div className="client-subscriptions" aria-hidden="true">
        <Skeleton width="40%" />
        <Skeleton width="70%" />
      </div>
    );
  } else if (subscriptions.isError || !data) {
    body = (
      <p className="form__error" role="alert">
        {errorText(subscriptions.error)}
      </p>
    );
  } else if (data.length === 0) {
    body = (
      <EmptyState icon="subscriptions" title="Подписок пока нет">
        Когда клиент подпишет заведение на тариф, подписка появится здесь.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="client-subscriptions">
        {data.map((subscription) => (
          <ClientSubscription
            key={subscription.id}
            subscription={subscription}
            path={subscriptionPath ? subscriptionPath(subscription) : null}
          />
        ))}
      </ul>
    );
  }
  return (
    <Section
      title="Подписки"
      actions={
        waiting > 0 ? (
          <span className="chip chip--pending">Ждут подтверждения: {waiting}</span>
        ) : null
      }
    >
      {body}
    </Section>
  );
}
