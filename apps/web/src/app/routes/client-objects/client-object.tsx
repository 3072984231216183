import { Link, useParams } from "react-router";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { useEstablishment } from "../../../features/establishments/api/get-establishment.ts";
import { EstablishmentLoadError } from "../../../features/establishments/components/establishment-load-error.tsx";
import { LayoutFileSection } from "../../../features/establishments/components/layout-file-section.tsx";
import { PlayersState } from "../../../features/establishments/components/players-state.tsx";
import { SubscriptionSummary } from "../../../features/establishments/components/subscription-summary.tsx";
import { TimeZoneNow } from "../../../features/establishments/components/time-zone-now.tsx";
import { useEstablishmentsOwner } from "../../../features/establishments/hooks/use-establishments-owner.ts";
import { EstablishmentPlayers } from "../../../features/players/components/establishment-players.tsx";
import { formatDate } from "../../../lib/format.ts";

function DetailSkeleton() {
  return (
    <div className="establishment-detail" aria-busy="true">
      <section className="card">
        <div className="establishment-detail__skeleton">
          <Skeleton width="40%" height="20px" />
          <Skeleton width="80%" />
          <Skeleton width="60%" />
          <Skeleton width="50%" />
        </div>
      </section>
      <section className="card">
        <div className="establishment-detail__skeleton">
          <Skeleton width="30%" height="20px" />
          <Skeleton height="120px" />
        </div>
      </section>
    </div>
  );
}

/**
 * ClientObject: one establishment with its address, time zone, players,
 * subscription and floor plan. With `{clientId}` staff view a client's.
 */
export default function ClientObjectScreen() {
  const params = useParams();
  const id = params.id ?? "";
  const { ownerId, clientId } = useEstablishmentsOwner(params.clientId);
  const establishment = useEstablishment(ownerId, id);
  const back = {
    label: clientId ? "Заведения клиента" : "Мои заведения",
    to: pathTo("ClientObjectsList", {}, { clientId }),
  };

  if (establishment.isError) {
    return (
      <Page title={ROUTES.ClientObject.title} actions={<BackLink {...back} />}>
        <EstablishmentLoadError error={establishment.error} clientId={clientId} />
      </Page>
    );
  }
  const data = establishment.data;
  if (!data || !ownerId) {
    return (
      <Page title={ROUTES.ClientObject.title} actions={<BackLink {...back} />}>
        <DetailSkeleton />
      </Page>
    );
  }
  return (
    <Page
      title={data.name}
      description={data.address}
      actions={
        <>
          <BackLink {...back} />
          <Link
            to={pathTo("ClientObjectHistory", { id: data.id, clientId })}
            className="button button--secondary button--md"
          >
            <Icon name="history" />
            История эфира
          </Link>
          {data.abilities.edit && (
            <Link
              to={pathTo("ClientObjectChange", { id: data.id, clientId })}
              className="button button--secondary button--md"
            >
              <Icon name="edit" />
              Изменить
            </Link>
          )}
        </>
      }
    >
      <div className="establishment-detail">
        <Section title="Заведение">
          <dl className="summary">
            <div className="summary__row">
              <dt>Название</dt>
              <dd>{data.name}</dd>
            </div>
            <div className="summary__row">
              <dt>Адрес</dt>
              <dd>{data.address}</dd>
            </div>
            <div className="summary__row">
              <dt>Часовой пояс</dt>
              <dd>
                <TimeZoneNow zone={data.timeZone} />
              </dd>
            </div>
            <div className="summary__row">
              <dt>Песни с ненормативной лексикой</dt>
              <dd>{data.explicitFilter ? "Не играют" : "Играют"}</dd>
            </div>
            <div className="summary__row">
              <dt>Плееры</dt>
              <dd>
                <PlayersState establishment={data} />
              </dd>
            </div>
            <div className="summary__row">
              <dt>Добавлен</dt>
              <dd>{formatDate(data.createdAt)}</dd>
            </div>
          </dl>
        </Section>
        <EstablishmentPlayers
          establishment={data}
          ownerId={ownerId}
          clientId={clientId}
          canAdd={data.abilities.edit}
        />
        <Section title="Подписка">
          <SubscriptionSummary establishment={data} clientId={clientId} detailed />
        </Section>
        <LayoutFileSection establishment={data} ownerId={ownerId} />
      </div>
    </Page>
  );
}
