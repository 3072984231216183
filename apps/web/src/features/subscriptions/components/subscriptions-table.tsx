import { MESSAGES, type Subscription, type SubscriptionState } from "@fonika/shared";
import { useState } from "react";
import { Link } from "react-router";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { pathTo } from "../../../config/paths.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { formatRoubles } from "../../../lib/format.ts";
import { useSubscriptions } from "../api/list-subscriptions.ts";
import { periodText } from "../subscription-texts.ts";
import { SubscriptionStateChip } from "./subscription-state-chip.tsx";
import "../subscriptions.css";

const waitingCount = (subscription: Subscription) =>
  subscription.items.filter((item) => item.approval === "pending").length;

const COLUMNS: readonly Column<Subscription>[] = [
  {
    key: "client",
    header: "Клиент",
    render: (subscription) => (
      <span className="subscriptions-table__client">{subscription.clientName || "—"}</span>
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
    render: (subscription) => subscription.tariffInfo.tariffName,
  },
  {
    key: "price",
    header: "Цена в месяц",
    width: "9em",
    render: (subscription) => <span className="nowrap">{formatRoubles(subscription.price)}</span>,
  },
  {
    key: "period",
    header: "Период",
    render: (subscription) => periodText(subscription),
  },
  {
    key: "state",
    header: "Статус",
    width: "12em",
    render: (subscription) => {
      const waiting = waitingCount(subscription);
      return (
        <span>
          <SubscriptionStateChip state={subscription.state} />
          {waiting > 0 && (
            <span className="subscriptions-table__waiting">Ждут согласования: {waiting}</span>
          )}
        </span>
      );
    },
  },
  {
    key: "open",
    header: "Действия",
    width: "8em",
    render: (subscription) => (
      <Link
        to={pathTo("SubscriptionCreate", { subscriptionEditId: subscription.id })}
        className="button button--secondary button--md"
        aria-label={`Открыть подписку заведения ${subscription.establishmentName}`}
      >
        Открыть
      </Link>
    ),
  },
];

interface SubscriptionsTableProps {
  query: string;
  state: SubscriptionState | null;
  awaitingApproval: boolean;
}

/**
 * The subscription base, a page at a time: client, establishment, tariff,
 * price, period and state. Another search or filter starts from page one;
 * the previous rows stay while the next ones load.
 */
export function SubscriptionsTable({ query, state, awaitingApproval }: SubscriptionsTableProps) {
  const listKey = `${query}\n${state}\n${awaitingApproval}`;
  const [paging, setPaging] = useState({ listKey, page: 0 });
  const page = paging.listKey === listKey ? paging.page : 0;
  const subscriptions = useSubscriptions({ page, query, state, awaitingApproval });
  const filtered = Boolean(query || state || awaitingApproval);

  return (
    <div className="subscriptions-table" aria-busy={subscriptions.isFetching}>
      <DataTable
        cards
        caption="Подписки"
        columns={COLUMNS}
        rows={subscriptions.data?.data ?? []}
        rowKey={(subscription) => subscription.id}
        loading={subscriptions.isPending}
        empty={
          subscriptions.isError ? (
            <EmptyState icon="subscriptions" title="Не удалось загрузить подписки">
              {errorText(subscriptions.error)}
            </EmptyState>
          ) : filtered ? (
            <EmptyState icon="search" title={MESSAGES.nothingFound}>
              Измените поиск или фильтры.
            </EmptyState>
          ) : (
            <EmptyState icon="subscriptions" title="Подписок пока нет">
              Подписки, оформленные клиентами, появятся здесь.
            </EmptyState>
          )
        }
      />
      <div className="table-footer">
        <span className="muted">
          {subscriptions.data ? `Всего: ${subscriptions.data.total}` : ""}
        </span>
        <Pagination
          page={page}
          totalPages={subscriptions.data?.totalPages ?? 0}
          onChange={(next) => setPaging({ listKey, page: next })}
        />
      </div>
    </div>
  );
}
