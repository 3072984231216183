import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type Database, type DatabaseHandle, openDatabase } from "../db/client.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/** Opens the database (migrating it) and closes it last on shutdown. */
export default fp(
  async function dbPlugin(app: FastifyInstance) {
    const handle = await openDatabase({
      dataDir: app.config.dataDir,
      databaseUrl: app.config.databaseUrl,
    });
    app.log.info({ kind: handle.kind }, "database ready");
    app.decorate("database", handle);
    app.decorate("db", handle.db);
    app.addHook("onClose", async () => {
      await handle.close();
    });
  },
  { name: "db" },
);
