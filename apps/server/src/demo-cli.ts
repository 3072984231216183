import { ConfigError, loadConfig } from "./config.ts";
import { DemoRefusal, runDemo } from "./demo/demo.ts";
import { DemoStepError } from "./demo/demo-api.ts";
import { keepNewFilesOwnerOnly } from "./lib/private-data-dir.ts";

/**
 * `npm run demo`: fills an empty embedded database (DATA_DIR) with the demo
 * of demo/demo.ts and says how to hear it. Refuses, changing nothing, when
 * DATABASE_URL is set or the database already holds a user. The server
 * must be stopped (one process per DATA_DIR).
 */
let config: ReturnType<typeof loadConfig>;
try {
  // What this writes into DATA_DIR is the server's alone (lib/private-data-dir.ts).
  keepNewFilesOwnerOnly();
  config = loadConfig({ LOG_LEVEL: "error", ...process.env });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(2);
}

const started = performance.now();
try {
  const report = await runDemo(config, { onProgress: (line) => console.log(line) });
  console.log(`Готово за ${((performance.now() - started) / 1000).toFixed(1)} с.

В библиотеке ${report.songIds.length} сгенерированных треков (свободны от авторских прав),
тариф «Демо» с плейлистами «Демо: день» (08:00–20:00) и «Демо: вечер» (20:00–08:00),
клиент с заведением в Москве, активной подпиской и веб-плеером «Зал».

Как услышать музыку:
  1. npm start
  2. Откройте ${config.publicUrl} и войдите как клиент: ${report.accounts.client}
     (без SMTP_URL код входа пишется в лог сервера: строка «Sign-in code»).
  3. Откройте страницу плеера ${report.playerUrl}
     и нажмите «Играть в этом браузере».
     Или откройте ${report.webPlayerUrl} на другом экране и подтвердите его код в кабинете.

Сотрудники демо: администратор ${report.accounts.admin}, контент-менеджер ${report.accounts.contentManager}.`);
} catch (error) {
  if (error instanceof DemoRefusal) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    console.error(error instanceof DemoStepError ? `Демо не удалось: ${error.message}` : error);
    process.exitCode = 2;
  }
}
