import type { Tariff } from "@fonika/shared";
import { Link } from "react-router";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useActiveTariffs } from "../api/list-active-tariffs.ts";
import { TariffPrice } from "./tariff-price.tsx";
import { TariffTypeIcon } from "./tariff-type-icon.tsx";
import "../tariffs.css";

interface TariffCardsProps {
  /** Where a tariff's card leads: its detail page with what the page was opened with. */
  detailPath: (tariff: Tariff) => string;
}

function TariffCard({ tariff, to }: { tariff: Tariff; to: string }) {
  return (
    <li className="tariff-card">
      <header className="tariff-card__header">
        <TariffTypeIcon type={tariff.type} withLabel />
      </header>
      <h2 className="tariff-card__name">{tariff.name}</h2>
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
      <Link
        to={to}
        className="button button--primary button--md tariff-card__action"
        aria-label={`Подробнее о тарифе ${tariff.name}`}
      >
        Подробнее
      </Link>
    </li>
  );
}

/** The tariffs on offer as cards, cheapest first; each leads to its detail page. */
export function TariffCards({ detailPath }: TariffCardsProps) {
  const tariffs = useActiveTariffs();
  if (tariffs.isPending) {
    return (
      <ul className="tariff-cards" aria-busy="true" aria-label="Тарифы загружаются">
        {[0, 1, 2].map((index) => (
          <li key={index} className="tariff-card">
            <Skeleton width="40px" height="40px" />
            <Skeleton width="60%" height="1.4em" />
            <Skeleton width="90%" />
            <Skeleton width="50%" height="1.6em" />
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
  if (tariffs.data.length === 0) {
    return (
      <EmptyState icon="tariffs" title="Тарифов пока нет">
        Скоро здесь появятся тарифы, на которые можно подписать объект.
      </EmptyState>
    );
  }
  return (
    <ul className="tariff-cards">
      {tariffs.data.map((tariff) => (
        <TariffCard key={tariff.id} tariff={tariff} to={detailPath(tariff)} />
      ))}
    </ul>
  );
}
