import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { AppError, errors } from "../lib/app-error.ts";

/** An uploaded file, spooled to a temporary file while its hash was taken. */
export interface SpooledUpload {
  /** The temporary file; gone after `discard()` or a store's `putFile`. */
  path: string;
  size: number;
  /** SHA-256 of the content, hex. */
  sha256: string;
  /** The name the browser gave, for people only. */
  filename: string;
  /** The media type the browser claimed (the content decides, not this). */
  mimetype: string;
  /** Removes the temporary file; safe to call twice. */
  discard(): Promise<void>;
}

/** What a service is handed: it calls it after its permission checks. */
export type UploadSource = (limit: UploadLimit) => Promise<SpooledUpload>;

export interface UploadLimit {
  maxBytes: number;
  /** The Russian reason of the 413, e.g. 'Файл больше 200 МБ'. */
  tooLargeReason: string;
}

/**
 * Streams the multipart field `file` of a request to a temporary file under
 * `tempDir`, hashing it on the way: memory does not grow with the file.
 * Nothing is left behind when it fails (too large, aborted, disk full). A
 * body that is not the multipart it claims to be (no boundary, cut short,
 * garbage) is a 400 `validation-error`, not a server failure.
 */
export async function receiveUpload(
  request: FastifyRequest,
  tempDir: string,
  limit: UploadLimit,
): Promise<SpooledUpload> {
  const noFile = () =>
    errors.validation(
      "Прикрепите файл",
      "Expected multipart/form-data with a file in the field 'file'",
    );
  if (!request.isMultipart()) throw noFile();
  const part = await request
    .file({ limits: { fileSize: limit.maxBytes, files: 1 } })
    .catch((error: unknown) => {
      throw asMalformedBody(error);
    });
  if (part?.fieldname !== "file") {
    part?.file.resume();
    throw noFile();
  }
  if (part.filename.includes("\u0000")) {
    part.file.resume();
    throw errors.nulInText("file.filename");
  }
  try {
    return await spoolStream(part.file, tempDir, limit, {
      filename: part.filename,
      mimetype: part.mimetype,
      isTruncated: () => part.file.truncated,
    });
  } catch (error) {
    // The parser destroys the file's stream with its complaint about the
    // body (possibly before this code saw the stream); the disk's own
    // failures (full, unwritable) stay server errors.
    throw error === part.file.errored ? asMalformedBody(error) : error;
  }
}

/**
 * The multipart parser's own complaint about a body (busboy's plain
 * `Error`: "Unexpected end of multipart data", "Boundary not found", …)
 * as a 400; an error that already has its HTTP status (a limit's 413, an
 * AppError) is kept.
 */
function asMalformedBody(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (!(error instanceof Error)) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === "number") return error;
  return errors.validation(
    "Файл не получен целиком или повреждён при отправке. Попробуйте загрузить его ещё раз",
    `Malformed multipart body: ${error.message}`,
  );
}

/**
 * Streams `source` to a temporary file under `tempDir`, hashing it on the
 * way (memory does not grow with the file); more than `limit.maxBytes` is a
 * 413. Nothing is left behind when it fails (too large, aborted, disk full).
 * Uploads and the operator's import (npm run import) both come this way.
 */
export async function spoolStream(
  source: Readable,
  tempDir: string,
  limit: UploadLimit,
  meta: { filename: string; mimetype: string; isTruncated?: () => boolean },
): Promise<SpooledUpload> {
  await mkdir(tempDir, { recursive: true });
  const temporary = path.join(tempDir, randomUUID());
  const hash = createHash("sha256");
  let size = 0;
  const tooLarge = () =>
    new AppError(
      "payload-too-large",
      413,
      limit.tooLargeReason,
      `The file is over ${limit.maxBytes} bytes`,
    );
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(size > limit.maxBytes ? tooLarge() : null, chunk);
    },
  });
  const discard = () => rm(temporary, { force: true });
  try {
    await pipeline(source, tap, createWriteStream(temporary, { flags: "wx" }));
  } catch (error) {
    await discard();
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    throw error;
  }
  if (meta.isTruncated?.()) {
    await discard();
    throw tooLarge();
  }
  return {
    path: temporary,
    size,
    sha256: hash.digest("hex"),
    filename: meta.filename,
    mimetype: meta.mimetype,
    discard,
  };
}
