import { tariffSortSchema } from "@fonika/shared";
import { SearchBox } from "../../../components/ui/search-box.tsx";
import { ToolbarSelect } from "../../../components/ui/toolbar-select.tsx";
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
  return (
    <div className="list-toolbar">
      <SearchBox
        query={query}
        onSearch={onSearch}
        label="Поиск тарифов"
        placeholder="Поиск по названию"
      />
      <ToolbarSelect
        label="Сортировка"
        value={sortBy}
        options={tariffSortSchema.options}
        labels={SORT_LABELS}
        onChange={(chosen) => onSortChange(chosen ?? sortBy)}
      />
    </div>
  );
}
