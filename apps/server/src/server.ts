import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DatabaseLockedError } from "./db/client.ts";
import { keepNewFilesOwnerOnly, tightenTree } from "./lib/private-data-dir.ts";

/**
 * Starts Фоника: configuration → app → listen; closes cleanly on SIGTERM.
 * DATA_DIR is the server's alone: what it creates is owner-only (umask
 * 077), and an existing DATA_DIR open to other users is made owner-only
 * before anything uses it, with one warning.
 */
async function main() {
  keepNewFilesOwnerOnly();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const tightening = tightenTree(config.dataDir);

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      process.exit(75);
    }
    throw error;
  }
  if (tightening.tightened > 0) {
    app.log.warn(
      { dataDir: config.dataDir, entries: tightening.tightened, walked: tightening.walked },
      `DATA_DIR was open to other users: ${tightening.tightened} entries made owner-only`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const forced = setTimeout(() => {
      app.log.error("shutdown took longer than 15 s, exiting");
      process.exit(1);
    }, 15_000);
    forced.unref();
    try {
      await app.close();
      app.log.info("stopped");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while shutting down");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Фоника is running at ${config.publicUrl}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
