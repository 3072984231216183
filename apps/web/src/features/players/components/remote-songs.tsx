import type { Player, PlayerLiveState, Song } from "@fonika/shared";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Section } from "../../../components/ui/page.tsx";
import { formatClock } from "../../../lib/format.ts";
import { useLiveSong } from "../api/get-live-song.ts";
import { usePlaylistSongs } from "../api/get-playlist-songs.ts";
import { usePlayerPlaylists } from "../api/list-player-playlists.ts";
import type { PlayerLive } from "../hooks/use-players-live.ts";
import { PLAYER_LIVE_TEXTS as TEXTS } from "../player-texts.ts";

/** How many coming songs the queue lists. */
export const UPCOMING_COUNT = 5;

/**
 * Whether a player starts its playlist over after the last song even with
 * the loop off: a web player does (a venue's hour must not fall silent), a
 * box stops there.
 */
export function startsOver(player: Pick<Player, "type">): boolean {
  return player.type === "web";
}

/**
 * The songs after the current one as the player will play them: the
 * server's next song first, then, unless shuffled (only the server knows
 * that order), those after it in the playlist's order — from the top again
 * when looped or when the player `startsOver` — until the current song
 * would come round. After the last song the server names none: a player
 * that starts over begins again at the top. The server may still step over
 * a song its venue's explicit filter keeps out.
 */
export function upcomingSongIds(
  state: Pick<PlayerLiveState, "songId" | "nextSongId" | "loop" | "shuffle">,
  order: readonly string[],
  { count = UPCOMING_COUNT, startsOver = false }: { count?: number; startsOver?: boolean } = {},
): string[] {
  const repeats = state.loop || startsOver;
  const first =
    state.nextSongId ?? (repeats && state.songId && !state.shuffle ? order[0] : undefined);
  if (!first) return [];
  const upcoming = [first];
  let index = order.indexOf(first);
  if (state.shuffle || index < 0) return upcoming;
  while (upcoming.length < count) {
    index += 1;
    if (index >= order.length) {
      if (!repeats) break;
      index = 0;
    }
    const songId = order[index];
    if (songId === undefined || songId === state.songId || upcoming.includes(songId)) break;
    upcoming.push(songId);
  }
  return upcoming;
}

interface SongRowProps {
  songId: string;
  /** The song as its playlist gave it; read by id when the playlist is not at hand. */
  song: Song | undefined;
  current: boolean;
  busy: boolean;
  disabled: boolean;
  onPlay: () => void;
}

/** A song with «Играть сейчас» (naming it), or the mark that it plays now. */
function SongRow({ songId, song, current, busy, disabled, onPlay }: SongRowProps) {
  const read = useLiveSong(song ? null : songId);
  const shown = song ?? read.data;
  const title = shown?.title ?? TEXTS.unknownSong;
  const artists = shown?.artists.join(", ");
  return (
    <li className="remote-songs__item" aria-current={current || undefined}>
      <span className="remote-song">
        <span className="remote-song__title">{title}</span>
        {artists && <span className="remote-song__artist">{artists}</span>}
      </span>
      {shown && (
        <span className="remote-songs__length">{formatClock(shown.durationMs / 1000)}</span>
      )}
      {current ? (
        <span className="remote-songs__now">{TEXTS.playsNow}</span>
      ) : (
        <Button
          variant="ghost"
          icon="play"
          className="remote-songs__play"
          aria-label={TEXTS.playNowSong(title)}
          title={TEXTS.playNow}
          busy={busy}
          disabled={disabled}
          onClick={onPlay}
        />
      )}
    </li>
  );
}

/** A song's title and artists (as its playlist gave it, else read by id). */
function SongName({ songId, song }: { songId: string; song?: Song }) {
  const read = useLiveSong(song ? null : songId);
  const shown = song ?? read.data;
  return (
    <span className="remote-song">
      <span className="remote-song__title">{shown?.title ?? TEXTS.unknownSong}</span>
      {shown && shown.artists.length > 0 && (
        <span className="remote-song__artist">{shown.artists.join(", ")}</span>
      )}
    </span>
  );
}

/**
 * The song after the one on, as the player will play it: the server's
 * next song; after a playlist's last song (loop off), for a web player the
 * playlist's first again — what the venue's screen names next — and for a
 * box the end of the playlist. A dash while nothing is on: never «nothing
 * plays» beside a song that plays.
 */
export function NextSong({ player, state }: { player: Player; state: PlayerLiveState | null }) {
  const on = state?.songId ? state : null;
  const over = Boolean(on && !on.nextSongId && startsOver(player));
  const songs = usePlaylistSongs(over ? on?.playlistId : null);
  if (!on) return <span className="remote-muted">—</span>;
  if (on.nextSongId) return <SongName songId={on.nextSongId} />;
  if (!over) return <span className="remote-muted">{TEXTS.playlistEnds}</span>;
  const first = on.shuffle ? undefined : songs.data?.[0];
  return first ? (
    <SongName songId={first.id} song={first} />
  ) : (
    <span className="remote-muted">{TEXTS.playlistStartsOver}</span>
  );
}

