import { statSync } from "node:fs";
import path from "node:path";
import { BackupError, backup, restore } from "./backup/archive.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { keepNewFilesOwnerOnly } from "./lib/private-data-dir.ts";

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` (backup/archive.ts):
 * the embedded database's live rows (a logical dump: nothing deleted comes
 * back), the stored files and the signing secret of DATA_DIR, in one
 * archive, while the server runs; back into an empty DATA_DIR. Exit 2 with
 * what to do instead when it cannot.
 */
const [command, file] = process.argv.slice(2);
if ((command !== "backup" && command !== "restore") || !file) {
  console.error("Использование: npm run backup -- ФАЙЛ   |   npm run restore -- ФАЙЛ");
  process.exit(2);
}

try {
  // What this writes into DATA_DIR is the server's alone (lib/private-data-dir.ts).
  keepNewFilesOwnerOnly();
  const config = loadConfig({ LOG_LEVEL: "error", ...process.env });
  const archive = path.resolve(file);
  const started = performance.now();
  if (command === "backup") {
    const manifest = await backup(config, archive);
    const megabytes = (statSync(archive).size / 1024 / 1024).toFixed(1);
    console.log(
      `Резервная копия ${archive}: ${manifest.parts.join(", ")}, ${megabytes} МБ, ` +
        `${Math.round(performance.now() - started)} мс`,
    );
  } else {
    const manifest = await restore(config, archive);
    console.log(
      `Восстановлено в ${config.dataDir} из копии от ${manifest.createdAt}: ${manifest.parts.join(", ")}. ` +
        "Запустите сервер: npm start",
    );
  }
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
