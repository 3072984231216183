import { parseArgs } from "node:util";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { keepNewFilesOwnerOnly } from "./lib/private-data-dir.ts";

/**
 * `npm run repair-tags [-- --dry-run]`: repairs the titles, artists, albums
 * and genres of songs stored while tags in cp1251 or UTF-8 were read as
 * Latin-1 (see modules/songs/tag-repair.ts), and prints how many changed
 * with a few examples. Running it again changes nothing. On the embedded
 * database the server must be stopped (one process per DATA_DIR); on
 * PostgreSQL it may keep running.
 */
const FIELD_NAMES = {
  title: "название",
  artists: "исполнители",
  album: "альбом",
  genre: "жанр",
} as const;

/** Mojibake of UTF-8 holds C1 control characters: shown as escapes, never sent to the terminal. */
const printable = (text: string) =>
  text.replace(/\p{Cc}/gu, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

const USAGE = "Использование: npm run repair-tags [-- --dry-run]";
let values: { "dry-run"?: boolean; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { "dry-run": { type: "boolean" }, help: { type: "boolean", short: "h" } },
  }));
} catch {
  console.error(USAGE);
  process.exit(2);
}
if (values.help) {
  console.error(USAGE);
  process.exit(0);
}

let config: ReturnType<typeof loadConfig>;
try {
  // What this writes into DATA_DIR is the server's alone (lib/private-data-dir.ts).
  keepNewFilesOwnerOnly();
  config = loadConfig({ LOG_LEVEL: "error", ...process.env, LOUDNESS_WORKER: "off" });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(2);
}
const app = await buildApp(config);
await app.ready();
try {
  const report = await app.modules.library.repairStoredTags({
    dryRun: values["dry-run"] ?? false,
    onProgress: (done) => process.stderr.write(`\rПросмотрено песен: ${done}`),
  });
  process.stderr.write("\n");
  const { fields } = report;
  console.log(
    `${report.dryRun ? "Пробный запуск, ничего не изменено. Было бы исправлено" : "Исправлено"}: ` +
      `песен ${report.songsChanged} из ${report.songs} ` +
      `(названий ${fields.title}, исполнителей ${fields.artists}, альбомов ${fields.album}), ` +
      `жанров ${fields.genre} (переименовано ${report.genresRenamed}, ` +
      `слито с уже существующими ${report.genresMerged}).`,
  );
  if (report.examples.length > 0) {
    console.log("Например:");
    for (const example of report.examples) {
      console.log(
        `  ${FIELD_NAMES[example.field]}: «${printable(example.before)}» → «${printable(example.after)}»`,
      );
    }
  }
} finally {
  await app.close();
}
