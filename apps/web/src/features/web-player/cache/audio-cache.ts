import { API_BASE, type PlanSong } from "@fonika/shared";

/**
 * The web player's store of audio for an outage (issue 14): the files of
 * the coming hours, fetched one at a time beside what plays, kept in the
 * Cache Storage the service worker answers `<audio>` from (Range
 * included). Keys are the file's address without any token, so a rotated
 * token finds the same entry and no token is ever written to disk.
 */

export const AUDIO_CACHE = "fonika-audio-v1";

/** The cache key of a song's file: its address, no query. */
export function songFileKey(origin: string, songId: string): string {
  return `${origin}${API_BASE}/music/song/${songId}/file`;
}

const SONG_FILE = new RegExp(`${API_BASE}/music/song/([0-9a-f-]{36})/file$`);

/** The most this page keeps, whatever the quota: a working day of music at 320 kbit/s. */
const MAX_BUDGET_BYTES = 2 * 1024 ** 3;

export class AudioCache {
  private readonly cached = new Set<string>();
  private filling: Promise<void> | null = null;

  constructor(
    private readonly origin: string,
    private readonly onChange: () => void,
  ) {}

  /** Reads what an earlier visit kept. */
  async open(): Promise<void> {
    if (typeof caches === "undefined") return;
    const cache = await caches.open(AUDIO_CACHE);
    for (const request of await cache.keys()) {
      const match = SONG_FILE.exec(new URL(request.url).pathname);
      if (match?.[1]) this.cached.add(match[1]);
    }
    this.onChange();
  }

  has(songId: string): boolean {
    return this.cached.has(songId);
  }

  size(): number {
    return this.cached.size;
  }

  /**
   * A kept song's file as a `blob:` URL of this page, for a page the
   * service worker does not control (the first load after «Играть в этом
   * браузере»: its `<audio>` requests go past the worker to the network,
   * and an outage would find none of the kept songs). Null when it is not
   * kept (or no longer). The deck that plays it lets the URL go.
   */
  async objectUrl(songId: string): Promise<string | null> {
    if (typeof caches === "undefined" || !this.cached.has(songId)) return null;
    const kept = await (await caches.open(AUDIO_CACHE)).match(songFileKey(this.origin, songId));
    return kept ? URL.createObjectURL(await kept.blob()) : null;
  }

  /**
   * Fetches the songs not yet kept, in the order given, within the storage
   * budget; lets go of kept songs no longer wanted. One fill at a time; a
   * network failure ends it (the next fill goes on from there).
   */
  fill(wanted: readonly PlanSong[], token: () => string | null): Promise<void> {
    this.filling ??= this.run(wanted, token).finally(() => {
      this.filling = null;
    });
    return this.filling;
  }

  private async run(wanted: readonly PlanSong[], token: () => string | null): Promise<void> {
    if (typeof caches === "undefined") return;
    const cache = await caches.open(AUDIO_CACHE);
    const budget = await budgetBytes();
    const keep = new Set<string>();
    let bytes = 0;
    for (const song of wanted) {
      bytes += song.sizeBytes;
      if (bytes > budget) break;
      keep.add(song.id);
    }
    for (const songId of [...this.cached]) {
      if (keep.has(songId)) continue;
      await cache.delete(songFileKey(this.origin, songId));
      this.cached.delete(songId);
    }
    for (const songId of keep) {
      if (this.cached.has(songId)) continue;
      const access = token();
      if (!access) return;
      let answer: Response;
      try {
        answer = await fetch(songFileKey(this.origin, songId), {
          headers: { authorization: `Bearer ${access}` },
          cache: "no-store",
        });
      } catch {
        // The network is gone: what is kept is what there is.
        return;
      }
      if (answer.status !== 200) continue;
      await cache.put(songFileKey(this.origin, songId), answer);
      this.cached.add(songId);
      this.onChange();
    }
  }
}

/** Half the origin's quota, at most MAX_BUDGET_BYTES; the cap when the browser does not say. */
async function budgetBytes(): Promise<number> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (estimate?.quota) return Math.min(estimate.quota / 2, MAX_BUDGET_BYTES);
  } catch {
    // No estimate: the cap.
  }
  return MAX_BUDGET_BYTES;
}

/** Asks the browser to keep this origin's storage under pressure (the cache is the outage's music). */
export async function askPersistentStorage(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}
