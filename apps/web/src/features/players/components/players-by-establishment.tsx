import type { Player } from "@fonika/shared";
import { Link } from "react-router";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { pathTo } from "../../../config/paths.ts";
import { useAppServices, useSessionState } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { usePlayerAlerts } from "../api/list-player-alerts.ts";
import { useUserPlayers } from "../api/list-user-players.ts";
import { usePlayersLive } from "../hooks/use-players-live.ts";
import { PlayerAlertNote } from "./player-alert-note.tsx";
import { PairingFirst } from "./player-pairing.tsx";
import { PlayersList } from "./players-list.tsx";
import "../players.css";

interface EstablishmentGroup {
  establishmentId: string;
  establishmentName: string;
  players: Player[];
}

/** Players grouped by establishment, the groups in the order their first player was added. */
export function groupByEstablishment(players: readonly Player[]): EstablishmentGroup[] {
  const groups = new Map<string, EstablishmentGroup>();
  for (const player of players) {
    const group = groups.get(player.establishmentId) ?? {
      establishmentId: player.establishmentId,
      establishmentName: player.establishmentName,
      players: [],
    };
    group.players.push(player);
    groups.set(player.establishmentId, group);
  }
  return [...groups.values()];
}

interface PlayersByEstablishmentProps {
  ownerId: string;
  /** Set when staff look at a client's players: links keep to that client's pages. */
  clientId?: string;
}

/**
 * All of a client's players, one card per establishment that has any; a
 * silent one says so, and one no device has played yet tells its owner how
 * to pair it (issue 28).
 */
export function PlayersByEstablishment({ ownerId, clientId }: PlayersByEstablishmentProps) {
  const players = useUserPlayers(ownerId);
  const alerts = usePlayerAlerts({ userId: clientId, enabled: true });
  const alertOf = new Map((alerts.data?.data ?? []).map((alert) => [alert.playerId, alert]));
  const { playerSocket } = useAppServices();
  // The socket tells the owner of their own players only (staff read a client's here).
  const owner = useSessionState().userId === ownerId;
  const live = usePlayersLive(
    owner ? (players.data?.data ?? []).map((player) => player.id) : [],
    playerSocket,
  );
  if (players.isPending) {
    return (
      <div className="card players-skeleton" aria-busy="true">
        <Skeleton width="40%" height="20px" />
        <Skeleton width="70%" />
        <Skeleton width="55%" />
      </div>
    );
  }
  if (players.isError) {
    return (
      <div className="card">
        <EmptyState icon="alert" title="Не удалось загрузить плееры">
          {errorText(players.error)}
        </EmptyState>
      </div>
    );
  }
  const groups = groupByEstablishment(players.data.data);
  if (groups.length === 0) {
    return (
      <div className="card">
        <EmptyState
          icon="players"
          title="Плееров пока нет"
          action={
            <Link
              to={pathTo("ClientObjectsList", {}, { clientId })}
              className="button button--primary button--md"
            >
              {clientId ? "Заведения клиента" : "Мои заведения"}
            </Link>
          }
        >
          Плеер добавляется на странице заведения: откройте заведение и нажмите «Добавить плеер».
          Если заведений ещё нет, сначала добавьте заведение.
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="players-groups">
      {groups.map((group) => (
        <section key={group.establishmentId} className="card" aria-label={group.establishmentName}>
          <header className="card__header">
            <h2 className="card__title">
              <Link to={pathTo("ClientObject", { id: group.establishmentId, clientId })}>
                {group.establishmentName}
              </Link>
            </h2>
            <span className="muted">{group.players.length} шт.</span>
          </header>
          <PlayersList
            players={group.players}
            label={`Плееры заведения ${group.establishmentName}`}
            renderLive={(player) => {
              const alert = alertOf.get(player.id);
              return (
                <PairingFirst player={player} state={live.live(player.id).state}>
                  {alert && <PlayerAlertNote alert={alert} />}
                </PairingFirst>
              );
            }}
          />
        </section>
      ))}
    </div>
  );
}
