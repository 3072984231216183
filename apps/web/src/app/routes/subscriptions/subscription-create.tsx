import { roleMay, type Subscription, TARIFFS } from "@fonika/shared";
import { useId, useState } from "react";
import { Link, useParams } from "react-router";
import { toast } from "react-toastify";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { pathTo } from "../../../config/paths.ts";
import { canAccessRoute, ROUTES } from "../../../config/routes.ts";
import { useUsers } from "../../../features/accounts/api/list-users.ts";
import { useOrganizations } from "../../../features/organizations/api/list-organizations.ts";
import { useChangeSubscription } from "../../../features/subscriptions/api/change-subscription.ts";
import { useSubscription } from "../../../features/subscriptions/api/get-subscription.ts";
import { SubscriptionForm } from "../../../features/subscriptions/components/subscription-form.tsx";
import {
  SubscriptionActions,
  SubscriptionItems,
  SubscriptionSummary,
} from "../../../features/subscriptions/components/subscription-panels.tsx";
import { SubscriptionStateChip } from "../../../features/subscriptions/components/subscription-state-chip.tsx";
import { useTariff } from "../../../features/tariffs/api/get-tariff.ts";
import { useActiveTariffs } from "../../../features/tariffs/api/list-active-tariffs.ts";
import { useSessionState } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";

const back = { label: "Подписки", to: pathTo("SubscriptionBase") };
type Period = (typeof TARIFFS.periodsInMonths)[number];

/** The subscription's tariff, payer, items and period, changed and priced anew by the server. */
function ChangeSection({ subscription }: { subscription: Subscription }) {
  const activeTariffs = useActiveTariffs();
  // The subscription's own tariff may be no longer on offer: it stays choosable.
  const ownTariff = useTariff(subscription.tariffInfo.tariffId);
  const organizations = useOrganizations(subscription.userId);
  const change = useChangeSubscription(subscription.id);

  if (activeTariffs.isPending || ownTariff.isPending || organizations.isPending) {
    return (
      <div className="form" aria-busy="true">
        <Skeleton height="2.6em" />
        <Skeleton height="2.6em" />
      </div>
    );
  }
  if (activeTariffs.isError || ownTariff.isError || organizations.isError) {
    return (
      <EmptyState icon="alert" title="Не удалось загрузить тарифы или организации клиента">
        {errorText(activeTariffs.error ?? ownTariff.error ?? organizations.error)}
      </EmptyState>
    );
  }
  const tariffs = activeTariffs.data.some((tariff) => tariff.id === ownTariff.data.id)
    ? activeTariffs.data
    : [ownTariff.data, ...activeTariffs.data];
  const periods: readonly number[] = TARIFFS.periodsInMonths;
  return (
    <SubscriptionForm
      // A changed subscription starts the form again from what the server keeps.
      key={`${subscription.tariffInfo.tariffId}:${subscription.items.map((item) => item.itemId).join(",")}`}
      tariffs={tariffs}
      establishments={null}
      organizations={organizations.data}
      initial={{
        tariffId: subscription.tariffInfo.tariffId,
        itemIds: subscription.items.map((item) => item.itemId),
        organizationId: subscription.organizationInfo.organizationId,
        paymentMethodId:
          subscription.paymentInfo.accountId ?? subscription.paymentInfo.cardId ?? undefined,
        periodMonths: periods.includes(subscription.periodMonths)
          ? (subscription.periodMonths as Period)
          : undefined,
      }}
      noOrganizations={<p>У клиента нет организации, через которую он платит.</p>}
      noPaymentMethods={<p>У этой организации нет расчётного счёта или карты.</p>}
      submitLabel="Сохранить изменения"
      note="Цены будут взяты из тарифа заново; согласованные позиции останутся согласованными."
      onSubmit={async (values) => {
        await change.mutateAsync({
          tariffId: values.tariffId,
          itemIds: values.itemIds,
          organizationId: values.organizationId,
          paymentMethodId: values.paymentMethodId,
          periodMonths: values.periodMonths,
        });
        toast.success("Подписка изменена");
      }}
    />
  );
}

