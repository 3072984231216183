import { CLIENT_STATES, PAGING } from "@fonika/shared";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { pathTo } from "../../../config/paths.ts";
import { canAccessRoute, ROUTES } from "../../../config/routes.ts";
import {
  establishmentsQueryKey,
  useEstablishments,
} from "../../../features/establishments/api/list-establishments.ts";
import { useOrganizations } from "../../../features/organizations/api/list-organizations.ts";
import { PayerDialog } from "../../../features/organizations/components/payer-dialog.tsx";
import { useAddSubscription } from "../../../features/subscriptions/api/add-subscription.ts";
import {
  SubscriptionForm,
  type SubscriptionFormValues,
} from "../../../features/subscriptions/components/subscription-form.tsx";
import { useTariff } from "../../../features/tariffs/api/get-tariff.ts";
import { TariffContents } from "../../../features/tariffs/components/tariff-contents.tsx";
import { TariffPrice } from "../../../features/tariffs/components/tariff-price.tsx";
import { TariffTypeIcon } from "../../../features/tariffs/components/tariff-type-icon.tsx";
import { useSessionState } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";

/** Every establishment of the client in one answer: the choice is a select. */
const ALL_ESTABLISHMENTS = { page: 0, query: "", count: PAGING.maxPageSize } as const;

/**
 * The subscribe form for the tariff: the client's establishments that may
 * be subscribed, their organizations and payment methods. `clientId` is the
 * client being subscribed (the signed-in client, or the client staff work for).
 */
function SubscribeSection({
  tariffId,
  clientId,
  forOtherClient,
  preselectedEstablishmentId,
}: {
  tariffId: string;
  clientId: string;
  forOtherClient: boolean;
  preselectedEstablishmentId: string | null;
}) {
  const { role } = useSessionState();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tariff = useTariff(tariffId);
  const establishments = useEstablishments(clientId, ALL_ESTABLISHMENTS);
  const organizations = useOrganizations(clientId);
  const subscribe = useAddSubscription(clientId);

  if (establishments.isPending || organizations.isPending || !tariff.data) {
    return (
      <div className="form" aria-busy="true">
        <Skeleton height="2.6em" />
        <Skeleton height="2.6em" />
        <Skeleton height="2.6em" width="60%" />
      </div>
    );
  }
  if (establishments.isError || organizations.isError) {
    return (
      <EmptyState icon="alert" title="Не удалось загрузить данные для подписки">
        {errorText(establishments.error ?? organizations.error)}
      </EmptyState>
    );
  }

  const eligible = establishments.data.data.filter(
    (establishment) => establishment.abilities.subscribe,
  );
  const clientPage =
    forOtherClient && canAccessRoute(ROUTES.Client, role) ? pathTo("Client", { clientId }) : null;

  const handleSubmit = async (values: SubscriptionFormValues) => {
    const establishmentId = values.establishmentId ?? "";
    await subscribe.mutateAsync({ ...values, establishmentId });
    await queryClient.invalidateQueries({ queryKey: establishmentsQueryKey });
    toast.success("Подписка оформлена и ждёт подключения клиентским менеджером");
    navigate(
      clientPage ??
        pathTo("ClientObject", {
          id: establishmentId,
          clientId: forOtherClient ? clientId : undefined,
        }),
    );
  };

  return (
    <SubscriptionForm
      tariffs={[tariff.data]}
      establishments={eligible}
      organizations={organizations.data}
      initial={{ establishmentId: preselectedEstablishmentId ?? undefined }}
      submitLabel="Подписаться"
      onSubmit={handleSubmit}
      renderPayerDialog={(request) => <PayerDialog userId={clientId} {...request} />}
      note="Оплата не списывается автоматически: подписку подключит клиентский менеджер."
      noEstablishments={
        <p>
          {establishments.data.total === 0
            ? "Заведений пока нет. "
            : "У всех заведений уже есть подписка. "}
          {!forOtherClient && (
            <Link to={pathTo("AddClientObjects")} className="link-button">
              Добавить заведение
            </Link>
          )}
        </p>
      }
      noOrganizations={
        <p>
          {forOtherClient
            ? "У клиента нет организации, через которую он платит."
            : "Чтобы подписаться, добавьте организацию, через которую будете платить."}
        </p>
      }
      noPaymentMethods={<p>У этой организации нет расчётного счёта или карты.</p>}
    />
  );
}

/**
 * `/detail-tariff/{id}/{clientId?}`: a tariff's features, items, benefits and
 * the form that subscribes an establishment to it. With `clientId` staff
 * subscribe that client; `?establishmentId=` preselects the establishment.
 */
export default function DetailTariffScreen() {
  const { id = "", clientId } = useParams();
  const [searchParams] = useSearchParams();
  const { userId, role } = useSessionState();
  const tariff = useTariff(id);
  // Staff subscribe a client they chose (`clientId`); a client subscribes themselves.
  const subscriberId = clientId ?? (role && CLIENT_STATES.includes(role) ? userId : undefined);
  const back = { label: "Тарифы", to: pathTo("Subscribe") };

  if (tariff.isPending) {
    return (
      <Page title={ROUTES.DetailTariff.title} actions={<BackLink {...back} />}>
        <Spinner />
      </Page>
    );
  }
  if (tariff.isError) {
    return (
      <Page title={ROUTES.DetailTariff.title} actions={<BackLink {...back} />}>
        <EmptyState icon="tariffs" title="Не удалось открыть тариф">
          {errorText(tariff.error)}
        </EmptyState>
      </Page>
    );
  }
  const data = tariff.data;
  return (
    <Page
      title={data.name}
      description={data.description || undefined}
      actions={<BackLink {...back} />}
    >
      <div className="tariff-detail__head">
        <TariffTypeIcon type={data.type} withLabel size={48} />
        <TariffPrice tariff={data} />
        {!data.active && <span className="chip">Не предлагается</span>}
      </div>
      <Section title="Состав тарифа">
        <TariffContents tariff={data} />
      </Section>
      <Section title="Подписка">
        {data.abilities.subscribe && subscriberId ? (
          <SubscribeSection
            tariffId={data.id}
            clientId={subscriberId}
            forOtherClient={Boolean(clientId) && clientId !== userId}
            preselectedEstablishmentId={searchParams.get("establishmentId")}
          />
        ) : data.abilities.subscribe && canAccessRoute(ROUTES.SubscriptionCreate, role) ? (
          <EmptyState icon="subscriptions" title="Выберите клиента">
            Подписку оформляют для заведения клиента:{" "}
            <Link to={pathTo("SubscriptionCreate")} className="link-button">
              найдите клиента и выберите этот тариф
            </Link>
            .
          </EmptyState>
        ) : (
          <EmptyState icon="subscriptions" title="Подписка на этот тариф недоступна">
            {data.active
              ? "Подписать заведение на тариф может его владелец или клиентский менеджер."
              : "Тариф больше не предлагается."}
          </EmptyState>
        )}
      </Section>
    </Page>
  );
}