interface SongListProps {
  live: PlayerLive;
  /** The song whose «Играть сейчас» was pressed last (its button waits). */
  askedSongId: string | null;
  onPlaySong: (songId: string, playlistId: string) => void;
}

/** The queue: the coming songs of the playlist that plays, each to be played now. */
function UpcomingSongs({
  player,
  live,
  askedSongId,
  onPlaySong,
}: SongListProps & { player: Player }) {
  const { state, pending } = live;
  const playlistId = state?.playlistId ?? null;
  const songs = usePlaylistSongs(playlistId);
  const list = songs.data ?? [];
  const upcoming = state
    ? upcomingSongIds(
        state,
        list.map((song) => song.id),
        { startsOver: startsOver(player) },
      )
    : [];
  return (
    <div className="remote-songs__group">
      <h3 className="remote-queue__title">{TEXTS.upcoming}</h3>
      {upcoming.length === 0 || !playlistId ? (
        <p className="remote-muted">{TEXTS.noUpcoming}</p>
      ) : (
        <ol className="remote-songs__list" aria-label={TEXTS.upcoming}>
          {upcoming.map((songId) => (
            <SongRow
              key={songId}
              songId={songId}
              song={list.find((song) => song.id === songId)}
              current={false}
              busy={pending === "playSong" && askedSongId === songId}
              disabled={state === null}
              onPlay={() => onPlaySong(songId, playlistId)}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

/** The songs of one of the player's playlists (the one playing, or as chosen), each to be played now. */
function PlaylistSongs({
  player,
  live,
  askedSongId,
  onPlaySong,
}: SongListProps & { player: Player }) {
  const { state, pending } = live;
  const playlists = usePlayerPlaylists(player.id);
  // A playlist whose subscription ended is listed on the player, but not played.
  const playable = (playlists.data ?? []).filter((playlist) => playlist.playable);
  const [chosen, setChosen] = useState<string | null>(null);
  const shown =
    playable.find((playlist) => playlist.playlistId === chosen) ??
    playable.find((playlist) => playlist.playlistId === state?.playlistId) ??
    playable[0];
  const songs = usePlaylistSongs(shown?.playlistId);

  return (
    <div className="remote-songs__group">
      <h3 className="remote-queue__title">{TEXTS.playlistSongs}</h3>
      {!shown ? (
        <p className="remote-muted">{playlists.isPending ? "…" : TEXTS.noPlaylists}</p>
      ) : (
        <>
          <label className="remote-songs__pick">
            <span>{TEXTS.playlist}</span>
            <select
              className="input"
              value={shown.playlistId}
              onChange={(event) => setChosen(event.target.value)}
            >
              {playable.map((playlist) => (
                <option key={playlist.playlistId} value={playlist.playlistId}>
                  {playlist.name}
                </option>
              ))}
            </select>
          </label>
          {songs.isError ? (
            <p className="remote-muted">{TEXTS.songsFailed}</p>
          ) : !songs.data ? (
            <p className="remote-muted">…</p>
          ) : songs.data.length === 0 ? (
            <p className="remote-muted">{TEXTS.emptyPlaylist}</p>
          ) : (
            <ol
              className="remote-songs__list remote-songs__list--scroll"
              aria-label={`${TEXTS.playlistSongs}: «${shown.name}»`}
            >
              {songs.data.map((song) => (
                <SongRow
                  key={song.id}
                  songId={song.id}
                  song={song}
                  current={state?.songId === song.id && state.playlistId === shown.playlistId}
                  busy={pending === "playSong" && askedSongId === song.id}
                  disabled={state === null}
                  onPlay={() => onPlaySong(song.id, shown.playlistId)}
                />
              ))}
            </ol>
          )}
        </>
      )}
    </div>
  );
}

/**
 * Choosing what plays (issue 28): the queue's coming songs and the songs of
 * the player's playlists, each with «Играть сейчас». Beside the remote, not
 * in it: its buttons keep their own names. A refusal of the song asked for
 * is said here too, where the owner pressed.
 */
export function RemoteSongs({
  player,
  live,
  askedSongId,
  onPlaySong,
}: SongListProps & { player: Player }) {
  return (
    <Section title={TEXTS.songsTitle}>
      <div className="remote-songs">
        <UpcomingSongs
          player={player}
          live={live}
          askedSongId={askedSongId}
          onPlaySong={onPlaySong}
        />
        <PlaylistSongs
          player={player}
          live={live}
          askedSongId={askedSongId}
          onPlaySong={onPlaySong}
        />
        {askedSongId && live.problem && (
          <p className="remote-problem" role="status">
            {live.problem}
          </p>
        )}
      </div>
    </Section>
  );
}
