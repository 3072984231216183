import { loadConfig } from "../config.ts";
import { keepNewFilesOwnerOnly } from "../lib/private-data-dir.ts";
import { openDatabase } from "./client.ts";
import { DEMO_ACCOUNTS, DEMO_TARIFFS, seedDemoAccounts, seedDemoTariffs } from "./seed.ts";

/**
 * `npm run db:seed`: demo accounts of every role and the three demo tariffs
 * (lite, basic, pro) in the configured database,
 * for trying Фоника locally. Sign in with any of them by e-mail code; without
 * SMTP_URL the code appears in the server log.
 */
// What this writes into DATA_DIR is the server's alone (lib/private-data-dir.ts).
keepNewFilesOwnerOnly();
const config = loadConfig();
const database = await openDatabase(config);
try {
  const created = await seedDemoAccounts(database.db);
  for (const account of DEMO_ACCOUNTS) {
    const state = created.includes(account.email) ? "created" : "already there";
    console.log(`${account.email.padEnd(24)} ${account.role.padEnd(22)} ${state}`);
  }
  const tariffsMade = await seedDemoTariffs(database.db);
  for (const tariff of DEMO_TARIFFS) {
    const state = tariffsMade.includes(tariff.name) ? "created" : "already there";
    console.log(`tariff ${tariff.name.padEnd(17)} ${tariff.type.padEnd(22)} ${state}`);
  }
} finally {
  await database.close();
}
