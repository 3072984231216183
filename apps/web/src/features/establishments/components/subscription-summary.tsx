import type { Establishment } from "@fonika/shared";
import { Link } from "react-router";
import { Icon } from "../../../components/ui/icon.tsx";
import { StatusChip } from "../../../components/ui/status-chip.tsx";
import { pathTo } from "../../../config/paths.ts";
import { formatDate, formatRoubles } from "../../../lib/format.ts";
import {
  SUBSCRIPTION_STATE_LABELS,
  SUBSCRIPTION_STATE_TONES,
  subscriptionStateText,
} from "../../../lib/subscription-states.ts";
import "../establishments.css";

interface SubscriptionSummaryProps {
  establishment: Establishment;
  /** The client whose establishment staff are viewing; absent for the client's own. */
  clientId?: string;
  /** The detail page lists the payer and the period too. */
  detailed?: boolean;
}

/**
 * An establishment's live subscription (tariff, state, monthly price), or
 * 'Нет подписки' with a way to choose a tariff when the server allows it.
 */
export function SubscriptionSummary({
  establishment,
  clientId,
  detailed = false,
}: SubscriptionSummaryProps) {
  const subscription = establishment.subscriptionInfo;
  if (!subscription) {
    return (
      <div className="establishment-subscription establishment-subscription--none">
        <span className="muted">Нет подписки</span>
        {establishment.abilities.subscribe && (
          <Link
            className="button button--secondary button--md establishment-subscription__action"
            to={pathTo("Subscribe", {}, { establishmentId: establishment.id, clientId })}
          >
            <Icon name="tariffs" />
            Подключить тариф
          </Link>
        )}
      </div>
    );
  }
  return (
    <div className="establishment-subscription">
      <div className="establishment-subscription__head">
        <span className="establishment-subscription__tariff">
          {subscription.tariffInfo.tariffName}
        </span>
        <StatusChip
          label={SUBSCRIPTION_STATE_LABELS[subscription.state]}
          tone={SUBSCRIPTION_STATE_TONES[subscription.state]}
        />
      </div>
      <span className="establishment-subscription__price">
        {formatRoubles(subscription.price)} в месяц
      </span>
      {detailed && (
        <p className="establishment-subscription__next">{subscriptionStateText(subscription)}</p>
      )}
      {detailed && (
        <dl className="summary establishment-subscription__facts">
          <div className="summary__row">
            <dt>Плательщик</dt>
            <dd>{subscription.organizationInfo.organizationName}</dd>
          </div>
          <div className="summary__row">
            <dt>Оплата</dt>
            <dd>{subscription.paymentInfo.cardId ? "Бизнес-карта" : "Расчётный счёт"}</dd>
          </div>
          <div className="summary__row">
            <dt>Период</dt>
            <dd>
              {subscription.startsAt
                ? `${formatDate(subscription.startsAt)} — ${
                    subscription.endsAt ? formatDate(subscription.endsAt) : "без срока"
                  }`
                : "Начнётся после подтверждения менеджером"}
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}
