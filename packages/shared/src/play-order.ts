/**
 * The order songs play in within a playlist (issue 13): pure, so the
 * socket, the REST calls and the tests share one rule.
 */

/** A track of a playlist's current version, in the version's order. */
export interface OrderedTrack {
  songId: string;
  artists: readonly string[];
}

export interface PlayOrderState {
  /** The song playing now (null: none yet). */
  currentSongId: string | null;
  loop: boolean;
  shuffle: boolean;
  /** The songs this player played, oldest first (the last entry may be the current one). */
  recentSongIds: readonly string[];
}

/** In shuffle no song repeats within this many of the player's last plays. */
export const SHUFFLE_MEMORY = 20;

/**
 * The song after the current one. In order: the next track, after the last
 * one the first when looping, else null. In shuffle: a random track not
 * among the last SHUFFLE_MEMORY plays (as many as the playlist allows: a
 * playlist of n songs keeps n − 1 out), and, where the playlist has songs
 * by other artists, not by an artist of the current song. `random` answers
 * in [0, 1).
 */
export function nextSong(
  tracks: readonly OrderedTrack[],
  state: PlayOrderState,
  random: () => number = Math.random,
): string | null {
  if (tracks.length === 0) return null;
  if (state.shuffle) return shuffledNext(tracks, state, random);
  const index = indexOf(tracks, state.currentSongId);
  if (index === -1) return tracks[0]?.songId ?? null;
  if (index + 1 < tracks.length) return tracks[index + 1]?.songId ?? null;
  return state.loop ? (tracks[0]?.songId ?? null) : null;
}

/**
 * The song before the current one. In shuffle: the one played before it
 * (still in the playlist); in order: the previous track, before the first
 * one the last when looping, else null.
 */
export function previousSong(
  tracks: readonly OrderedTrack[],
  state: PlayOrderState,
): string | null {
  if (tracks.length === 0) return null;
  if (state.shuffle) {
    const inPlaylist = new Set(tracks.map((track) => track.songId));
    const played = [...state.recentSongIds];
    if (played.at(-1) === state.currentSongId) played.pop();
    for (let i = played.length - 1; i >= 0; i--) {
      const songId = played[i] as string;
      if (songId !== state.currentSongId && inPlaylist.has(songId)) return songId;
    }
    return null;
  }
  const index = indexOf(tracks, state.currentSongId);
  if (index === -1) return null;
  if (index > 0) return tracks[index - 1]?.songId ?? null;
  return state.loop ? (tracks.at(-1)?.songId ?? null) : null;
}

/**
 * The next song among the tracks `allowed` admits (an establishment's
 * explicit filter keeps some out): what `nextSong` decides over the allowed
 * tracks alone, and when the current song is not allowed itself (the
 * filter was turned on while it played), in order the first allowed track
 * after it (after the last, the first when looping).
 */
export function nextAllowedSong<T extends OrderedTrack>(
  tracks: readonly T[],
  state: PlayOrderState,
  allowed: (track: T) => boolean,
  random: () => number = Math.random,
): string | null {
  const kept = tracks.filter(allowed);
  const index = indexOf(tracks, state.currentSongId);
  const current = tracks[index];
  if (state.shuffle || !current || allowed(current)) return nextSong(kept, state, random);
  const after =
    tracks.slice(index + 1).find(allowed) ??
    (state.loop ? tracks.slice(0, index).find(allowed) : undefined);
  return after?.songId ?? null;
}

/**
 * The song before the current one among the tracks `allowed` admits, as
 * `nextAllowedSong` is to `nextSong`: over the allowed tracks alone, and
 * for a current song not allowed, in order the last allowed track before it.
 */
export function previousAllowedSong<T extends OrderedTrack>(
  tracks: readonly T[],
  state: PlayOrderState,
  allowed: (track: T) => boolean,
): string | null {
  const kept = tracks.filter(allowed);
  const index = indexOf(tracks, state.currentSongId);
  const current = tracks[index];
  if (state.shuffle || !current || allowed(current)) return previousSong(kept, state);
  const before =
    tracks.slice(0, index).findLast(allowed) ??
    (state.loop ? tracks.slice(index + 1).findLast(allowed) : undefined);
  return before?.songId ?? null;
}

function shuffledNext(
  tracks: readonly OrderedTrack[],
  state: PlayOrderState,
  random: () => number,
): string | null {
  const distinct = new Map(tracks.map((track) => [track.songId, track]));
  const memory = Math.min(SHUFFLE_MEMORY, distinct.size - 1);
  const recent = new Set(memory > 0 ? state.recentSongIds.slice(-memory) : []);
  if (state.currentSongId && distinct.size > 1) recent.add(state.currentSongId);
  let candidates = [...distinct.values()].filter((track) => !recent.has(track.songId));
  if (candidates.length === 0) {
    candidates = [...distinct.values()].filter((track) => track.songId !== state.currentSongId);
  }
  if (candidates.length === 0) candidates = [...distinct.values()];
  const current = state.currentSongId ? distinct.get(state.currentSongId) : undefined;
  const lastArtists = new Set((current?.artists ?? []).map((artist) => artist.toLowerCase()));
  if (lastArtists.size > 0) {
    const otherArtist = (track: OrderedTrack) =>
      !track.artists.some((artist) => lastArtists.has(artist.toLowerCase()));
    const fresh = candidates.filter(otherArtist);
    if (fresh.length > 0) {
      candidates = fresh;
    } else {
      // Every song not heard lately is by the same artist: take one heard
      // earlier by another artist, if the playlist has any.
      const others = [...distinct.values()].filter(
        (track) => otherArtist(track) && track.songId !== state.currentSongId,
      );
      if (others.length > 0) candidates = others;
    }
  }
  const pick =
    candidates[Math.min(candidates.length - 1, Math.floor(random() * candidates.length))];
  return pick?.songId ?? null;
}

function indexOf(tracks: readonly OrderedTrack[], songId: string | null): number {
  return songId === null ? -1 : tracks.findIndex((track) => track.songId === songId);
}
