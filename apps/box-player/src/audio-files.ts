import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { API_BASE } from "@fonika/shared";
import { z } from "zod";
import { JsonFile, readJson } from "./box-data.ts";
import type { EmitEvent } from "./events.ts";

/**
 * The music a box keeps for an outage (issue 31): each song's file on
 * disk, fetched with HTTP Range as a streaming client does (a first
 * range, then the rest in chunks), under a size cap. The songs the coming
 * hours want are fetched in the order they are wanted; when the cap is
 * reached, what was played longest ago (or never) and is not wanted goes
 * first. An index beside the files says when each was last played.
 */

/** A song's file is fetched in ranged requests of this many bytes. */
const RANGE_CHUNK = 256 * 1024;

const indexSchema = z.record(
  z.string(),
  z.object({ bytes: z.number().int().nonnegative(), lastPlayedAt: z.number() }),
);
type Kept = z.infer<typeof indexSchema>[string];

/** What a file needs: its song's id, and its size when the plan says it. */
export interface FileOfSong {
  id: string;
  sizeBytes?: number;
}

export interface AudioFilesOptions {
  dir: string;
  /** The most the files may take, bytes. */
  capBytes: number;
  /** The server's base address, without a trailing slash. */
  base: string;
  userAgent: string;
  chunkBytes?: number;
  token(): string | null;
  emit: EmitEvent;
}

export class AudioFiles {
  private readonly kept = new Map<string, Kept>();
  private readonly fetching = new Map<string, Promise<void>>();
  private readonly index: JsonFile;
  private filling: Promise<void> | null = null;

  constructor(private readonly options: AudioFilesOptions) {
    this.index = new JsonFile(join(options.dir, "index.json"), (error) =>
      options.emit({ kind: "failure", error }),
    );
  }

  /** Reads what an earlier run kept; an entry whose file is gone is forgotten. */
  async open(): Promise<void> {
    await mkdir(this.options.dir, { recursive: true });
    const index = (await readJson(this.index.path, indexSchema)) ?? {};
    for (const [songId, kept] of Object.entries(index)) {
      try {
        const file = await stat(this.pathOf(songId));
        this.kept.set(songId, { ...kept, bytes: file.size });
      } catch {
        // Its file is gone: fetched again when wanted.
      }
    }
  }

  has(songId: string): boolean {
    return this.kept.has(songId);
  }

  /** How many songs and bytes are kept. */
  size(): { songs: number; bytes: number } {
    return { songs: this.kept.size, bytes: this.bytes() };
  }

  pathOf(songId: string): string {
    return join(this.options.dir, `${songId}.audio`);
  }

  /** The song sounds now: it is the last to go when room is needed. */
  played(songId: string): void {
    const kept = this.kept.get(songId);
    if (!kept) return;
    kept.lastPlayedAt = Date.now();
    this.saveIndex();
  }

  /**
   * The song's file, fetched unless kept (a fetch under way is shared);
   * rejects when it cannot be fetched. Kept beyond the cap, the songs
   * played longest ago make room, never `song` itself.
   */
  ensure(song: FileOfSong): Promise<void> {
    if (this.kept.has(song.id)) return Promise.resolve();
    let fetching = this.fetching.get(song.id);
    if (!fetching) {
      fetching = this.download(song.id).finally(() => this.fetching.delete(song.id));
      this.fetching.set(song.id, fetching);
    }
    return fetching.then(async () => {
      await this.makeRoom(0, new Set([song.id]));
    });
  }

  /**
   * Fetches the wanted songs not kept, in their order, while they fit the
   * cap (making room from songs not wanted); one fill at a time. A fetch
   * that fails ends it: the network is gone, and the next fill goes on.
   */
  fill(wanted: readonly FileOfSong[]): Promise<void> {
    this.filling ??= this.runFill(wanted).finally(() => {
      this.filling = null;
    });
    return this.filling;
  }

  private async runFill(wanted: readonly FileOfSong[]): Promise<void> {
    const keep = new Set<string>();
    let planned = 0;
    for (const song of wanted) {
      planned += this.kept.get(song.id)?.bytes ?? song.sizeBytes ?? 0;
      if (planned > this.options.capBytes) break;
      keep.add(song.id);
    }
    for (const song of wanted) {
      if (!keep.has(song.id) || this.kept.has(song.id)) continue;
      if (!(await this.makeRoom(song.sizeBytes ?? 0, keep))) return;
      try {
        await this.ensure(song);
      } catch (error) {
        this.options.emit({ kind: "failure", error });
        return;
      }
    }
  }

  /**
   * Lets go of the songs played longest ago (never played first), none of
   * `keep`, until `incoming` more bytes fit the cap; false when they cannot.
   */
  private async makeRoom(incoming: number, keep: ReadonlySet<string>): Promise<boolean> {
    const byAge = [...this.kept.entries()]
      .filter(([songId]) => !keep.has(songId))
      .sort(([, a], [, b]) => a.lastPlayedAt - b.lastPlayedAt);
    let bytes = this.bytes();
    for (const [songId, kept] of byAge) {
      if (bytes + incoming <= this.options.capBytes) break;
      this.kept.delete(songId);
      bytes -= kept.bytes;
      await rm(this.pathOf(songId), { force: true });
    }
    this.saveIndex();
    return bytes + incoming <= this.options.capBytes;
  }

  private bytes(): number {
    let total = 0;
    for (const kept of this.kept.values()) total += kept.bytes;
    return total;
  }

  private saveIndex(): void {
    this.index.save(Object.fromEntries(this.kept));
  }

  /** Fetches the file by Range into `<id>.audio.part`, renamed once whole. */
  private async download(songId: string): Promise<void> {
    const target = this.pathOf(songId);
    const part = `${target}.part`;
    const file = await open(part, "w");
    let bytes = 0;
    let requests = 0;
    let total: number | null = null;
    let ranged = false;
    try {
      while (total === null || bytes < total) {
        const end = bytes + (this.options.chunkBytes ?? RANGE_CHUNK) - 1;
        const answer = await fetch(`${this.options.base}${API_BASE}/music/song/${songId}/file`, {
          headers: {
            authorization: `Bearer ${this.options.token() ?? ""}`,
            range: `bytes=${bytes}-${end}`,
            "user-agent": this.options.userAgent,
          },
        });
        requests += 1;
        const body = new Uint8Array(await answer.arrayBuffer());
        if (answer.status === 200) {
          // A server that ignores Range sends it all at once.
          await file.write(body, 0, body.byteLength, 0);
          bytes = body.byteLength;
          break;
        }
        if (answer.status !== 206) throw new Error(`the song's file answered ${answer.status}`);
        ranged = true;
        const size = /\/(\d+)$/.exec(answer.headers.get("content-range") ?? "");
        total = size ? Number(size[1]) : bytes + body.byteLength;
        await file.write(body, 0, body.byteLength, bytes);
        bytes += body.byteLength;
        if (body.byteLength === 0) break;
      }
    } catch (error) {
      await file.close();
      await rm(part, { force: true });
      throw error;
    }
    await file.close();
    await rename(part, target);
    this.kept.set(songId, { bytes, lastPlayedAt: 0 });
    this.saveIndex();
    this.options.emit({ kind: "fetched", songId, bytes, requests, ranged });
  }
}
