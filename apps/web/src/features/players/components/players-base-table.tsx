import { MESSAGES, type StaffPlayer } from "@fonika/shared";
import { useState } from "react";
import { Link } from "react-router";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { pathTo } from "../../../config/paths.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDate } from "../../../lib/format.ts";
import { useAllPlayers } from "../api/list-all-players.ts";
import { PLAYER_TYPE_LABELS } from "../player-texts.ts";
import "../players.css";

function columnsFor(playerPath: (player: StaffPlayer) => string): readonly Column<StaffPlayer>[] {
  return [
    {
      key: "name",
      header: "Плеер",
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
            <span className="players-table__serial">№ {player.serialBoxNumber}</span>
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
      header: "Объект",
      render: (player) => (
        <Link to={pathTo("ClientObject", { id: player.establishmentId, clientId: player.userId })}>
          {player.establishmentName}
        </Link>
      ),
    },
    { key: "address", header: "Адрес", render: (player) => player.address },
    {
      key: "createdAt",
      header: "Добавлен",
      width: "7em",
      render: (player) => formatDate(player.createdAt),
    },
  ];
}

interface PlayersBaseTableProps {
  query: string;
  /** Where a player's name leads: the admin's player page or the shared one. */
  playerPath: (player: StaffPlayer) => string;
}

/** Every player with its client and establishment, 30 a page; a new search starts from page one. */
export function PlayersBaseTable({ query, playerPath }: PlayersBaseTableProps) {
  const [paging, setPaging] = useState({ query, page: 0 });
  const page = paging.query === query ? paging.page : 0;
  const players = useAllPlayers({ page, query });

  return (
    <div className="players-table" aria-busy={players.isFetching}>
      <DataTable
        cards
        caption="Плееры"
        columns={columnsFor(playerPath)}
        rows={players.data?.data ?? []}
        rowKey={(player) => player.id}
        loading={players.isPending}
        empty={
          players.isError ? (
            <EmptyState icon="players" title="Не удалось загрузить плееры">
              {errorText(players.error)}
            </EmptyState>
          ) : query ? (
            <EmptyState icon="search" title={MESSAGES.nothingFound}>
              Измените поиск.
            </EmptyState>
          ) : (
            <EmptyState icon="players" title="Плееров пока нет">
              Здесь появятся плееры, которые клиенты добавят к своим объектам.
            </EmptyState>
          )
        }
      />
      <div className="table-footer">
        <span className="muted">{players.data ? `Всего: ${players.data.total}` : ""}</span>
        <Pagination
          page={page}
          totalPages={players.data?.totalPages ?? 0}
          onChange={(next) => setPaging({ query, page: next })}
        />
      </div>
    </div>
  );
}
