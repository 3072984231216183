import type { Player, PlayerLiveState } from "@fonika/shared";
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Section } from "../../../components/ui/page.tsx";
import { useApiClient } from "../../../lib/app-services.ts";
import { formatClock, formatDateTime } from "../../../lib/format.ts";
import { songCoverUrl, useLiveSong } from "../api/get-live-song.ts";
import { usePlayerQueue, usePlayNow } from "../api/get-player-queue.ts";
import { usePlayerPlaylists } from "../api/list-player-playlists.ts";
import type { PlayerCommand, PlayerLive } from "../hooks/use-players-live.ts";
import { currentPosition } from "../hooks/use-players-live.ts";
import { PLAYER_LIVE_TEXTS as TEXTS } from "../player-texts.ts";
import { PlayingPlaylist, playlistLabel } from "./player-live-state.tsx";
import { NextSong, RemoteSongs } from "./remote-songs.tsx";
import "../players.css";

interface PlayerRemoteProps {
  player: Player;
  live: PlayerLive;
  onCommand: (command: PlayerCommand) => void;
}

/** Seconds since the epoch, renewed every second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const handle = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(handle);
  }, [running]);
  return now;
}

/** Whether the player is online, and when it was last seen when not. */
export function PlayerPresence({ state }: { state: PlayerLiveState | null }) {
  const online = state?.online ?? false;
  return (
    <span className="remote-presence">
      <span
        className={`remote-presence__dot${online ? " remote-presence__dot--online" : ""}`}
        aria-hidden="true"
      />
      {state === null
        ? TEXTS.waiting
        : online
          ? TEXTS.online
          : state.lastSeenAt
            ? `${TEXTS.offline} · был в сети ${formatDateTime(state.lastSeenAt)}`
            : TEXTS.offline}
    </span>
  );
}

/** Title and artists of a song by id, from the shared song cache. */
export function SongLabel({ songId }: { songId: string | null }) {
  const song = useLiveSong(songId);
  if (!songId) return <span className="remote-muted">{TEXTS.nothingPlays}</span>;
  const title = song.data?.title ?? TEXTS.unknownSong;
  const artists = song.data?.artists.join(", ");
  return (
    <span className="remote-song">
      <span className="remote-song__title">{title}</span>
      {artists && <span className="remote-song__artist">{artists}</span>}
    </span>
  );
}

interface NowPlayingProps {
  player: Player;
  state: PlayerLiveState | null;
  /** «Продолжить» waits for the server's state. */
  resuming: boolean;
  onResume: () => void;
}

function NowPlaying({ player, state, resuming, onResume }: NowPlayingProps) {
  const api = useApiClient();
  const songId = state?.songId ?? null;
  const song = useLiveSong(songId);
  const hasCover = song.data?.hasCover ?? false;
  // One address per song: a fresh token each time would reload the image every refresh.
  const cover = useMemo(() => {
    if (!songId || !hasCover) return null;
    try {
      return songCoverUrl(api, songId);
    } catch {
      return null;
    }
  }, [api, songId, hasCover]);
  const now = useNow(Boolean(state?.playing));
  const duration = (song.data?.durationMs ?? 0) / 1000;
  const position = state ? currentPosition(state, now) : 0;
  const shown = duration > 0 ? Math.min(position, duration) : position;

  return (
    <div className="remote-now">
      <div className="remote-now__cover">
        {cover ? <img src={cover} alt="" /> : <Icon name="music" />}
      </div>
      <div className="remote-now__text">
        <SongLabel songId={songId} />
        <PlayingPlaylist player={player} state={state} />
        <div
          className="remote-progress"
          role="progressbar"
          aria-label="Прогресс песни"
          aria-valuemin={0}
          aria-valuemax={Math.round(duration)}
          aria-valuenow={Math.round(shown)}
        >
          <span
            className="remote-progress__bar"
            style={{ width: duration > 0 ? `${(shown / duration) * 100}%` : "0%" }}
          />
        </div>
        <span className="remote-progress__time">
          {formatClock(shown)} / {duration > 0 ? formatClock(duration) : "–:––"}
        </span>
        {/* Paused mid-song: it goes on from where it stopped (the main button plays as ever). */}
        {state?.online && !state.playing && songId && (
          <span className="remote-paused">
            <span className="remote-muted">{TEXTS.paused}</span>
            <Button variant="secondary" icon="play" busy={resuming} onClick={onResume}>
              {TEXTS.resume}
            </Button>
          </span>
        )}
      </div>
    </div>
  );
}

function formatTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit", timeZone }).format(
    new Date(iso),
  );
}

