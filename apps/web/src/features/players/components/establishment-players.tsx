import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Section } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useAppServices, useSessionState } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { useUserPlayers } from "../api/list-user-players.ts";
import { usePlayersLive } from "../hooks/use-players-live.ts";
import { AddPlayerDialog } from "./add-player-dialog.tsx";
import { PairingFirst } from "./player-pairing.tsx";
import { PlayerLiveLine } from "./player-remote.tsx";
import { PlayersList } from "./players-list.tsx";
import "../players.css";

interface EstablishmentPlayersProps {
  establishment: { id: string; name: string; address: string };
  /** Whose establishment it is (the API's `userId`). */
  ownerId: string;
  /** Set when staff look at a client's establishment: a player added here is that client's. */
  clientId?: string;
  /** Whether the viewer may add players here (the establishment's `edit` ability). */
  canAdd: boolean;
}

/**
 * The players section of an establishment's page: its players, «Добавить
 * плеер» and removal. The owner sees each player's live line, or how to
 * pair it while no device has played it (issue 28).
 */
export function EstablishmentPlayers({
  establishment,
  ownerId,
  clientId,
  canAdd,
}: EstablishmentPlayersProps) {
  const players = useUserPlayers(ownerId, establishment.id);
  const [adding, setAdding] = useState(false);
  const list = players.data?.data ?? [];
  const { playerSocket } = useAppServices();
  // The socket gives live state and takes commands for the owner's own players only.
  const owner = useSessionState().userId === ownerId;
  const live = usePlayersLive(owner ? list.map((player) => player.id) : [], playerSocket);

  return (
    <Section
      title="Плееры заведения"
      actions={
        canAdd && (
          <Button variant="secondary" icon="plus" onClick={() => setAdding(true)}>
            Добавить плеер
          </Button>
        )
      }
    >
      {players.isPending ? (
        <div className="players-skeleton" aria-busy="true">
          <Skeleton width="60%" />
          <Skeleton width="40%" />
        </div>
      ) : players.isError ? (
        <EmptyState icon="alert" title="Не удалось загрузить плееры">
          {errorText(players.error)}
        </EmptyState>
      ) : list.length === 0 ? (
        <EmptyState icon="players" title="Плееров пока нет">
          {canAdd
            ? "Добавьте веб-плеер, чтобы музыка играла в браузере заведения, или бокс-плеер по его серийному номеру."
            : "Клиент ещё не подключил к этому заведению ни одного плеера."}
        </EmptyState>
      ) : (
        <PlayersList
          players={list}
          label={`Плееры заведения ${establishment.name}`}
          renderLive={
            owner
              ? (player) => (
                  <PairingFirst player={player} state={live.live(player.id).state}>
                    <PlayerLiveLine
                      live={live.live(player.id)}
                      onCommand={(order) => live.command(player.id, order)}
                    />
                  </PairingFirst>
                )
              : undefined
          }
        />
      )}
      {adding && (
        <AddPlayerDialog
          establishment={establishment}
          clientId={clientId}
          onClose={() => setAdding(false)}
        />
      )}
    </Section>
  );
}
