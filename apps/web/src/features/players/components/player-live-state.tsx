import type { NowPlaying, PlayerLiveSummary } from "@fonika/shared";
import { StatusChip } from "../../../components/ui/status-chip.tsx";
import { formatDateTime } from "../../../lib/format.ts";
import { PLAYERS_BASE_TEXTS } from "../player-texts.ts";

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