/** What plays next: the next song, and the schedule's playlist now and the ones after it. */
function PlayerQueue({ player, state }: { player: Player; state: PlayerLiveState | null }) {
  const playNow = usePlayNow(player.id);
  const queue = usePlayerQueue(player.id);
  const playlists = usePlayerPlaylists(player.id);
  const nameOf = (playlistId: string | null, fallback: boolean) =>
    playlistId === null
      ? TEXTS.silence
      : playlistLabel(
          playlists.data?.find((playlist) => playlist.playlistId === playlistId)?.name ??
            TEXTS.playlist,
          fallback,
        );
  const later = (queue.data?.slots ?? [])
    .filter((slot) => !playNow.data || Date.parse(slot.from) >= Date.parse(playNow.data.until))
    .slice(0, 3);

  return (
    <div className="remote-queue">
      <h3 className="remote-queue__title">Очередь</h3>
      <dl className="remote-queue__list">
        <dt>{TEXTS.nextSong}</dt>
        <dd>
          <NextSong player={player} state={state} />
        </dd>
        <dt>По расписанию сейчас</dt>
        <dd>
          {playNow.data
            ? `${nameOf(playNow.data.playlistId, playNow.data.fallback)} · до ${formatTime(playNow.data.until, playNow.data.timeZone)}`
            : "…"}
        </dd>
        {later.length > 0 && queue.data && (
          <>
            <dt>Дальше</dt>
            <dd>
              <ul className="remote-queue__slots">
                {later.map((slot) => (
                  <li key={slot.from}>
                    {formatTime(slot.from, queue.data.timeZone)} ·{" "}
                    {nameOf(slot.playlistId, slot.fallback)}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}

/**
 * The remote control of one player (issue 13): what plays with its cover and
 * progress, the buttons, volume and the queue; beside it, the songs to play
 * now (issue 28). A button waits (spinner) from its command until the
 * server's state confirms it; a refusal is said here.
 */
export function PlayerRemote({ player, live, onCommand }: PlayerRemoteProps) {
  const { state, pending, problem } = live;
  /** The song of the last «Играть сейчас», while the remote's own buttons were not pressed since. */
  const [askedSongId, setAskedSongId] = useState<string | null>(null);
  const command = (order: PlayerCommand) => {
    setAskedSongId(order.kind === "playSong" ? order.songId : null);
    onCommand(order);
  };
  const [draftVolume, setDraftVolume] = useState<number | null>(null);
  const dragging = useRef(false);
  useEffect(() => {
    if (pending !== "volume" && !dragging.current) setDraftVolume(null);
  }, [pending]);
  const volume = draftVolume ?? state?.volume ?? 100;
  const commitVolume = () => {
    dragging.current = false;
    if (draftVolume !== null && draftVolume !== state?.volume) {
      command({ kind: "volume", volume: draftVolume });
    }
  };
  const ready = state !== null;
  const playing = state?.playing ?? false;

  return (
    <>
      <Section title="Пульт плеера">
        <div className="remote" aria-busy={!ready || undefined}>
          <PlayerPresence state={state} />
          <NowPlaying
            player={player}
            state={state}
            resuming={pending === "resume"}
            onResume={() => command({ kind: "resume" })}
          />
          <div className="remote-controls">
            <Button
              variant="secondary"
              size="lg"
              icon="skip-previous"
              aria-label={TEXTS.previous}
              title={TEXTS.previous}
              busy={pending === "previous"}
              disabled={!ready}
              onClick={() => command({ kind: "previous" })}
            />
            <Button
              variant="primary"
              size="lg"
              className="remote-controls__main"
              icon={playing ? "pause" : "play"}
              aria-label={playing ? TEXTS.pause : TEXTS.play}
              busy={pending === "play" || pending === "pause"}
              disabled={!ready}
              onClick={() => command({ kind: playing ? "pause" : "play" })}
            />
            <Button
              variant="secondary"
              size="lg"
              icon="skip-next"
              aria-label={TEXTS.next}
              title={TEXTS.next}
              busy={pending === "next"}
              disabled={!ready}
              onClick={() => command({ kind: "next" })}
            />
          </div>
          <div className="remote-modes">
            <Button
              variant={state?.shuffle ? "primary" : "ghost"}
              icon="shuffle"
              aria-pressed={state?.shuffle ?? false}
              busy={pending === "shuffle"}
              disabled={!state?.playlistId}
              onClick={() =>
                state?.playlistId && command({ kind: "shuffle", playlistId: state.playlistId })
              }
            >
              {TEXTS.shuffle}
            </Button>
            <Button
              variant={state?.loop ? "primary" : "ghost"}
              icon="repeat"
              aria-pressed={state?.loop ?? false}
              busy={pending === "loop"}
              disabled={!ready}
              onClick={() => command({ kind: "loop", on: !state?.loop })}
            >
              {TEXTS.loop}
            </Button>
          </div>
          <label className="remote-volume">
            <Icon name="volume" />
            <input
              type="range"
              min={0}
              max={100}
              step={1}
              value={volume}
              disabled={!ready}
              aria-label={TEXTS.volume}
              onChange={(event) => {
                dragging.current = true;
                setDraftVolume(Number(event.target.value));
              }}
              onPointerUp={commitVolume}
              onKeyUp={commitVolume}
              onBlur={() => dragging.current && commitVolume()}
            />
            <span className="remote-volume__value">{pending === "volume" ? "…" : volume}</span>
          </label>
          <p className="remote-problem" role="status">
            {problem}
          </p>
          <PlayerQueue player={player} state={state} />
        </div>
      </Section>
      <RemoteSongs
        player={player}
        live={live}
        askedSongId={askedSongId}
        onPlaySong={(songId, playlistId) => command({ kind: "playSong", songId, playlistId })}
      />
    </>
  );
}

/** One player in a list: online dot, what plays, play/pause, and a refusal's reason. */
export function PlayerLiveLine({
  live,
  onCommand,
}: {
  live: PlayerLive;
  onCommand: (command: PlayerCommand) => void;
}) {
  const { state, pending, problem } = live;
  const playing = state?.playing ?? false;
  return (
    <div className="remote-line">
      <PlayerPresence state={state} />
      <span className="remote-line__song">
        {state?.online ? <SongLabel songId={state.songId} /> : null}
      </span>
      <Button
        variant="secondary"
        icon={playing ? "pause" : "play"}
        className="remote-line__button"
        aria-label={playing ? TEXTS.pause : TEXTS.play}
        busy={pending === "play" || pending === "pause"}
        disabled={state === null}
        onClick={() => onCommand({ kind: playing ? "pause" : "play" })}
      />
      {problem && (
        <p className="remote-problem remote-line__problem" role="status">
          {problem}
        </p>
      )}
    </div>
  );
}
