// The thread of bare-fastify.mjs: the embedded database with the product's
// engine, extensions and settings, answering `select 1` per message.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

const db = await PGlite.create(workerData.directory, {
  extensions: { pg_trgm, unaccent },
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "work_mem=2MB"],
});
parentPort.on("message", async (id) => {
  const result = await db.query("select 1 as one");
  parentPort.postMessage({ id, one: result.rows[0].one });
});
parentPort.postMessage("ready");
