import type { NowPlaying, Player, PlayerLiveState, PlayerLiveSummary } from "@fonika/shared";
import { StatusChip } from "../../../components/ui/status-chip.tsx";
import { formatDateTime } from "../../../lib/format.ts";
import { usePlayNow } from "../api/get-player-queue.ts";
import { usePlayerPlaylists } from "../api/list-player-playlists.ts";
import { PLAYER_LIVE_TEXTS, PLAYERS_BASE_TEXTS } from "../player-texts.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * When a player was last heard from: 'только что', 'N мин назад', 'N ч
 * назад' within a day, then the date and time; 'Никогда' if it never connected.
 */
export function formatLastSeen(iso: string | null, nowMs: number = Date.now()): string {
  if (!iso) return PLAYERS_BASE_TEXTS.neverSeen;
  const ago = nowMs - Date.parse(iso);
  if (Number.isNaN(ago)) return "—";
  if (ago < MINUTE_MS) return "только что";
  if (ago < HOUR_MS) return `${Math.floor(ago / MINUTE_MS)} мин назад`;
  if (ago < 24 * HOUR_MS) return `${Math.floor(ago / HOUR_MS)} ч назад`;
  return formatDateTime(iso);
}

/** 'Title — Artist, Artist' of the song a player has on. */
export function songLineOf(nowPlaying: NowPlaying): string {
  return nowPlaying.artists.length > 0
    ? `${nowPlaying.title} — ${nowPlaying.artists.join(", ")}`
    : nowPlaying.title;
}

/** Online or not, and, while online, playing or paused: chips. */
export function PlayerStateChips({ live }: { live: PlayerLiveSummary }) {
  return (
    <span className="player-state">
      {live.online ? (
        <StatusChip label={PLAYERS_BASE_TEXTS.online} tone="active" />
      ) : (
        <StatusChip label={PLAYERS_BASE_TEXTS.offline} />
      )}
      {live.online &&
        (live.playing ? (
          <StatusChip label={PLAYERS_BASE_TEXTS.playing} tone="active" />
        ) : (
          <StatusChip label={PLAYERS_BASE_TEXTS.paused} tone="pending" />
        ))}
    </span>
  );
}

/** The song a player has on and its playlist, or a dash. */
export function NowPlayingText({ live }: { live: PlayerLiveSummary }) {
  const nowPlaying = live.nowPlaying;
  if (!nowPlaying) return <span className="muted">—</span>;
  return (
    <span className="player-now">
      <span className="player-now__song">{songLineOf(nowPlaying)}</span>
      {nowPlaying.playlistName && (
        <span className="player-now__playlist">{nowPlaying.playlistName}</span>
      )}
    </span>
  );
}

/**
 * A playlist's name as what plays: «Name · Запасной плейлист» when it plays
 * as the fallback — the one way the remote, its queue and the venue's
 * screen name it.
 */
export function playlistLabel(name: string, fallback: boolean): string {
  return fallback ? `${name} · ${PLAYER_LIVE_TEXTS.fallback}` : name;
}

/**
 * The playlist a player has on, named, under its song. It plays as the
 * fallback when the schedule wants the fallback now and that is the
 * playlist on: the web player's own rule, so the venue's screen says the
 * same (a song of the fallback playlist the owner chose within a window is
 * that playlist, not the fallback).
 */
export function PlayingPlaylist({
  player,
  state,
}: {
  player: Player;
  state: PlayerLiveState | null;
}) {
  const playlists = usePlayerPlaylists(player.id);
  const playNow = usePlayNow(player.id);
  const playlistId = state?.songId ? state.playlistId : null;
  const name = playlists.data?.find((playlist) => playlist.playlistId === playlistId)?.name;
  if (!playlistId || !name) return null;
  const fallback = playNow.data?.fallback === true && playNow.data.playlistId === playlistId;
  return (
    <span className="remote-muted" data-testid="playing-playlist">
      {playlistLabel(name, fallback)}
    </span>
  );
}
