import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type Database, type DatabaseHandle, openDatabase } from "../db/client.ts";
import { startMaintenance } from "../db/maintenance.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/**
 * How often the embedded database may look for tables to vacuum
 * (autovacuum's naptime); it looks only if rows were written since its
 * last look, or an hour has passed.
 */
const MAINTENANCE_EVERY_MS = 60_000;

/**
 * Opens the database (migrating it) and closes it last on shutdown. The
 * embedded one gets the vacuuming PostgreSQL's autovacuum would do.
 */
export default fp(
  async function dbPlugin(app: FastifyInstance) {
    const handle = await openDatabase({
      dataDir: app.config.dataDir,
      databaseUrl: app.config.databaseUrl,
    });
    app.log.info({ kind: handle.kind }, "database ready");
    app.decorate("database", handle);
    app.decorate("db", handle.db);
    let maintenance: ReturnType<typeof startMaintenance> | undefined;
    if (handle.kind === "pglite") {
      app.addHook("onReady", async () => {
        maintenance = startMaintenance(handle.db, app.log, {
          everyMs: MAINTENANCE_EVERY_MS,
          rowsWritten: handle.rowsWritten,
          countersMissPast: !handle.createdNow,
        });
      });
    }
    app.addHook("onClose", async () => {
      await maintenance?.stop();
      await handle.close();
    });
  },
  { name: "db" },
);
