import type { Player, PlayerPlaylist } from "@fonika/shared";
import { toast } from "react-toastify";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useSetFallbackPlaylist } from "../api/set-fallback-playlist.ts";

const SILENCE = "silence";

interface FallbackPlaylistProps {
  player: Player;
  fallbackPlaylistId: string | null;
  /** The playlists on the player; only playable ones may be chosen. */
  playlists: readonly PlayerPlaylist[];
}

/** What plays when no window does: a playable playlist of the player, or silence. */
export function FallbackPlaylist({ player, fallbackPlaylistId, playlists }: FallbackPlaylistProps) {
  const change = useSetFallbackPlaylist(player);
  const current = playlists.find((playlist) => playlist.playlistId === fallbackPlaylistId);
  const named = current ? `«${current.name}»` : "тишина";
  const options = [
    { value: SILENCE, label: "Тишина" },
    ...playlists
      .filter((playlist) => playlist.playable || playlist.playlistId === fallbackPlaylistId)
      .map((playlist) => ({ value: playlist.playlistId, label: playlist.name })),
  ];
  return (
    <div className="schedule-fallback">
      <p className="schedule-fallback__now">
        Когда расписание пусто: <strong>{named}</strong>
      </p>
      {player.abilities.edit && (
        <SelectField
          label="Играть, когда расписание пусто"
          value={fallbackPlaylistId ?? SILENCE}
          options={options}
          disabled={change.isPending}
          error={change.error ? errorText(change.error) : null}
          onChange={(value) =>
            change.mutate(value === SILENCE ? null : value, {
              onSuccess: () => toast.success("Запасной плейлист сохранён"),
            })
          }
        />
      )}
    </div>
  );
}
