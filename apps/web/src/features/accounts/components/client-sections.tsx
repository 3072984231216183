import type { Establishment, EstablishmentPage, SubscriptionState } from "@fonika/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Section } from "../../../components/ui/page.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { StatusChip } from "../../../components/ui/status-chip.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import {
  SUBSCRIPTION_STATE_LABELS,
  SUBSCRIPTION_STATE_TONES,
} from "../../../lib/subscription-states.ts";
import { timeZoneLabel } from "../../../lib/time-zones.ts";
import "../users.css";

/** A list as a query gives it: its data once loaded, or its failure. */
export interface Loaded<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

function SubscriptionStateChip({ state }: { state: SubscriptionState }) {
  return (
    <StatusChip label={SUBSCRIPTION_STATE_LABELS[state]} tone={SUBSCRIPTION_STATE_TONES[state]} />
  );
}

/** Skeleton rows holding the place of a list while it loads. */
function ListSkeleton() {
  return (
    <ul className="client-list" aria-hidden="true">
      {[0, 1].map((index) => (
        <li key={index} className="client-list__item">
          <Skeleton width="40%" />
          <Skeleton width="70%" />
        </li>
      ))}
    </ul>
  );
}

/** What a section shows: the skeleton, the failure, the empty state or the list. */
function SectionBody<T>({
  loaded,
  isEmpty,
  empty,
  children,
}: {
  loaded: Loaded<T>;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (loaded.isPending) return <ListSkeleton />;
  if (loaded.isError || loaded.data === undefined) {
    return (
      <p className="form__error" role="alert">
        {errorText(loaded.error)}
      </p>
    );
  }
  return isEmpty(loaded.data) ? empty : children(loaded.data);
}

interface EstablishmentsSectionProps {
  establishments: Loaded<EstablishmentPage>;
  /** Counts from 0. */
  page: number;
  onPageChange: (page: number) => void;
  /** The establishment's page as staff open it. */
  establishmentPath: (establishment: Establishment) => string;
}

/** The client's establishments, each leading to its page. */
export function EstablishmentsSection({
  establishments,
  page,
  onPageChange,
  establishmentPath,
}: EstablishmentsSectionProps) {
  return (
    <Section title="Заведения клиента">
      <SectionBody
        loaded={establishments}
        isEmpty={(data) => data.data.length === 0}
        empty={
          <EmptyState icon="objects" title="Пока нет заведений">
            Заведения, которые добавит клиент, появятся здесь.
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <ul className="client-list">
              {data.data.map((establishment) => (
                <li key={establishment.id} className="client-list__item">
                  <div className="client-list__main">
                    <Link className="client-list__title" to={establishmentPath(establishment)}>
                      {establishment.name}
                    </Link>
                    <span className="muted">{establishment.address}</span>
                    <span className="muted client-list__small">
                      {timeZoneLabel(establishment.timeZone)}
                    </span>
                  </div>
                  <div className="client-list__side">
                    {establishment.subscriptionInfo ? (
                      <>
                        <span>{establishment.subscriptionInfo.tariffInfo.tariffName}</span>
                        <SubscriptionStateChip state={establishment.subscriptionInfo.state} />
                      </>
                    ) : (
                      <span className="muted">Без подписки</span>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <div className="table-footer">
              <span className="muted">Всего: {data.total}</span>
              <Pagination page={page} totalPages={data.totalPages} onChange={onPageChange} />
            </div>
          </>
        )}
      </SectionBody>
    </Section>
  );
}

/**
 * Players per establishment (of the establishments listed above): how many,
 * how many online; `playersPath` leads to the client's players themselves.
 */
export function PlayersSection({
  establishments,
  playersPath,
}: {
  establishments: Loaded<EstablishmentPage>;
  playersPath: string;
}) {
  return (
    <Section
      title="Плееры"
      actions={
        <Link to={playersPath} className="button button--ghost button--md">
          Все плееры клиента
        </Link>
      }
    >
      <SectionBody
        loaded={establishments}
        isEmpty={(data) =>
          data.data.every((establishment) => establishment.playerInfo.players === 0)
        }
        empty={
          <EmptyState icon="players" title="Пока нет плееров">
            Плееры, подключённые в заведениях клиента, появятся здесь.
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="client-list">
            {data.data
              .filter((establishment) => establishment.playerInfo.players > 0)
              .map((establishment) => (
                <li key={establishment.id} className="client-list__item">
                  <div className="client-list__main">
                    <span className="client-list__title">{establishment.name}</span>
                    <span className="muted">{establishment.address}</span>
                  </div>
                  <div className="client-list__side">
                    <span>Плееров: {establishment.playerInfo.players}</span>
                    <span
                      className={establishment.playerInfo.online > 0 ? "chip chip--active" : "chip"}
                    >
                      В сети: {establishment.playerInfo.online}
                    </span>
                  </div>
                </li>
              ))}
          </ul>
        )}
      </SectionBody>
    </Section>
  );
}
