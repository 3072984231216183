import { useCallback } from "react";
import { Link } from "react-router";
import { Icon } from "../../../components/ui/icon.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { EstablishmentsList } from "../../../features/establishments/components/establishments-list.tsx";
import { EstablishmentsSearch } from "../../../features/establishments/components/establishments-search.tsx";
import { useEstablishmentsOwner } from "../../../features/establishments/hooks/use-establishments-owner.ts";
import { pageOf, searchQueryOf, useUpdateSearchParams } from "../../../lib/use-list-params.ts";

/**
 * ClientObjectsList: the client's establishments as cards. The search
 * (?query=) and page (?page=, from 1) live in the address bar; staff
 * coming from a client's page name the client with ?clientId=.
 */
export default function ClientObjectsScreen() {
  const [searchParams, update] = useUpdateSearchParams();
  const { ownerId, clientId } = useEstablishmentsOwner(searchParams.get("clientId") ?? undefined);
  const query = searchQueryOf(searchParams);
  const page = pageOf(searchParams.get("page"));
  const addPath = pathTo("AddClientObjects", {}, { clientId });

  const handleSearch = useCallback(
    (text: string) => update({ query: text, page: undefined }),
    [update],
  );
  const handlePageChange = useCallback(
    (next: number) => update({ page: next > 0 ? String(next + 1) : undefined }),
    [update],
  );

  return (
    <Page
      title={ROUTES.ClientObjectsList.title}
      description={
        clientId
          ? "Заведения клиента: адреса, часовые пояса, подключённые плееры и подписки."
          : "Ваши заведения: адреса, часовые пояса, подключённые плееры и подписки."
      }
      actions={
        <Link to={addPath} className="button button--primary button--md">
          <Icon name="plus" />
          Добавить заведение
        </Link>
      }
    >
      <EstablishmentsSearch query={query} onSearch={handleSearch} />
      <EstablishmentsList
        ownerId={ownerId}
        clientId={clientId}
        page={page}
        query={query}
        onPageChange={handlePageChange}
        addPath={addPath}
      />
    </Page>
  );
}
