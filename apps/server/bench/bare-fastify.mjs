// The process bench's baseline (run by process.ts; plain JavaScript, no
// tsx): a bare Fastify process on the same embedded database, opened in the
// same way as the product's (PostgreSQL in WebAssembly with the same
// extensions and shared buffers) in its own thread (bare-fastify-db.mjs).
// One route, GET /api/v1/health, asks it `select 1`. Reads PORT and DATA_DIR.
import path from "node:path";
import { Worker } from "node:worker_threads";
import Fastify from "fastify";

const worker = new Worker(new URL("./bare-fastify-db.mjs", import.meta.url), {
  workerData: { directory: path.join(process.env.DATA_DIR ?? ".", "db") },
});
const waiting = new Map();
let lastId = 0;
worker.on("error", (error) => {
  console.error(error);
  process.exit(1);
});
worker.on("message", (message) => {
  if (message === "ready") return void start();
  waiting.get(message.id)?.(message.one);
  waiting.delete(message.id);
});

async function start() {
  const app = Fastify();
  app.get("/api/v1/health", async () => {
    const id = ++lastId;
    const one = await new Promise((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage(id);
    });
    return { status: "ok", one };
  });
  await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
}
process.on("SIGTERM", () => process.exit(0));
