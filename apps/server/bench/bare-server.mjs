// A bare Node http server in its own process, for baselines and for the
// loader's own ceiling (run by support.ts; plain JavaScript, no tsx):
//   node bare-server.mjs file <path> <size> [chunk]  Range answers from fs.createReadStream
//                                            (read in pieces of `chunk` bytes; Node's 64 KiB by default)
//   node bare-server.mjs memory <bytes>      a body of that size from memory, whatever is asked
//   node bare-server.mjs json                a small JSON answer, like /health
// It writes its port on the first line of its output and serves until killed.
import { createReadStream } from "node:fs";
import { createServer } from "node:http";
import { Readable } from "node:stream";

const [mode, first, second, third] = process.argv.slice(2);

function fileHandler(file, size, chunk) {
  return (request, response) => {
    const match = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? "");
    const start = match ? Number(match[1]) : 0;
    const end = match ? Math.min(Number(match[2]), size - 1) : size - 1;
    response.writeHead(match ? 206 : 200, {
      "content-type": "audio/wav",
      "content-length": end - start + 1,
      ...(match ? { "content-range": `bytes ${start}-${end}/${size}` } : {}),
    });
    createReadStream(file, { start, end, ...(chunk ? { highWaterMark: chunk } : {}) }).pipe(
      response,
    );
  };
}

function memoryHandler(bytes) {
  const chunk = 64 * 1024;
  const pieces = [];
  for (let offset = 0; offset < bytes; offset += chunk) {
    pieces.push(Buffer.alloc(Math.min(chunk, bytes - offset), 7));
  }
  // Shaped like the file answer: a 206 when a range is asked, and the body
  // piped in 64 KB pieces, with the same backpressure; only the disk is
  // missing. (autocannon reaches ten times more when the body is written
  // at once: its ceiling must be measured on the shape it will meet.)
  return (request, response) => {
    const ranged = Boolean(request.headers.range);
    response.writeHead(ranged ? 206 : 200, {
      "content-type": "application/octet-stream",
      "content-length": bytes,
      ...(ranged ? { "content-range": `bytes 0-${bytes - 1}/${bytes}` } : {}),
    });
    Readable.from(pieces, { objectMode: false }).pipe(response);
  };
}

function jsonHandler() {
  return (_request, response) => {
    response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    response.end('{"status":"ok"}');
  };
}

const handler =
  mode === "file"
    ? fileHandler(first, Number(second), third ? Number(third) : undefined)
    : mode === "memory"
      ? memoryHandler(Number(first))
      : mode === "json"
        ? jsonHandler()
        : undefined;
if (!handler) {
  console.error(`bare-server: unknown mode ${mode}`);
  process.exit(2);
}
const server = createServer(handler);
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
