import { randomUUID } from "node:crypto";
import { createReadStream, open as openCallback } from "node:fs";
import {
  chmod,
  copyFile,
  mkdir,
  readdir,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { promisify } from "node:util";

/** The largest piece a stored file is read in (one syscall a piece). */
const READ_CHUNK_BYTES = 256 * 1024;

const openDescriptor = promisify(openCallback);

/** A byte range of a stored file, both ends included (HTTP's convention). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where every stored file of the product lives: audio, covers, avatars,
 * attachments. Keys are relative paths (`audio/ab/abcdef…`). A directory
 * under DATA_DIR by default; an S3-compatible bucket when configured, so
 * that processes on several machines share one library.
 */
export interface FileStore {
  readonly kind: "local" | "s3";
  /**
   * Stores the finished file at `localPath` under `key` and removes
   * `localPath`. Readers see the whole file or none of it.
   */
  putFile(key: string, localPath: string, contentType: string): Promise<void>;
  /** Stores a copy of the file at `localPath`, which stays where it is (the import's files). */
  copyIn(key: string, localPath: string, contentType: string): Promise<void>;
  /** Stores a small file held in memory (covers, avatars). */
  putBuffer(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /**
   * Opens the file, or a range of it, for reading; undefined when there is
   * no such file. A missing file is found here, before any byte is sent.
   */
  open(key: string, range?: ByteRange): Promise<Readable | undefined>;
  exists(key: string): Promise<boolean>;
  /**
   * Runs `work` with the path of a seekable local file holding the stored
   * file, for tools that need a file rather than a stream (ffmpeg: an MP4
   * whose index follows its audio cannot be read from a pipe). Answers what
   * `work` answered; undefined, without running it, when there is no such
   * file. The local store hands over its own file (no copy); a remote store
   * streams the object to a temporary file first and removes it when `work`
   * ends, whatever happened. `work` must not change or remove the file, and
   * must be done with it when its promise settles. Rejects when the file
   * cannot be read (storage, network, disk) or `work` rejects, and with the
   * signal's reason when `signal` aborts before `work` begins (a copy in
   * progress stops); once `work` runs, stopping it is `work`'s business.
   */
  withLocalFile<T>(
    key: string,
    work: (path: string) => Promise<T>,
    options?: { signal?: AbortSignal },
  ): Promise<T | undefined>;
  /** Removes the file; removing a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Every key under a prefix (`audio/`), for sweeps and checks. */
  list(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The key of a file stored by its content: `prefix/ab/abcdef…` (the first
 * two hex digits spread files over folders). Equal content, one file.
 */
export function contentKey(prefix: string, sha256: string): string {
  return `${prefix}/${sha256.slice(0, 2)}/${sha256}`;
}

/** The content hash at the end of a content-addressed key: the file's ETag. */
export function hashOfKey(key: string): string {
  return key.slice(key.lastIndexOf("/") + 1);
}

/** Refuses keys that could leave the store's root. */
export function assertSafeKey(key: string): void {
  if (
    !/^[a-z0-9][a-z0-9/._-]*$/i.test(key) ||
    key.split("/").some((part) => part === ".." || part === "")
  ) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/**
 * The file store in a directory (DATA_DIR/files). Atomic writes: the data is
 * written (or uploaded) to a temporary file on the same file system first
 * and then renamed into place.
 */
export class LocalFileStore implements FileStore {
  readonly kind = "local" as const;

  constructor(
    private readonly root: string,
    /** Where putBuffer writes before its rename: on the same file system as root. */
    private readonly tempDir: string,
  ) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(localPath, target);
  }

  async copyIn(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(this.tempDir, { recursive: true });
    const temporary = path.join(this.tempDir, randomUUID());
    try {
      await copyFile(localPath, temporary);
      // A copy keeps its source's mode (an operator's 0644 file); a stored
      // file is the server's alone, whatever the umask (lib/private-data-dir.ts).
      await chmod(temporary, 0o600);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async putBuffer(key: string, data: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(this.tempDir, { recursive: true });
    // Unique: two puts of one content-addressed key may run at once.
    const temporary = path.join(this.tempDir, randomUUID());
    try {
      await writeFile(temporary, data, { flag: "wx" });
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async open(key: string, range?: ByteRange): Promise<Readable | undefined> {
    try {
      // A descriptor, not a FileHandle: a FileHandle's stream reads through
      // promises, and served about a fifth fewer random 256 KB ranges than
      // fs.createReadStream's callbacks (npm run bench, Range streaming).
      const fd = await openDescriptor(this.pathOf(key), "r");
      // A range read in one piece up to 256 KiB (a player's usual range):
      // a quarter of the reads and writes of the stream's default 64 KiB.
      const highWaterMark = Math.min(
        range ? range.end - range.start + 1 : READ_CHUNK_BYTES,
        READ_CHUNK_BYTES,
      );
      return createReadStream("", {
        fd,
        highWaterMark: Math.max(highWaterMark, 1),
        ...(range ? { start: range.start, end: range.end } : {}),
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  }

  async withLocalFile<T>(
    key: string,
    work: (path: string) => Promise<T>,
    options: { signal?: AbortSignal } = {},
  ): Promise<T | undefined> {
    const file = this.pathOf(key);
    if (!(await this.exists(key))) return undefined;
    options.signal?.throwIfAborted();
    return work(file);
  }

  async remove(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const folder = path.join(this.root, prefix);
    try {
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(this.root, path.join(entry.parentPath, entry.name)))
        .map((key) => key.split(path.sep).join("/"))
        .sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  async close(): Promise<void> {}
}

/** Reads a whole small stored file (tests, thumbnails); never for audio. */
export async function readSmallFile(store: FileStore, key: string): Promise<Buffer | undefined> {
  const stream = await store.open(key);
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
