import { MESSAGES, type StaffPlayer } from "@fonika/shared";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { pathTo } from "../../../config/paths.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { type AllPlayersFilters, useAllPlayers } from "../api/list-all-players.ts";
import { PLAYER_ALERT_TEXTS, PLAYER_TYPE_LABELS, PLAYERS_BASE_TEXTS } from "../player-texts.ts";
import { formatSilentSince } from "../silent-since.ts";
import { formatLastSeen, NowPlayingText, PlayerStateChips } from "./player-live-state.tsx";
import "../players.css";

function columnsFor(playerPath: (player: StaffPlayer) => string): readonly Column<StaffPlayer>[] {
  return [
    {
      key: "name",
      header: "Плеер",
      width: "10em",
      render: (player) => (
        <Link to={playerPath(player)} className="players-table__name">
          {player.name}
        </Link>
      ),
    },
    {
      key: "type",
      header: "Тип",
      width: "9em",
      render: (player) => (
        <span>
          {PLAYER_TYPE_LABELS[player.type]}
          {player.serialBoxNumber && (
            <span className="players-table__sub">№ {player.serialBoxNumber}</span>
          )}
        </span>
      ),
    },
    {
      key: "client",
      header: "Клиент",
      render: (player) => player.clientName || "—",
    },
    {
      key: "establishment",
      header: "Заведение и адрес",
      render: (player) => (
        <span>
          <Link
            to={pathTo("ClientObject", { id: player.establishmentId, clientId: player.userId })}
          >
            {player.establishmentName}
          </Link>
          <span className="players-table__sub">{player.address}</span>
        </span>
      ),
    },
    {
      key: "state",
      header: "Состояние",
      width: "10em",
      render: (player) => (
        <>
          <PlayerStateChips live={player.live} />
          {player.live.silentSince && (
            <span className="players-table__silent">
              {PLAYER_ALERT_TEXTS.silentShort(formatSilentSince(player.live.silentSince))}
            </span>
          )}
        </>
      ),
    },
    {
      key: "nowPlaying",
      header: "Сейчас играет",
      render: (player) => <NowPlayingText live={player.live} />,
    },
    {
      key: "lastSeen",
      header: "Последний раз в сети",
      width: "9em",
      render: (player) =>
        player.live.online ? PLAYERS_BASE_TEXTS.online : formatLastSeen(player.live.lastSeenAt),
    },
  ];
}

interface PlayersBaseTableProps {
  filters: AllPlayersFilters;
  /** Counts from 0. */
  page: number;
  onPageChange: (page: number) => void;
  /** Turns every filter off (the search stays). */
  onResetFilters: () => void;
  /** Where a player's name leads: the admin's player page or the shared one. */
  playerPath: (player: StaffPlayer) => string;
}

/**
 * Every player with its client, establishment and live state, 30 a page,
 * asked again every few seconds while the page is visible.
 */
export function PlayersBaseTable({
  filters,
  page,
  onPageChange,
  onResetFilters,
  playerPath,
}: PlayersBaseTableProps) {
  const players = useAllPlayers({ ...filters, page });
  const filtered = Boolean(filters.status || filters.playback || filters.type || filters.alert);

  return (
    <div className="players-table" aria-busy={players.isFetching}>
      <DataTable
        cards
        caption="Плееры"
        columns={columnsFor(playerPath)}
        rows={players.data?.data ?? []}
        rowKey={(player) => player.id}
        // Silent players stand out in red; the state column says why in words.
        rowClassName={(player) =>
          player.live.silentSince ? "players-table__row--silent" : undefined
        }
        loading={players.isPending}
        empty={
          players.isError ? (
            <EmptyState icon="players" title="Не удалось загрузить плееры">
              {errorText(players.error)}
            </EmptyState>
          ) : filtered ? (
            <EmptyState
              icon="search"
              title={PLAYERS_BASE_TEXTS.nothingMatches}
              action={
                <Button variant="secondary" onClick={onResetFilters}>
                  {PLAYERS_BASE_TEXTS.resetFilters}
                </Button>
              }
            >
              {PLAYERS_BASE_TEXTS.changeFilters}
            </EmptyState>
          ) : filters.query ? (
            <EmptyState icon="search" title={MESSAGES.nothingFound}>
              Измените поиск.
            </EmptyState>
          ) : (
            <EmptyState icon="players" title="Плееров пока нет">
              Здесь появятся плееры, которые клиенты добавят к своим заведениям.
            </EmptyState>
          )
        }
      />
      <div className="table-footer">
        <span className="muted">{players.data ? `Всего: ${players.data.total}` : ""}</span>
        <Pagination
          page={page}
          totalPages={players.data?.totalPages ?? 0}
          onChange={onPageChange}
        />
      </div>
    </div>
  );
}
