import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { compareVersions, type ServerSocketMessage } from "@fonika/shared";

/**
 * A box player's firmware updates (issue 13): told of a newer version on
 * its socket, it downloads the file with ranged requests — continuing a
 * download cut short from where it stopped — checks its size and SHA-256,
 * and keeps it. Installing it is the hardware's business: this box only
 * says where the file is.
 */

/** The firmware version this box player reports unless told another (`--firmware-version`). */
export const BOX_PLAYER_VERSION = "1.0.0";

/** Bytes asked per ranged request of a firmware file. */
const FIRMWARE_CHUNK = 1024 * 1024;

export type UpdateNotice = Extract<ServerSocketMessage, { type: "playerUpdateAvailable" }>;

export type UpdateEvent =
  | { kind: "updateAvailable"; name: string; version: string; size: number }
  | {
      kind: "updateDownloaded";
      version: string;
      path: string;
      bytes: number;
      requests: number;
      /** Bytes found from an earlier, unfinished download. */
      resumedFrom: number;
    }
  | { kind: "updateFailed"; version: string; reason: string };

export interface FirmwareUpdatesOptions {
  /** The server's base address. */
  base: string;
  /** The version this box runs. */
  version: string;
  /** Where downloads are kept. */
  dir: string;
  chunkBytes?: number;
  userAgent: string;
  /** The current access token. */
  token(): string | null;
  emit(event: UpdateEvent): void;
}

export class FirmwareUpdates {
  /** Updates being downloaded or downloaded, by id: a repeated notice starts nothing. */
  private readonly handled = new Map<string, Promise<void>>();

  constructor(private readonly options: FirmwareUpdatesOptions) {}

  /** The downloaded file of an update, once it is complete and checked. */
  fileOf(version: string): string {
    return join(this.options.dir, `firmware-${version}.bin`);
  }

  /**
   * Handles a notice: one not newer than this box's version is ignored (the
   * server pushes the newest to every box); a newer one is downloaded once.
   */
  offer(notice: UpdateNotice): Promise<void> {
    if (compareVersions(notice.version, this.options.version) <= 0) return Promise.resolve();
    const known = this.handled.get(notice.updateId);
    if (known) return known;
    this.options.emit({
      kind: "updateAvailable",
      name: notice.name,
      version: notice.version,
      size: notice.size,
    });
    const download = this.download(notice).catch((error: unknown) => {
      // A later notice (a reconnect) tries again, from where this one stopped.
      this.handled.delete(notice.updateId);
      this.options.emit({
        kind: "updateFailed",
        version: notice.version,
        reason: error instanceof Error ? error.message : String(error),
      });
    });
    this.handled.set(notice.updateId, download);
    return download;
  }

  private async download(notice: UpdateNotice): Promise<void> {
    await mkdir(this.options.dir, { recursive: true });
    const final = this.fileOf(notice.version);
    // Kept from an earlier run: nothing to fetch.
    if ((await sizeOf(final)) === notice.size && (await sha256Of(final)) === notice.sha256) {
      this.options.emit({
        kind: "updateDownloaded",
        version: notice.version,
        path: final,
        bytes: notice.size,
        requests: 0,
        resumedFrom: notice.size,
      });
      return;
    }
    const partial = `${final}.${notice.sha256.slice(0, 16)}.part`;
    let resumedFrom = await sizeOf(partial);
    if (resumedFrom > notice.size) {
      await rm(partial, { force: true });
      resumedFrom = 0;
    }
    let bytes = resumedFrom;
    let requests = 0;
    const file = await open(partial, "a");
    try {
      while (bytes < notice.size) {
        const end = Math.min(bytes + (this.options.chunkBytes ?? FIRMWARE_CHUNK), notice.size) - 1;
        const answer = await fetch(new URL(notice.url, this.options.base), {
          headers: {
            authorization: `Bearer ${this.options.token() ?? ""}`,
            range: `bytes=${bytes}-${end}`,
            "user-agent": this.options.userAgent,
          },
        });
        requests += 1;
        if (answer.status !== 206) throw new Error(`the update's file answered ${answer.status}`);
        const range = /^bytes (\d+)-(\d+)\//.exec(answer.headers.get("content-range") ?? "");
        if (Number(range?.[1]) !== bytes) throw new Error("the update's file sent another range");
        const body = new Uint8Array(await answer.arrayBuffer());
        if (body.byteLength === 0) throw new Error("the update's file sent no bytes");
        await file.write(body);
        bytes += body.byteLength;
      }
    } finally {
      await file.close();
    }
    const sha256 = await sha256Of(partial);
    if (bytes !== notice.size || sha256 !== notice.sha256) {
      await rm(partial, { force: true });
      throw new Error(`the downloaded file does not match (size ${bytes}, sha256 ${sha256})`);
    }
    await rename(partial, final);
    this.options.emit({
      kind: "updateDownloaded",
      version: notice.version,
      path: final,
      bytes,
      requests,
      resumedFrom,
    });
  }
}

/** One readable line per update event, for the box's log. */
export function describeUpdateEvent(event: UpdateEvent): string {
  switch (event.kind) {
    case "updateAvailable":
      return `update available: «${event.name}» ${event.version} (${event.size} bytes), downloading`;
    case "updateDownloaded":
      return `update ${event.version} downloaded to ${event.path} (${event.bytes} bytes in ${event.requests} ranged request(s)${
        event.resumedFrom > 0 ? `, resumed from ${event.resumedFrom}` : ""
      }); not installed: installing is the hardware's business`;
    case "updateFailed":
      return `update ${event.version} failed: ${event.reason}`;
  }
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
