import path from "node:path";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { keepNewFilesOwnerOnly } from "./lib/private-data-dir.ts";

/**
 * `npm run import -- DIR [--folder NAME]`: imports a catalog that exists on
 * disk into the library (see modules/library/songs/library-import.ts), with a
 * progress bar, rate and time left, and the files it could not read listed
 * at the end. Ctrl+C stops after the files in hand; running it again
 * carries on without duplicates. On the embedded database the server must
 * be stopped (one process per DATA_DIR); on PostgreSQL it may keep running.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { folder: { type: "string" }, help: { type: "boolean", short: "h" } },
});
const [directory] = positionals;
if (!directory || values.help) {
  console.error("Использование: npm run import -- ПАПКА [--folder ИМЯ_ПАПКИ_В_РАЗДЕЛЕ_ТРЕКИ]");
  process.exit(directory || values.help ? 0 : 2);
}

let config: ReturnType<typeof loadConfig>;
try {
  // Loudness is measured by the server later; the import keeps both cores for itself.
  // What this writes into DATA_DIR is the server's alone (lib/private-data-dir.ts).
  keepNewFilesOwnerOnly();
  config = loadConfig({ LOG_LEVEL: "error", ...process.env, LOUDNESS_WORKER: "off" });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(2);
}
const app = await buildApp(config);
await app.ready();

const stop = new AbortController();
process.once("SIGINT", () => {
  console.error("\nОстанавливаюсь после файлов в работе… (запустите снова, чтобы продолжить)");
  stop.abort();
});
const bar = new SingleBar({
  format:
    "{bar} {percentage}% | {value}/{total} файлов | {rate} файлов/с | осталось {eta_formatted}",
  etaBuffer: 50,
  hideCursor: true,
  stream: process.stderr,
  // Without a terminal (a deploy log), a line every few seconds.
  noTTYOutput: true,
  notTTYSchedule: 5_000,
});
const started = performance.now();
let barStarted = false;
try {
  const report = await app.modules.library.importFromDisk({
    // npm runs the script inside the workspace: a relative path means where the command was typed.
    directory: path.resolve(process.env.INIT_CWD ?? process.cwd(), directory),
    folder: values.folder,
    signal: stop.signal,
    onProgress: (progress) => {
      if (!barStarted) {
        bar.start(progress.total, 0, { rate: "0.0" });
        barStarted = true;
      }
      const seconds = (performance.now() - started) / 1000;
      bar.update(progress.done, { rate: (progress.done / seconds).toFixed(1) });
    },
  });
  bar.stop();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${report.stopped ? "Остановлено" : "Готово"} за ${seconds.toFixed(1)} с: ` +
      `добавлено ${report.added}, уже были в библиотеке ${report.known}, ` +
      `не прочитаны ${report.failed}, пропущено не аудио ${report.ignored}.`,
  );
  if (report.failures.length > 0) {
    console.log("Не удалось прочитать:");
    for (const failure of report.failures) console.log(`  ${failure.file}: ${failure.reason}`);
  }
  process.exitCode = report.stopped ? 130 : 0;
} finally {
  bar.stop();
  await app.close();
}
