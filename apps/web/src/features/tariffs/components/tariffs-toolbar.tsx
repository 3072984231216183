import { tariffSortSchema } from "@fonika/shared";
import { useId } from "react";
import { SearchBox } from "../../../components/ui/search-box.tsx";
import type { TariffSort } from "../api/list-all-tariffs.ts";

const SORT_LABELS: Record<TariffSort, string> = {
  name: "По названию",
  price: "Сначала дешёвые",
  created: "Сначала новые",
};

interface TariffsToolbarProps {
  query: string;
  sortBy: TariffSort;
  onSearch: (query: string) => void;
  onSortChange: (sortBy: TariffSort) => void;
}

/** The search box and order of the admin's tariff list. */
export function TariffsToolbar({ query, sortBy, onSearch, onSortChange }: TariffsToolbarProps) {
  const sortId = useId();

  return (
    <div className="list-toolbar">
      <SearchBox
        query={query}
        onSearch={onSearch}
        label="Поиск тарифов"
        placeholder="Поиск по названию"
      />
      <div className="list-toolbar__sort">
        <label className="field__label" htmlFor={sortId}>
          Сортировка
        </label>
        <select
          id={sortId}
          className="input"
          value={sortBy}
          onChange={(event) => onSortChange(tariffSortSchema.parse(event.target.value))}
        >
          {tariffSortSchema.options.map((option) => (
            <option key={option} value={option}>
              {SORT_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
