import { loadConfig } from "../config.ts";
import { keepNewFilesOwnerOnly } from "../lib/private-data-dir.ts";
import { openDatabase } from "./client.ts";

/**
 * `npm run db:migrate`: brings the configured database (DATABASE_URL or the
 * embedded one in DATA_DIR) up to date without starting the server. The
 * server does the same at every start; this is for deploy pipelines.
 */
// What this writes into DATA_DIR is the server's alone (lib/private-data-dir.ts).
keepNewFilesOwnerOnly();
const config = loadConfig();
const database = await openDatabase(config);
await database.close();
console.log(`${database.kind === "postgres" ? "PostgreSQL" : "Embedded database"} is up to date.`);
