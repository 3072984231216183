import type { Subscription } from "@fonika/shared";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Section } from "../../../components/ui/page.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { pathTo } from "../../../config/paths.ts";
import { CLIENT_STATE_LABELS } from "../../../lib/account-states.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDateTime, formatRoubles } from "../../../lib/format.ts";
import {
  ActivationFailed,
  useActivateClientAndSubscription,
} from "../api/activate-client-and-subscription.ts";
import { useActivateSubscription } from "../api/activate-subscription.ts";
import { useSubscriptionQueue } from "../api/list-subscriptions.ts";
import { monthsText, SUBSCRIPTION_QUEUE_TEXTS as TEXTS } from "../subscription-texts.ts";
import { changeWithToast } from "./change-with-toast.ts";
import "../subscriptions.css";

/**
 * What a manager does with a waiting subscription from its row: activate
 * it when the server allows (its abilities) — with its client's account in
 * the same tap while that account waits for activation (issue 28) — else
 * approve its items on its page first; and open it.
 */
function QueueActions({ subscription }: { subscription: Subscription }) {
  const activate = useActivateSubscription(subscription.id);
  const activateBoth = useActivateClientAndSubscription({
    userId: subscription.userId,
    subscriptionId: subscription.id,
  });
  const name = subscription.establishmentName;
  const page = pathTo("SubscriptionCreate", { subscriptionEditId: subscription.id });
  const waiting = subscription.items.some((item) => item.approval === "pending");
  const withClient = subscription.abilities.activate && subscription.abilities.activateClient;
  const handleActivate = () => changeWithToast(activate, TEXTS.activated);
  const handleActivateBoth = async () => {
    try {
      await activateBoth.mutateAsync();
      toast.success(TEXTS.bothActivated);
    } catch (error) {
      if (!(error instanceof ActivationFailed)) toast.error(errorText(error));
      else if (error.step === "client")
        toast.error(TEXTS.clientActivationFailed(errorText(error.reason)));
      else toast.error(TEXTS.subscriptionAfterClientFailed(errorText(error.reason)));
    }
  };
  return (
    <div className="subscription-queue__actions">
      {withClient ? (
        <Button
          busy={activateBoth.isPending}
          aria-label={TEXTS.activateBothLabel(subscription.clientName, name)}
          onClick={handleActivateBoth}
        >
          {TEXTS.activateBoth}
        </Button>
      ) : (
        subscription.abilities.activate && (
          <Button
            busy={activate.isPending}
            aria-label={TEXTS.activateLabel(name)}
            onClick={handleActivate}
          >
            {TEXTS.activate}
          </Button>
        )
      )}
      {!subscription.abilities.activate && waiting && subscription.abilities.approveItems ? (
        <Link
          to={page}
          className="button button--primary button--md"
          aria-label={TEXTS.decideFirstLabel(name)}
        >
          {TEXTS.decideFirst}
        </Link>
      ) : (
        <Link
          to={page}
          className="button button--secondary button--md"
          aria-label={TEXTS.openLabel(name)}
        >
          {TEXTS.open}
        </Link>
      )}
    </div>
  );
}

const COLUMNS: readonly Column<Subscription>[] = [
  {
    key: "since",
    header: "Ждёт",
    width: "9em",
    render: (subscription) => (
      <span className="nowrap">{TEXTS.waitingSince(formatDateTime(subscription.createdAt))}</span>
    ),
  },
  {
    key: "client",
    header: "Клиент",
    render: (subscription) => (
      <span>
        <Link
          className="subscriptions-table__client"
          to={pathTo("Client", { clientId: subscription.userId })}
        >
          {subscription.clientName || "—"}
        </Link>
        {/* An account not yet (or no longer) a client's says so: a new client's comes activated with it. */}
        {subscription.clientState !== "active" && (
          <span className="subscriptions-table__sub">
            {CLIENT_STATE_LABELS[subscription.clientState]}
          </span>
        )}
      </span>
    ),
  },
  {
    key: "establishment",
    header: "Заведение",
    render: (subscription) => subscription.establishmentName,
  },
  {
    key: "tariff",
    header: "Тариф",
    render: (subscription) => (
      <span>
        {subscription.tariffInfo.tariffName}
        <span className="subscriptions-table__sub">{monthsText(subscription.periodMonths)}</span>
      </span>
    ),
  },
  {
    key: "payer",
    header: "Плательщик",
    render: (subscription) => (
      <span>
        {subscription.organizationInfo.organizationName}
        <span className="subscriptions-table__sub">
          {subscription.paymentInfo.cardId ? "Бизнес-карта" : "Расчётный счёт"}
        </span>
      </span>
    ),
  },
  {
    key: "price",
    header: "Цена в месяц",
    width: "9em",
    render: (subscription) => (
      <span>
        <span className="nowrap">{formatRoubles(subscription.price)}</span>
        <span className="subscriptions-table__sub nowrap">
          за период {formatRoubles(subscription.totalPrice)}
        </span>
      </span>
    ),
  },
  {
    key: "actions",
    header: "Действия",
    width: "15em",
    render: (subscription) => <QueueActions subscription={subscription} />,
  },
];

/**
 * The client managers' queue (issue 28): subscriptions waiting for
 * activation, the longest waiting first, with what to check (client,
 * venue, tariff, payer, price) and «Активировать» in the row — for a
 * client still waiting for activation «Активировать клиента и подписку»,
 * both in one tap (issue 28). Kept
 * current by the socket's news (`useSubscriptionNews`); a page left empty
 * by activations steps back to the last one.
 */
export function SubscriptionQueue() {
  const [page, setPage] = useState(0);
  const queue = useSubscriptionQueue(page);
  const total = queue.data?.total ?? 0;
  const totalPages = queue.data?.totalPages ?? 0;
  useEffect(() => {
    if (queue.data && page > 0 && page >= totalPages) setPage(Math.max(totalPages - 1, 0));
  }, [queue.data, page, totalPages]);

  return (
    <Section title={total > 0 ? `${TEXTS.title}: ${total}` : TEXTS.title}>
      <div className="subscription-queue" aria-busy={queue.isFetching}>
        <p className="muted subscription-queue__hint">{TEXTS.description}</p>
        <DataTable
          cards
          caption={TEXTS.title}
          columns={COLUMNS}
          rows={queue.data?.data ?? []}
          rowKey={(subscription) => subscription.id}
          loading={queue.isPending}
          empty={
            queue.isError ? (
              <EmptyState icon="subscriptions" title={TEXTS.loadFailed}>
                {errorText(queue.error)}
              </EmptyState>
            ) : (
              <p className="muted subscription-queue__empty">{TEXTS.empty}</p>
            )
          }
        />
        {totalPages > 1 && (
          <div className="table-footer">
            <span />
            <Pagination page={page} totalPages={totalPages} onChange={setPage} />
          </div>
        )}
      </div>
    </Section>
  );
}
