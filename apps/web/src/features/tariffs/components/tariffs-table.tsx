import { MESSAGES, type Tariff } from "@fonika/shared";
import { Link } from "react-router";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { pathTo } from "../../../config/paths.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDate, formatRoubles } from "../../../lib/format.ts";
import type { TariffSort } from "../api/list-all-tariffs.ts";
import { useAllTariffs } from "../api/list-all-tariffs.ts";
import { TariffTypeIcon } from "./tariff-type-icon.tsx";
import "../tariffs.css";

const COLUMNS: readonly Column<Tariff>[] = [
  {
    key: "type",
    header: "Тип",
    width: "8em",
    render: (tariff) => <TariffTypeIcon type={tariff.type} withLabel size={28} />,
  },
  {
    key: "name",
    header: "Название",
    render: (tariff) =>
      tariff.abilities.edit ? (
        <Link to={pathTo("CreateTariff", { id: tariff.id })} className="tariffs-table__name">
          {tariff.name}
        </Link>
      ) : (
        <span className="tariffs-table__name">{tariff.name}</span>
      ),
  },
  {
    key: "price",
    header: "Цена в месяц",
    width: "9em",
    render: (tariff) => <span className="nowrap">{formatRoubles(tariff.price)}</span>,
  },
  {
    key: "basePrice",
    header: "Базовая цена",
    width: "9em",
    render: (tariff) => <span className="nowrap">{formatRoubles(tariff.basePrice)}</span>,
  },
  {
    key: "features",
    header: "Функции",
    width: "7em",
    render: (tariff) => tariff.features.length,
  },
  {
    key: "active",
    header: "Статус",
    width: "9em",
    render: (tariff) =>
      tariff.active ? (
        <span className="chip chip--active">Активен</span>
      ) : (
        <span className="chip">Не активен</span>
      ),
  },
  {
    key: "createdAt",
    header: "Создан",
    width: "8em",
    render: (tariff) => <span className="nowrap">{formatDate(tariff.createdAt)}</span>,
  },
];

/** Every tariff, active or not (admin), found by name and ordered as chosen. */
export function TariffsTable({ query, sortBy }: { query: string; sortBy: TariffSort }) {
  const tariffs = useAllTariffs({ query, sortBy });
  return (
    <div className="tariffs-table" aria-busy={tariffs.isFetching}>
      <DataTable
        cards
        caption="Тарифы"
        columns={COLUMNS}
        rows={tariffs.data ?? []}
        rowKey={(tariff) => tariff.id}
        loading={tariffs.isPending}
        empty={
          tariffs.isError ? (
            <EmptyState icon="tariffs" title="Не удалось загрузить тарифы">
              {errorText(tariffs.error)}
            </EmptyState>
          ) : query ? (
            <EmptyState icon="search" title={MESSAGES.nothingFound}>
              Тарифа с названием «{query}» нет.
            </EmptyState>
          ) : (
            <EmptyState icon="tariffs" title="Тарифов пока нет">
              Нажмите «Новый тариф», чтобы создать первый.
            </EmptyState>
          )
        }
      />
      <div className="table-footer">
        <span className="muted">{tariffs.data ? `Всего: ${tariffs.data.length}` : ""}</span>
      </div>
    </div>
  );
}
