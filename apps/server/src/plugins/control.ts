import { rmSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { controlSocketPath, listenForControl } from "../backup/control-socket.ts";
import { takeSnapshot } from "../backup/snapshot.ts";

/**
 * With the embedded database, the process that holds it listens on
 * DATA_DIR/control.sock for `npm run backup` (backup/control-socket.ts):
 * a snapshot of one instant into a folder under DATA_DIR/tmp, while it
 * serves. On PostgreSQL there is nothing to listen for: pg_dump does it.
 */
export default fp(
  async function controlPlugin(app: FastifyInstance) {
    if (app.database.kind !== "pglite") return;
    const { dataDir } = app.config;
    const staging = path.join(dataDir, "tmp");
    const server = await listenForControl(dataDir, async (request) => {
      const target = path.resolve(request.target);
      // Under DATA_DIR/tmp only: where the stored files can be linked and the sweep finds leftovers.
      if (!target.startsWith(`${staging}${path.sep}`)) {
        throw new Error(`A snapshot goes under ${staging}`);
      }
      const started = performance.now();
      const manifest = await takeSnapshot(app.database, dataDir, target, {
        localFiles: app.storage.files.kind === "local",
      });
      app.log.info(
        { parts: manifest.parts, ms: Math.round(performance.now() - started) },
        "backup snapshot taken",
      );
      return manifest;
    });
    app.addHook("onClose", async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(controlSocketPath(dataDir), { force: true });
    });
  },
  { name: "control", dependencies: ["db", "storage"] },
);
