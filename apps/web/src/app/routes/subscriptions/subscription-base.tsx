import { type SubscriptionState, subscriptionStateSchema } from "@fonika/shared";
import { useCallback } from "react";
import { Page } from "../../../components/ui/page.tsx";
import { ROUTES } from "../../../config/routes.ts";
import { SubscriptionQueue } from "../../../features/subscriptions/components/subscription-queue.tsx";
import { SubscriptionsTable } from "../../../features/subscriptions/components/subscriptions-table.tsx";
import { SubscriptionsToolbar } from "../../../features/subscriptions/components/subscriptions-toolbar.tsx";
import { searchQueryOf, useUpdateSearchParams } from "../../../lib/use-list-params.ts";

/**
 * `/subscription-base` (admin, client manager): first the queue of
 * subscriptions waiting for activation, oldest first, activated from
 * their rows (issue 28); then every subscription, newest first. The
 * search (?query=), the state (?state=) and the 'waiting for approval'
 * filter (?awaitingApproval=true) live in the address bar.
 */
export default function SubscriptionBaseScreen() {
  const [searchParams, update] = useUpdateSearchParams();
  const query = searchQueryOf(searchParams);
  const state = subscriptionStateSchema.nullable().catch(null).parse(searchParams.get("state"));
  const awaitingApproval = searchParams.get("awaitingApproval") === "true";

  const setParam = useCallback(
    (name: string, value: string | undefined) => update({ [name]: value }),
    [update],
  );
  const handleSearch = useCallback((text: string) => setParam("query", text), [setParam]);
  const handleStateChange = useCallback(
    (next: SubscriptionState | null) => setParam("state", next ?? undefined),
    [setParam],
  );
  const handleAwaitingChange = useCallback(
    (next: boolean) => setParam("awaitingApproval", next ? "true" : undefined),
    [setParam],
  );

  return (
    <Page
      title={ROUTES.SubscriptionBase.title}
      description="Подписки клиентов: заведение, тариф, стоимость, период и состояние."
    >
      <SubscriptionQueue />
      <SubscriptionsToolbar
        query={query}
        state={state}
        awaitingApproval={awaitingApproval}
        onSearch={handleSearch}
        onStateChange={handleStateChange}
        onAwaitingApprovalChange={handleAwaitingChange}
      />
      <SubscriptionsTable query={query} state={state} awaitingApproval={awaitingApproval} />
    </Page>
  );
}
