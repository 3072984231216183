import type { Actor } from "../../../kernel/actor.ts";
import type { EventBus } from "../../../realtime/bus.ts";
import type { Entitlement, SongLicences } from "../../entitlement/entitlement.ts";
import type { LibraryStore } from "../store/library.store.ts";

export interface MusicAccessDependencies {
  store: LibraryStore;
  /**
   * The playlists an actor may open now, null for staff (the entitlement
   * module: a device its venue's active licence, a client their licensed
   * venues').
   */
  entitlement: Pick<Entitlement, "playlistsOf" | "barredSongs" | "songLicences">;
  bus: Pick<EventBus, "publish">;
}

/**
 * Who may hear which music (issues 13, 27): the entitlement module says
 * which playlists an actor may open; the library adds the songs of those
 * playlists' current versions. Staff hear everything.
 *
 * Both answers stay in memory (a player reads a song range by range; a
 * query per range would halve what the server serves): the entitlement
 * keeps one set of playlists per venue and owner, and the songs of a set
 * are kept here by that very set, so a new licence (a new set) reads its
 * songs once. A `songs-changed` or `music-access-changed` event (a
 * playlist's version changed) forgets every song set.
 */
export class MusicAccess {
  private songsBySet = new WeakMap<ReadonlySet<string>, Promise<ReadonlySet<string>>>();

  constructor(private readonly deps: MusicAccessDependencies) {}

  /** Whether the actor may hear this song (removal is the caller's concern). */
  async mayHearSong(actor: Actor, songId: string): Promise<boolean> {
    const playlistIds = await this.deps.entitlement.playlistsOf(actor);
    if (playlistIds === null) return true;
    if (playlistIds.size === 0) return false;
    return (await this.songsOf(playlistIds)).has(songId) && !(await this.barred(songId));
  }

  /** A song no venue may play today for want of its holder's licence (the entitlement says). */
  private async barred(songId: string): Promise<boolean> {
    return (await this.deps.entitlement.barredSongs()).has(songId);
  }

  /** The songs no venue may play today: lists shown to listeners leave them out. */
  barredSongs(): Promise<ReadonlySet<string>> {
    return this.deps.entitlement.barredSongs();
  }

  /** The barred songs and the last day of those whose licences end: staff's lists mark them. */
  songLicences(): Promise<SongLicences> {
    return this.deps.entitlement.songLicences();
  }

  /** Whether the actor may open this playlist, its tracks and files. */
  async mayOpenPlaylist(actor: Actor, playlistId: string): Promise<boolean> {
    const playlistIds = await this.deps.entitlement.playlistsOf(actor);
    return playlistIds === null || playlistIds.has(playlistId);
  }

  /**
   * The playlists a non-staff actor may open, or null for staff (no limit);
   * an actor of no listening role gets none.
   */
  playlistsOf(actor: Actor): Promise<ReadonlySet<string> | null> {
    return this.deps.entitlement.playlistsOf(actor);
  }

  /**
   * Whether a song is in the current versions of these playlists: kept by
   * the set itself, as `mayHearSong` keeps it (the entitlement hands out
   * the same set while its answer stands).
   */
  async setHoldsSong(playlistIds: ReadonlySet<string>, songId: string): Promise<boolean> {
    if (playlistIds.size === 0) return false;
    return (await this.songsOf(playlistIds)).has(songId);
  }

  /** Tells every process, this one before it answers, that who may hear what changed. */
  async announceChange(): Promise<void> {
    await this.deps.bus.publish({ kind: "music-access-changed", rooms: [] });
  }

  /** Forgets every set's songs (an event said they changed, or events were missed). */
  forgetAll(): void {
    this.songsBySet = new WeakMap();
  }

  private songsOf(playlistIds: ReadonlySet<string>): Promise<ReadonlySet<string>> {
    const kept = this.songsBySet.get(playlistIds);
    if (kept) return kept;
    const songs = this.deps.store.playlists
      .currentVersionTracks([...playlistIds])
      .then((tracks) => {
        const songIds = new Set<string>();
        for (const list of tracks.values()) for (const track of list) songIds.add(track.songId);
        return songIds;
      });
    const map = this.songsBySet;
    map.set(playlistIds, songs);
    // A failed read is not kept: the next ask reads again.
    songs.catch(() => {
      if (map.get(playlistIds) === songs) map.delete(playlistIds);
    });
    return songs;
  }
}
