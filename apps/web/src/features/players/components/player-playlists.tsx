import type { Player, PlayerPlaylist } from "@fonika/shared";
import { useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { DisclosureSection } from "../../../components/ui/disclosure-section.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { StatusChip } from "../../../components/ui/status-chip.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { formatCount } from "../../../lib/format.ts";
import { usePlayerPlaylists } from "../api/list-player-playlists.ts";
import { useRemovePlayerPlaylist } from "../api/remove-player-playlist.ts";
import { PlaylistPicker } from "./playlist-picker.tsx";
import "../players.css";

function RemovePlaylistButton({ player, playlist }: { player: Player; playlist: PlayerPlaylist }) {
  const [asking, setAsking] = useState(false);
  const remove = useRemovePlayerPlaylist(player.id);
  const close = () => {
    setAsking(false);
    remove.reset();
  };
  return (
    <>
      <Button
        variant="ghost"
        icon="close"
        aria-label={`Убрать плейлист ${playlist.name}`}
        onClick={() => setAsking(true)}
      >
        Убрать
      </Button>
      {asking && (
        <ConfirmDialog
          title="Убрать плейлист с плеера?"
          confirmLabel="Убрать"
          tone="danger"
          busy={remove.isPending}
          error={remove.error ? errorText(remove.error) : null}
          onClose={close}
          onConfirm={() =>
            remove.mutate(playlist.playlistId, {
              onSuccess: () => {
                setAsking(false);
                toast.success("Плейлист убран с плеера");
              },
            })
          }
        >
          «{playlist.name}» больше не будет звучать на плеере «{player.name}».
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * The playlists put on a player. One whose tariff the owner no longer has
 * stays listed, marked «не входит в тариф» (the server no longer plays it).
 * Folded on a phone until opened; closed, it says how many there are.
 */
export function PlayerPlaylists({ player }: { player: Player }) {
  const playlists = usePlayerPlaylists(player.id);
  const [picking, setPicking] = useState(false);
  const canEdit = player.abilities.edit;
  const list = playlists.data ?? [];

  return (
    <DisclosureSection
      title="Плейлисты плеера"
      rememberAs="player.playlists"
      summary={
        playlists.data &&
        (list.length === 0
          ? "Не добавлены"
          : formatCount(list.length, ["плейлист", "плейлиста", "плейлистов"]))
      }
      actions={
        canEdit && (
          <Button variant="secondary" icon="plus" onClick={() => setPicking(true)}>
            Добавить плейлист
          </Button>
        )
      }
    >
      {playlists.isPending ? (
        <div className="players-skeleton" aria-busy="true">
          <Skeleton width="50%" />
          <Skeleton width="35%" />
        </div>
      ) : playlists.isError ? (
        <EmptyState icon="alert" title="Не удалось загрузить плейлисты">
          {errorText(playlists.error)}
        </EmptyState>
      ) : list.length === 0 ? (
        <EmptyState icon="playlists" title="Плейлисты не добавлены">
          {canEdit
            ? "Добавьте плейлисты из тарифа — по ним плеер будет играть музыку."
            : "Владелец ещё не добавил на плеер ни одного плейлиста."}
        </EmptyState>
      ) : (
        <ul className="player-playlists" aria-label="Плейлисты плеера">
          {list.map((playlist) => (
            <li key={playlist.playlistId} className="player-playlists__item">
              <span className="player-playlists__name">{playlist.name}</span>
              {!playlist.playable && (
                <span title="Подписка с этим плейлистом закончилась: плеер его не играет">
                  <StatusChip label="не входит в тариф" tone="pending" />
                </span>
              )}
              {canEdit && <RemovePlaylistButton player={player} playlist={playlist} />}
            </li>
          ))}
        </ul>
      )}
      {picking && (
        <PlaylistPicker
          player={player}
          attached={new Set(list.map((playlist) => playlist.playlistId))}
          onClose={() => setPicking(false)}
        />
      )}
    </DisclosureSection>
  );
}
