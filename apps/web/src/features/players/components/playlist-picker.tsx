import type { Player } from "@fonika/shared";
import { useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { formatCount } from "../../../lib/format.ts";
import { useAddPlayerPlaylist } from "../api/add-player-playlist.ts";
import { useAllowedPlaylists } from "../api/list-allowed-playlists.ts";

interface PlaylistPickerProps {
  player: Player;
  /** Playlists already on the player, shown as added. */
  attached: ReadonlySet<string>;
  onClose: () => void;
}

/** Chooses a playlist from those the player's owner may play and puts it on the player. */
export function PlaylistPicker({ player, attached, onClose }: PlaylistPickerProps) {
  const allowed = useAllowedPlaylists(player.userId, true);
  const add = useAddPlayerPlaylist(player.id);
  const [adding, setAdding] = useState<string | null>(null);

  const handleAdd = (playlistId: string, name: string) => {
    setAdding(playlistId);
    add.mutate(playlistId, {
      onSuccess: () => toast.success(`Плейлист «${name}» добавлен на плеер`),
      onSettled: () => setAdding(null),
    });
  };

  return (
    <Modal title="Добавить плейлист" onClose={onClose} size="lg">
      {allowed.isPending ? (
        <div className="players-skeleton" aria-busy="true">
          <Skeleton width="60%" />
          <Skeleton width="45%" />
        </div>
      ) : allowed.isError ? (
        <EmptyState icon="alert" title="Не удалось загрузить плейлисты">
          {errorText(allowed.error)}
        </EmptyState>
      ) : allowed.data.length === 0 ? (
        <EmptyState icon="playlists" title="Нет доступных плейлистов">
          Плейлисты появятся, когда у клиента будет действующая подписка на тариф.
        </EmptyState>
      ) : (
        <ul className="player-playlists" aria-label="Доступные плейлисты">
          {allowed.data.map((playlist) => (
            <li key={playlist.id} className="player-playlists__item">
              <span className="player-playlists__name">
                {playlist.name}
                <span className="muted">
                  {formatCount(playlist.songCount, ["трек", "трека", "треков"])}
                </span>
              </span>
              {attached.has(playlist.id) ? (
                <span className="muted">Уже на плеере</span>
              ) : (
                <Button
                  variant="secondary"
                  icon="plus"
                  busy={adding === playlist.id}
                  disabled={adding !== null}
                  aria-label={`Добавить плейлист ${playlist.name}`}
                  onClick={() => handleAdd(playlist.id, playlist.name)}
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
