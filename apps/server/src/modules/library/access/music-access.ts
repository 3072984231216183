import { STAFF_ROLES } from "@fonika/shared";
import { BusCache } from "../../../lib/bus-cache.ts";
import type { Actor } from "../../../plugins/auth.ts";
import type { EventBus } from "../../../realtime/bus.ts";
import type { LibraryStore } from "../store/library.store.ts";

/** What one user may hear: their allowed playlists and the songs of those playlists' current versions. */
export interface AllowedMusic {
  playlistIds: ReadonlySet<string>;
  songIds: ReadonlySet<string>;
}

export interface MusicAccessDependencies {
  store: LibraryStore;
  /** The playlists a user may play now (their live subscriptions' tariffs and grants). */
  allowedPlaylists: { idsOf(userId: string): Promise<ReadonlySet<string>> };
  bus: Pick<EventBus, "publish">;
}

/**
 * Who may hear which music (issue 13): staff everything; a client, and a
 * player device by its owner (a device session's user is the client who
 * owns the establishment), only the playlists they are allowed and the
 * songs those playlists' current versions hold; anyone else nothing.
 *
 * Each user's allowed set is kept in memory (a player reads a song range
 * by range; a query per range would halve what the server serves) and
 * forgotten on every process by a `music-access-changed` event, which
 * every change of subscriptions, grants, tariffs' playlists and playlists'
 * versions publishes once stored. A subscription that ends by its date
 * publishes nothing: the entry's time to live (60 s) bounds that.
 */
export class MusicAccess {
  private readonly allowed: BusCache<AllowedMusic>;

  constructor(private readonly deps: MusicAccessDependencies) {
    this.allowed = new BusCache({ load: (userId) => this.load(userId) });
  }

  /** Whether the actor may hear this song (removal is the caller's concern). */
  async mayHearSong(actor: Actor, songId: string): Promise<boolean> {
    if (isStaff(actor)) return true;
    const music = await this.allowedOf(actor);
    return music?.songIds.has(songId) ?? false;
  }

  /** Whether the actor may open this playlist, its tracks and files. */
  async mayOpenPlaylist(actor: Actor, playlistId: string): Promise<boolean> {
    if (isStaff(actor)) return true;
    const music = await this.allowedOf(actor);
    return music?.playlistIds.has(playlistId) ?? false;
  }

  /**
   * The playlists a non-staff actor may open, or null for staff (no limit);
   * an actor of no listening role gets none.
   */
  async playlistsOf(actor: Actor): Promise<ReadonlySet<string> | null> {
    if (isStaff(actor)) return null;
    return (await this.allowedOf(actor))?.playlistIds ?? new Set();
  }

  /** Tells every process, this one before it answers, that who may hear what changed. */
  async announceChange(): Promise<void> {
    await this.deps.bus.publish({ kind: "music-access-changed", rooms: [] });
  }

  /** Forgets every user's allowed set (an event said it changed, or events were missed). */
  forgetAll(): void {
    this.allowed.clear();
  }

  private async allowedOf(actor: Actor): Promise<AllowedMusic | undefined> {
    if (actor.role !== "role-client" && actor.role !== "player-device") return undefined;
    return this.allowed.get(actor.userId);
  }

  private async load(userId: string): Promise<AllowedMusic> {
    const playlistIds = await this.deps.allowedPlaylists.idsOf(userId);
    const tracks = await this.deps.store.playlists.currentVersionTracks([...playlistIds]);
    const songIds = new Set<string>();
    for (const list of tracks.values()) for (const track of list) songIds.add(track.songId);
    return { playlistIds, songIds };
  }
}

function isStaff(actor: Actor): boolean {
  return actor.role !== undefined && (STAFF_ROLES as readonly string[]).includes(actor.role);
}
