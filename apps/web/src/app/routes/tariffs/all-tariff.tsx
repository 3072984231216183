import { tariffSortSchema } from "@fonika/shared";
import { useCallback } from "react";
import { Link } from "react-router";
import { Icon } from "../../../components/ui/icon.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { canAccessRoute, ROUTES } from "../../../config/routes.ts";
import type { TariffSort } from "../../../features/tariffs/api/list-all-tariffs.ts";
import { TariffsTable } from "../../../features/tariffs/components/tariffs-table.tsx";
import { TariffsToolbar } from "../../../features/tariffs/components/tariffs-toolbar.tsx";
import { useSessionState } from "../../../lib/app-services.ts";
import { searchQueryOf, useUpdateSearchParams } from "../../../lib/use-list-params.ts";

/** SPEC.md §9: tariffs are sorted by name by default. */
const DEFAULT_SORT: TariffSort = "name";

/**
 * `/all-tariff` (admin): every tariff, active or not. The search (?query=)
 * and a chosen order (?sortBy=) live in the address bar.
 */
export default function AllTariffScreen() {
  const { role } = useSessionState();
  const [searchParams, update] = useUpdateSearchParams();
  const query = searchQueryOf(searchParams);
  const sortBy = tariffSortSchema.catch(DEFAULT_SORT).parse(searchParams.get("sortBy"));

  const setParam = useCallback(
    (name: string, value: string | undefined) => update({ [name]: value }),
    [update],
  );
  const handleSearch = useCallback((text: string) => setParam("query", text), [setParam]);
  const handleSortChange = useCallback(
    (next: TariffSort) => setParam("sortBy", next === DEFAULT_SORT ? undefined : next),
    [setParam],
  );

  return (
    <Page
      title={ROUTES.AllTariff.title}
      description="Тарифы сервиса: состав, цена и доступность для подключения."
      actions={
        canAccessRoute(ROUTES.CreateTariff, role) && (
          <Link to={pathTo("CreateTariff")} className="button button--primary button--md">
            <Icon name="plus" />
            Новый тариф
          </Link>
        )
      }
    >
      <TariffsToolbar
        query={query}
        sortBy={sortBy}
        onSearch={handleSearch}
        onSortChange={handleSortChange}
      />
      <TariffsTable query={query} sortBy={sortBy} />
    </Page>
  );
}
