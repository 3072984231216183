// The process bench's baseline (run by process.ts; plain JavaScript, no
// tsx): a bare Fastify process on the same embedded database, opened in the
// same way as the product's (PostgreSQL in WebAssembly with the same
// extensions and shared buffers), in its own thread. One route,
// GET /api/v1/health, asks it `select 1`. Reads PORT and DATA_DIR.
import path from "node:path";
import { Worker } from "node:worker_threads";
import Fastify from "fastify";

const dataDir = process.env.DATA_DIR ?? ".";
const worker = new Worker(
  `
  const { parentPort, workerData } = require("node:worker_threads");
  (async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
    const db = await PGlite.create(workerData.directory, {
      extensions: { pg_trgm, unaccent },
      startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "work_mem=2MB"],
    });
    parentPort.on("message", async (id) => {
      const result = await db.query("select 1 as one");
      parentPort.postMessage({ id, one: result.rows[0].one });
    });
    parentPort.postMessage("ready");
  })();
  `,
  { eval: true, workerData: { directory: path.join(dataDir, "db") } },
);
const waiting = new Map();
let lastId = 0;
worker.on("message", (message) => {
  if (message === "ready") return start();
  waiting.get(message.id)?.(message.one);
  waiting.delete(message.id);
});

async function start() {
  const app = Fastify();
  app.get("/api/v1/health", async () => {
    const id = ++lastId;
    const one = await new Promise((resolve) => waiting.set(id, resolve));
    return { status: "ok", one };
  });
  await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
}
process.on("SIGTERM", () => process.exit(0));
