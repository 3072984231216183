import type { StaffPlayer } from "@fonika/shared";
import { useCallback } from "react";
import { Page, Section } from "../../../components/ui/page.tsx";
import { SearchBox } from "../../../components/ui/search-box.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { PlayerRequestsTable } from "../../../features/players/components/player-requests-table.tsx";
import { PlayersBaseTable } from "../../../features/players/components/players-base-table.tsx";
import { useSessionState } from "../../../lib/app-services.ts";
import { searchQueryOf, useUpdateSearchParams } from "../../../lib/use-list-params.ts";

/**
 * `/players-base` (admin, client manager, support): every player with its
 * client and establishment, searched as one types (?query=), and the
 * clients' purchase and leave requests below.
 */
export default function PlayersBaseScreen() {
  const { role } = useSessionState();
  const [searchParams, update] = useUpdateSearchParams();
  const query = searchQueryOf(searchParams);
  const handleSearch = useCallback((text: string) => update({ query: text }), [update]);
  const playerPath = useCallback(
    (player: StaffPlayer) =>
      pathTo(role === "role-admin" ? "RoleAdminPlayer" : "Player", { id: player.id }),
    [role],
  );

  return (
    <Page
      title={ROUTES.PlayersBase.title}
      description="Все плееры клиентов: тип, клиент, объект и адрес."
    >
      <div className="list-toolbar">
        <SearchBox
          query={query}
          onSearch={handleSearch}
          label="Поиск плееров"
          placeholder="Плеер, серийный номер, клиент или объект"
        />
      </div>
      <PlayersBaseTable query={query} playerPath={playerPath} />
      <Section title="Заявки по плеерам">
        <PlayerRequestsTable />
      </Section>
    </Page>
  );
}
