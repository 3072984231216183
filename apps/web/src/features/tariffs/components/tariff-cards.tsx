import type { OfferedTariff, Tariff } from "@fonika/shared";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useActiveTariffs } from "../api/list-active-tariffs.ts";
import { useOfferedTariffs } from "../api/list-offered-tariffs.ts";
import { TariffPrice } from "./tariff-price.tsx";
import { TariffTypeIcon } from "./tariff-type-icon.tsx";
import "../tariffs.css";

interface TariffCardProps {
  tariff: OfferedTariff;
  /** The card's one link or button; the whole card answers to it. */
  action: ReactNode;
  /** The name's heading level: 2 on a page of tariffs, 3 inside a page's section. */
  headingLevel: 2 | 3;
}

/** What a tariff holds, in short: each feature with its items, and its playlists. */
function TariffCardContents({ tariff }: { tariff: OfferedTariff }) {
  const features = tariff.features.filter((feature) => feature.items.length > 0);
  if (features.length === 0 && tariff.playlists.length === 0) return null;
  return (
    <ul className="tariff-card__contents" aria-label={`Что входит в тариф ${tariff.name}`}>
      {features.map((feature) => (
        <li key={feature.id}>
          <span className="tariff-card__feature">{feature.name}:</span>{" "}
          {feature.items.map((item) => item.name).join(", ")}
        </li>
      ))}
      {tariff.playlists.length > 0 && (
        <li>
          <span className="tariff-card__feature">Плейлисты:</span>{" "}
          {tariff.playlists.map((playlist) => playlist.name).join(", ")}
        </li>
      )}
    </ul>
  );
}

function TariffCard({ tariff, action, headingLevel }: TariffCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <li className="tariff-card">
      <header className="tariff-card__header">
        <TariffTypeIcon type={tariff.type} withLabel />
      </header>
      <Heading className="tariff-card__name">{tariff.name}</Heading>
      {tariff.description && <p className="tariff-card__description">{tariff.description}</p>}
      <TariffPrice tariff={tariff} />
      {tariff.benefits.length > 0 && (
        <ul className="tariff-benefits" aria-label={`Преимущества тарифа ${tariff.name}`}>
          {tariff.benefits.map((benefit) => (
            <li key={benefit}>
              <Icon name="check" size={16} />
              {benefit}
            </li>
          ))}
        </ul>
      )}
      <TariffCardContents tariff={tariff} />
      {action}
    </li>
  );
}

interface TariffCardListProps<T extends OfferedTariff> {
  tariffs: UseQueryResult<T[]>;
  action: (tariff: T) => ReactNode;
  headingLevel: 2 | 3;
  /** What an empty offer says. */
  empty: ReactNode;
}

/** The tariffs of a query as cards, with its loading, failure and empty states. */
function TariffCardList<T extends OfferedTariff>({
  tariffs,
  action,
  headingLevel,
  empty,
}: TariffCardListProps<T>) {
  if (tariffs.isPending) {
    return (
      <ul className="tariff-cards" aria-busy="true" aria-label="Тарифы загружаются">
        {[0, 1, 2].map((index) => (
          <li key={index} className="tariff-card tariff-card--placeholder">
            <Skeleton className="tariff-card__skeleton-icon" />
            <Skeleton className="tariff-card__skeleton-name" />
            <Skeleton className="tariff-card__skeleton-text" />
            <Skeleton className="tariff-card__skeleton-price" />
          </li>
        ))}
      </ul>
    );
  }
  if (tariffs.isError) {
    return (
      <EmptyState icon="tariffs" title="Не удалось загрузить тарифы">
        {errorText(tariffs.error)}
      </EmptyState>
    );
  }
  if (tariffs.data.length === 0) return empty;
  return (
    <ul className="tariff-cards">
      {tariffs.data.map((tariff) => (
        <TariffCard
          key={tariff.id}
          tariff={tariff}
          action={action(tariff)}
          headingLevel={headingLevel}
        />
      ))}
    </ul>
  );
}

interface TariffCardsProps {
  /** Where a tariff's card leads: its detail page with what the page was opened with. */
  detailPath: (tariff: Tariff) => string;
}

/** The tariffs on offer as cards, cheapest first; each leads to its detail page. */
export function TariffCards({ detailPath }: TariffCardsProps) {
  return (
    <TariffCardList
      tariffs={useActiveTariffs()}
      headingLevel={2}
      action={(tariff) => (
        <Link
          to={detailPath(tariff)}
          className="button button--primary button--md tariff-card__action"
          aria-label={`Подробнее о тарифе ${tariff.name}`}
        >
          Подробнее
        </Link>
      )}
      empty={
        <EmptyState icon="tariffs" title="Тарифов пока нет">
          Скоро здесь появятся тарифы, на которые можно подписать заведение.
        </EmptyState>
      }
    />
  );
}

interface TariffChoiceCardsProps {
  /** Each card's button or link, for the tariff it shows (the waiting cabinet's «Подписаться»). */
  action: (tariff: Tariff) => ReactNode;
}

/**
 * The tariffs on offer as cards, cheapest first, each with the action the
 * screen gives it; the names are headings of the screen's section.
 */
export function TariffChoiceCards({ action }: TariffChoiceCardsProps) {
  return (
    <TariffCardList
      tariffs={useActiveTariffs()}
      headingLevel={3}
      action={action}
      empty={
        <EmptyState icon="tariffs" title="Тарифов пока нет">
          Менеджер подберёт тариф, когда активирует аккаунт.
        </EmptyState>
      }
    />
  );
}

interface OfferedTariffCardsProps {
  /** Where a visitor goes to ask for a tariff (the landing's lead form). */
  requestHref: string;
}

/**
 * The tariffs on offer for a visitor who has not signed in (the landing
 * page): price and contents of each, and a request for it.
 */
export function OfferedTariffCards({ requestHref }: OfferedTariffCardsProps) {
  return (
    <TariffCardList
      tariffs={useOfferedTariffs()}
      headingLevel={3}
      action={(tariff) => (
        <a
          href={requestHref}
          className="button button--primary button--md tariff-card__action"
          aria-label={`Оставить заявку на тариф ${tariff.name}`}
        >
          Оставить заявку
        </a>
      )}
      empty={
        <EmptyState icon="tariffs" title="Тарифы скоро появятся">
          Состав и стоимость подберёт менеджер: оставьте заявку ниже.
        </EmptyState>
      }
    />
  );
}
