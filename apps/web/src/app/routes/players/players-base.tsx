import {
  PLAYER_ALERT_FILTERS,
  PLAYER_PLAYBACKS,
  PLAYER_SORTS,
  PLAYER_STATUSES,
  PLAYER_TYPES,
  type PlayerAlertFilter,
  type PlayerPlayback,
  type PlayerSort,
  type PlayerStatus,
  type PlayerType,
  type StaffPlayer,
} from "@fonika/shared";
import { useCallback } from "react";
import { Page, Section } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { canAccessRoute, ROUTES } from "../../../config/routes.ts";
import { PlayerRequestsTable } from "../../../features/players/components/player-requests-table.tsx";
import { PlayersBaseFilters } from "../../../features/players/components/players-base-filters.tsx";
import { PlayersBaseTable } from "../../../features/players/components/players-base-table.tsx";
import { useSessionState } from "../../../lib/app-services.ts";
import { pageOf, searchQueryOf, useUpdateSearchParams } from "../../../lib/use-list-params.ts";

const DEFAULT_SORT: PlayerSort = "createdAt";

/** The address-bar parameters of the players base; `page` counts from 1 there. */
const PARAMS = {
  query: "query",
  sortBy: "sortBy",
  status: "status",
  playback: "playback",
  type: "type",
  alert: "alert",
  page: "page",
} as const;

/** A value of the address bar if it is one of `options` (a hand-typed other one is ignored). */
function oneOf<T extends string>(options: readonly T[], value: string | null): T | undefined {
  return options.find((option) => option === value);
}

/**
 * `/players-base` (admin, client manager, support): every player with its
 * client, establishment and live state. The search (?query=), the filters
 * (?status=, ?playback=, ?type=, ?alert=), the order (?sortBy=) and the page
 * (?page=) live in the address bar; any change but the page's starts from
 * the first page. The clients' purchase and leave requests are below.
 */
export default function PlayersBaseScreen() {
  const { role } = useSessionState();
  const [searchParams, update] = useUpdateSearchParams();
  const filters = {
    query: searchQueryOf(searchParams, PARAMS.query),
    sortBy: oneOf(PLAYER_SORTS, searchParams.get(PARAMS.sortBy)) ?? DEFAULT_SORT,
    status: oneOf(PLAYER_STATUSES, searchParams.get(PARAMS.status)),
    playback: oneOf(PLAYER_PLAYBACKS, searchParams.get(PARAMS.playback)),
    type: oneOf(PLAYER_TYPES, searchParams.get(PARAMS.type)),
    alert: oneOf(PLAYER_ALERT_FILTERS, searchParams.get(PARAMS.alert)),
  };
  const page = pageOf(searchParams.get(PARAMS.page));

  const setParams = useCallback(
    (changes: Record<string, string | undefined>) =>
      update({ ...changes, [PARAMS.page]: undefined }),
    [update],
  );
  const handleSearch = useCallback(
    (text: string) => setParams({ [PARAMS.query]: text }),
    [setParams],
  );
  const handleSortChange = useCallback(
    (next: PlayerSort) => setParams({ [PARAMS.sortBy]: next === DEFAULT_SORT ? undefined : next }),
    [setParams],
  );
  const handleStatusChange = useCallback(
    (next: PlayerStatus | undefined) => setParams({ [PARAMS.status]: next }),
    [setParams],
  );
  const handlePlaybackChange = useCallback(
    (next: PlayerPlayback | undefined) => setParams({ [PARAMS.playback]: next }),
    [setParams],
  );
  const handleTypeChange = useCallback(
    (next: PlayerType | undefined) => setParams({ [PARAMS.type]: next }),
    [setParams],
  );
  const handleAlertChange = useCallback(
    (next: PlayerAlertFilter | undefined) => setParams({ [PARAMS.alert]: next }),
    [setParams],
  );
  const handleResetFilters = useCallback(
    () =>
      setParams({
        [PARAMS.status]: undefined,
        [PARAMS.playback]: undefined,
        [PARAMS.type]: undefined,
        [PARAMS.alert]: undefined,
      }),
    [setParams],
  );
  const handlePageChange = useCallback(
    (next: number) => update({ [PARAMS.page]: next > 0 ? String(next + 1) : undefined }),
    [update],
  );
  const playerPath = useCallback(
    (player: StaffPlayer) =>
      pathTo(canAccessRoute(ROUTES.RoleAdminPlayer, role) ? "RoleAdminPlayer" : "Player", {
        id: player.id,
      }),
    [role],
  );

  return (
    <Page
      title={ROUTES.PlayersBase.title}
      description="Все плееры клиентов: клиент, заведение, в сети ли, что играет и когда был в сети."
    >
      <PlayersBaseFilters
        {...filters}
        onSearch={handleSearch}
        onSortChange={handleSortChange}
        onStatusChange={handleStatusChange}
        onPlaybackChange={handlePlaybackChange}
        onTypeChange={handleTypeChange}
        onAlertChange={handleAlertChange}
      />
      <PlayersBaseTable
        filters={filters}
        page={page}
        onPageChange={handlePageChange}
        onResetFilters={handleResetFilters}
        playerPath={playerPath}
      />
      <Section title="Заявки по плеерам">
        <PlayerRequestsTable />
      </Section>
    </Page>
  );
}
