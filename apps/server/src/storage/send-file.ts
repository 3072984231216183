import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import parseRange from "range-parser";
import type { StoredFile } from "../kernel/stored-file.ts";
import { AppError, errors } from "../lib/app-error.ts";
import { withoutBidiControls } from "./file-name.ts";
import type { ByteRange, FileStore } from "./file-store.ts";

/**
 * How long a browser keeps a file whose bytes never change: a day, not a
 * year, and without `immutable`. These are clients' songs, floor plans and
 * support attachments: on a shared computer whoever sits down next can
 * read the browser's cache, so nothing stays there long after the session
 * that fetched it. A day still spares the network a song played on repeat;
 * the web player's own offline cache (its service worker) is deliberate
 * and is not governed by this header.
 */
export const FILE_CACHE_SECONDS = 24 * 60 * 60;

/**
 * The one file answer of the product (audio, covers, attachments), from
 * either store: ETag with If-None-Match → 304, Accept-Ranges, a single
 * `bytes=` range (first-last, open `a-`, suffix `-n`) → 206 with exactly
 * those bytes, an unsatisfiable one → 416, If-Range honoured. A Range the
 * server cannot read is ignored and the whole file is sent (RFC 9110 §14.2).
 */
export async function sendStoredFile(
  store: FileStore,
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
): Promise<FastifyReply> {
  const etag = `"${file.etag}"`;
  try {
    return await sendFileAnswer(store, request, reply, file, etag);
  } catch (error) {
    // An error answer is JSON to read, not a file to save.
    reply.removeHeader("content-disposition");
    throw error;
  }
}

async function sendFileAnswer(
  store: FileStore,
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  etag: string,
): Promise<FastifyReply> {
  if (file.disposition) {
    reply.header(
      "content-disposition",
      contentDisposition(file.disposition.type, file.disposition.fileName),
    );
  }
  reply.header("accept-ranges", "bytes");
  reply.header("etag", etag);
  reply.header(
    "cache-control",
    file.caching === "immutable" ? `private, max-age=${FILE_CACHE_SECONDS}` : "private, no-cache",
  );
  if (matchesEtag(request.headers["if-none-match"], etag)) {
    return reply.code(304).send();
  }

  const range = requestedRange(request, file.size, etag);
  if (range === "unsatisfiable") {
    reply.header("content-range", `bytes */${file.size}`);
    throw new AppError(
      "range-not-satisfiable",
      416,
      "Запрошенный фрагмент файла не существует",
      `Range ${request.headers.range} is outside 0-${file.size - 1}`,
    );
  }
  const stream = await store.open(file.key, range);
  if (!stream) {
    request.log.error({ key: file.key }, "a stored file is missing");
    throw errors.notFound("File");
  }
  reply.type(file.contentType);
  if (range) {
    reply.code(206);
    reply.header("content-range", `bytes ${range.start}-${range.end}/${file.size}`);
    reply.header("content-length", String(range.end - range.start + 1));
  } else {
    reply.header("content-length", String(file.size));
  }
  if (request.method === "HEAD") {
    stream.destroy();
    // Fastify's HEAD route keeps our Content-Length only for a stream payload.
    return reply.send(Readable.from([]));
  }
  return reply.send(stream);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  // Weak comparison (RFC 9110 §13.1.2): W/"x" matches "x".
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function requestedRange(
  request: FastifyRequest,
  size: number,
  etag: string,
): ByteRange | "unsatisfiable" | undefined {
  const header = request.headers.range;
  if (!header || (request.method !== "GET" && request.method !== "HEAD")) return undefined;
  const ifRange = request.headers["if-range"];
  // If-Range with a date or another tag: the client's copy is stale, send it all.
  if (ifRange && String(ifRange).trim() !== etag) return undefined;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return "unsatisfiable";
  // Malformed, or several ranges at once (no browser sends them): the whole file.
  if (ranges === -2 || ranges.type !== "bytes" || ranges.length !== 1) return undefined;
  const [only] = ranges;
  return only ? { start: only.start, end: only.end } : undefined;
}

/**
 * A Content-Disposition with the file's name for every browser: an ASCII
 * `filename` (other characters as `_`) and the exact one in `filename*`
 * (RFC 6266, RFC 8187) — without bidi controls, whatever the stored name
 * holds, so that a save dialog shows the name as it is.
 */
export function contentDisposition(type: "attachment" | "inline", storedName: string): string {
  const fileName = withoutBidiControls(storedName);
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
