import type { Player, Playlist } from "@fonika/shared";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { pathTo } from "../../../config/paths.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { useAddPlaylistToPlayer } from "../api/add-playlist-to-player.ts";
import { usePlaylistPlayerIds } from "../api/list-playlist-players.ts";
import "../playlists.css";

/** The viewer's players, as the screen read them (the players feature's answer). */
export interface ViewerPlayers {
  /** Undefined while they are being read. */
  list: readonly Player[] | undefined;
  error: unknown;
}

interface AddToPlayerDialogProps {
  playlist: Pick<Playlist, "id" | "name" | "establishmentIds">;
  userId: string;
  players: ViewerPlayers;
  onClose: () => void;
}

/**
 * «Добавить на плеер» from a playlist: the viewer's players at the venues
 * whose subscription offers it (the server names them in the playlist's
 * `establishmentIds`), those already holding it marked, the others each
 * with «Добавить». It stays open, so one playlist can go on several players.
 */
export function AddToPlayerDialog({ playlist, userId, players, onClose }: AddToPlayerDialogProps) {
  const holders = usePlaylistPlayerIds(userId, playlist.id);
  const add = useAddPlaylistToPlayer(userId, playlist.id);
  const [adding, setAdding] = useState<string | null>(null);
  const venues = new Set(playlist.establishmentIds ?? []);
  const fitting = players.list?.filter((player) => venues.has(player.establishmentId)) ?? [];

  const handleAdd = (player: Player) => {
    setAdding(player.id);
    add.mutate(player.id, {
      onSuccess: () =>
        toast.success(`Плейлист «${playlist.name}» добавлен на плеер «${player.name}»`),
      onSettled: () => setAdding(null),
    });
  };

  return (
    <Modal title="Добавить на плеер" onClose={onClose} size="lg">
      <p className="modal__lead">
        «{playlist.name}» можно поставить на плееры заведений, чья подписка его включает.
      </p>
      {players.list === undefined && !players.error ? (
        <div className="add-to-player__loading" aria-busy="true">
          <Skeleton width="60%" />
          <Skeleton width="45%" />
        </div>
      ) : players.error ? (
        <EmptyState icon="alert" title="Не удалось загрузить плееры">
          {errorText(players.error)}
        </EmptyState>
      ) : fitting.length === 0 ? (
        <EmptyState
          icon="players"
          title="Нет подходящих плееров"
          action={
            <Link className="button button--secondary button--md" to={pathTo("ClientObjectsList")}>
              Мои заведения
            </Link>
          }
        >
          В заведениях, где играет этот плейлист, пока нет плееров. Добавьте плеер на странице
          заведения — и плейлист можно будет поставить на него.
        </EmptyState>
      ) : (
        <ul className="add-to-player" aria-label="Плееры">
          {fitting.map((player) => (
            <li key={player.id} className="add-to-player__item">
              <span className="add-to-player__name">
                {player.name}
                <span className="muted">{player.establishmentName}</span>
              </span>
              {holders.data?.has(player.id) ? (
                <span className="muted">Уже на плеере</span>
              ) : (
                <Button
                  variant="secondary"
                  icon="plus"
                  busy={adding === player.id}
                  disabled={adding !== null || holders.isPending || !player.abilities.edit}
                  aria-label={`Добавить на плеер ${player.name}`}
                  onClick={() => handleAdd(player)}
                >
                  Добавить
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {add.error && (
        <p className="form__error" role="alert">
          {errorText(add.error)}
        </p>
      )}
    </Modal>
  );
}
