import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type FileStore, LocalFileStore } from "../storage/file-store.ts";
import { S3FileStore } from "../storage/s3-file-store.ts";
import {
  receiveUpload,
  type SpooledUpload,
  spoolStream,
  type UploadLimit,
} from "../storage/upload.ts";

export interface Storage {
  /** Where every stored file lives (DATA_DIR/files or the S3 bucket). */
  files: FileStore;
  /** Spools a request's multipart `file` to a temporary file (see receiveUpload). */
  receive(request: FastifyRequest, limit: UploadLimit): Promise<SpooledUpload>;
  /** Spools any stream to a temporary file, hashed (see spoolStream). */
  spool(
    source: Readable,
    limit: UploadLimit,
    meta: { filename: string; mimetype: string },
  ): Promise<SpooledUpload>;
}

declare module "fastify" {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** A temporary upload older than this is a leftover of a crash and is removed. */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * The storage module: the file store chosen by the configuration (a
 * directory under DATA_DIR, or S3 when S3_BUCKET is set), multipart
 * parsing, and the temporary folder uploads stream into (and, with S3,
 * the copies of objects that tools need as local files). Temporary files
 * left by a crash are swept at start and hourly.
 */
export default fp(
  async function storagePlugin(app: FastifyInstance) {
    const tempDir = path.join(app.config.dataDir, "tmp", "uploads");
    // Copies of stored files for tools that need a local file (ffmpeg): apart
    // from uploads, so that what a request leaves behind can be told from them.
    const copiesDir = path.join(app.config.dataDir, "tmp", "copies");
    const files: FileStore = app.config.s3
      ? new S3FileStore(app.config.s3, copiesDir)
      : new LocalFileStore(path.join(app.config.dataDir, "files"), tempDir);
    app.log.info({ kind: files.kind }, "file storage ready");

    await app.register(multipart, {
      // One file per request; a few small fields at most; nothing buffered.
      limits: { files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12, headerPairs: 100 },
    });
    app.decorate("storage", {
      files,
      receive: (request, limit) => receiveUpload(request, tempDir, limit),
      spool: (source, limit, meta) => spoolStream(source, tempDir, limit, meta),
    } satisfies Storage);

    let sweeper: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      const sweep = () => Promise.all([sweepStaleUploads(tempDir), sweepStaleUploads(copiesDir)]);
      await sweep();
      sweeper = setInterval(() => {
        sweep().catch((error: unknown) =>
          app.log.warn({ err: error }, "sweeping temporary uploads failed"),
        );
      }, SWEEP_EVERY_MS);
      sweeper.unref();
    });
    app.addHook("onClose", async () => {
      clearInterval(sweeper);
      await files.close();
    });
  },
  { name: "storage" },
);

/**
 * Removes temporary uploads older than a day. Younger ones may belong to an
 * upload in progress (of this or another process sharing DATA_DIR).
 */
async function sweepStaleUploads(tempDir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(tempDir);
  } catch {
    return;
  }
  const now = Date.now();
  for (const name of names) {
    const file = path.join(tempDir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_UPLOAD_MS) await rm(file, { force: true });
  }
}