function EditSubscription({ subscriptionId }: { subscriptionId: string }) {
  const { role } = useSessionState();
  const subscription = useSubscription(subscriptionId);
  if (subscription.isPending) {
    return (
      <Page title={ROUTES.SubscriptionCreate.title} actions={<BackLink {...back} />}>
        <Spinner />
      </Page>
    );
  }
  if (subscription.isError) {
    return (
      <Page title={ROUTES.SubscriptionCreate.title} actions={<BackLink {...back} />}>
        <EmptyState icon="subscriptions" title="Не удалось открыть подписку">
          {errorText(subscription.error)}
        </EmptyState>
      </Page>
    );
  }
  const data = subscription.data;
  const clientLink = canAccessRoute(ROUTES.Client, role) ? (
    <Link to={pathTo("Client", { clientId: data.userId })} className="link-button">
      {data.clientName || "Клиент"}
    </Link>
  ) : (
    data.clientName
  );
  return (
    <Page
      title={`Подписка: ${data.establishmentName}`}
      description={
        <span className="subscription-editor__head">
          {clientLink}
          <SubscriptionStateChip state={data.state} />
        </span>
      }
      actions={<BackLink {...back} />}
    >
      <Section title="Подписка" actions={<SubscriptionActions subscription={data} />}>
        <SubscriptionSummary subscription={data} />
      </Section>
      <Section title="Позиции">
        <SubscriptionItems subscription={data} />
      </Section>
      {data.abilities.edit && (
        <Section title="Изменить подписку">
          <ChangeSection subscription={data} />
        </Section>
      )}
    </Page>
  );
}

const SEARCH_DELAY_MS = 300;

/**
 * Without an id: staff subscribe a client. Find the client, choose a
 * tariff, and the tariff's page takes over with the client's establishments.
 */
function NewSubscription() {
  const searchId = useId();
  const [text, setText] = useState("");
  const query = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const [clientId, setClientId] = useState("");
  const [tariffId, setTariffId] = useState("");
  const users = useUsers({ page: 0, query, sortBy: "name" });
  const tariffs = useActiveTariffs();
  // Only clients hold establishments to subscribe.
  const clients = (users.data?.data ?? []).filter((profile) => roleMay(profile.role, "ownVenues"));
  const chosenClient = clients.some((profile) => profile.userId === clientId) ? clientId : "";

  return (
    <Page
      title="Новая подписка"
      description="Выберите клиента и тариф: на странице тарифа выберите заведение клиента и плательщика."
      actions={<BackLink {...back} />}
    >
      <Section title="Клиент и тариф">
        <div className="form">
          <div className="form__grid">
            <div className="field">
              <label className="field__label" htmlFor={searchId}>
                Поиск клиента
              </label>
              <input
                id={searchId}
                className="input"
                type="search"
                placeholder="ФИО, e-mail, телефон или компания"
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
            </div>
            <SelectField
              label="Клиент"
              value={chosenClient}
              placeholder={
                users.isPending
                  ? "Загрузка…"
                  : clients.length
                    ? "Выберите клиента"
                    : "Клиенты не найдены"
              }
              options={clients.map((profile) => ({
                value: profile.userId,
                label:
                  [profile.lastName, profile.firstName].filter(Boolean).join(" ") ||
                  profile.company ||
                  profile.login,
              }))}
              onChange={setClientId}
              error={users.isError ? errorText(users.error) : null}
            />
            <SelectField
              label="Тариф"
              value={tariffId}
              placeholder="Выберите тариф"
              options={(tariffs.data ?? []).map((tariff) => ({
                value: tariff.id,
                label: tariff.name,
              }))}
              onChange={setTariffId}
              error={tariffs.isError ? errorText(tariffs.error) : null}
            />
          </div>
          <div className="form__actions">
            {chosenClient && tariffId ? (
              <Link
                to={pathTo("DetailTariff", { id: tariffId, clientId: chosenClient })}
                className="button button--primary button--md"
              >
                Продолжить
              </Link>
            ) : (
              <span className="muted">Выберите клиента и тариф, чтобы продолжить.</span>
            )}
          </div>
        </div>
      </Section>
    </Page>
  );
}

/**
 * `/subscription-create/{subscriptionEditId?}` (admin, client manager): one
 * subscription — its items to approve or reject, the state actions and its
 * change — each shown only as far as the subscription's abilities allow;
 * without an id, the start of a new subscription for a client.
 */
export default function SubscriptionCreateScreen() {
  const { subscriptionEditId } = useParams();
  return subscriptionEditId ? (
    <EditSubscription key={subscriptionEditId} subscriptionId={subscriptionEditId} />
  ) : (
    <NewSubscription />
  );
}
