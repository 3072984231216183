import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compare, figureLine, load, startBenchApp, verdictLine } from "./support.ts";

/**
 * `npm run bench`, the music library (issue 6), each figure beside its
 * baseline in the same run:
 *   - Range streaming: random 256 KB ranges of a 10 MB song through
 *     GET /music/song/{id}/file (token, song look-up, storage, headers)
 *     against Node's own http server piping fs.createReadStream of the
 *     same stored file. Target ≥ 0.8×.
 */

const STREAM_TARGET = 0.8;
const FILE_BYTES = 10 * 1024 * 1024;
const RANGE_BYTES = 256 * 1024;

/** A WAVE file of `bytes` of noise: real audio the library accepts, of an exact size. */
function noiseWave(bytes: number): Buffer {
  const dataBytes = bytes - 44;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(bytes - 8, 4);
  header.write("WAVEfmt ", 8, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(2, 22); // stereo
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, randomBytes(dataBytes)]);
}

/** Node's own file server: a Range request answered by fs.createReadStream, nothing else. */
function plainFileServer(file: string, size: number): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const match = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? "");
    const start = match ? Number(match[1]) : 0;
    const end = match ? Math.min(Number(match[2]), size - 1) : size - 1;
    response.writeHead(match ? 206 : 200, {
      "content-type": "audio/wav",
      "content-length": end - start + 1,
      ...(match ? { "content-range": `bytes ${start}-${end}/${size}` } : {}),
    });
    createReadStream(file, { start, end }).pipe(response);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}/file` });
    }),
  );
}

async function measureStreaming(): Promise<boolean> {
  const bench = await startBenchApp(undefined);
  try {
    const manager = await bench.signInAs("role-content-manager");
    const client = await bench.signInAs("role-client");
    const form = new FormData();
    form.append("file", new Blob([noiseWave(FILE_BYTES)], { type: "audio/wav" }), "noise.wav");
    const added = await fetch(`${bench.base}/api/v1/music/song/add`, {
      method: "POST",
      headers: { authorization: `Bearer ${manager.token}` },
      body: form,
    });
    const { song } = (await added.json()) as { song: { id: string } };
    const [key] = await bench.app.storage.files.list("audio/");
    if (!key) throw new Error("The uploaded song is not in storage");
    const plain = await plainFileServer(path.join(bench.dataDir, "files", key), FILE_BYTES);
    process.env.BENCH_FILE_SIZE = String(FILE_BYTES);
    process.env.BENCH_RANGE_BYTES = String(RANGE_BYTES);
    const setupRequest = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      "random-range.cjs",
    );
    try {
      const { baseline, product } = await compare(
        () => load(plain.url, { setupRequest }),
        () =>
          load(`${bench.base}/api/v1/music/song/${song.id}/file`, {
            headers: { authorization: `Bearer ${client.token}` },
            setupRequest,
          }),
      );
      const ratio = product.bytesPerSecond / baseline.bytesPerSecond;
      const ok = ratio >= STREAM_TARGET && product.errors === 0 && baseline.errors === 0;
      console.log(
        "  Range streaming, random 256 KB ranges of a 10 MB song (embedded PGlite, local files)",
      );
      console.log(figureLine("baseline: http + fs.createReadStream", baseline, "MB/s"));
      console.log(figureLine("product: GET /music/song/{id}/file", product, "MB/s"));
      console.log(verdictLine(ratio, STREAM_TARGET, ok));
      return ok;
    } finally {
      plain.server.close();
    }
  } finally {
    await bench.close();
  }
}

console.log("Music library");
let missed = 0;
if (!(await measureStreaming())) missed++;
process.exit(missed > 0 ? 1 : 0);
