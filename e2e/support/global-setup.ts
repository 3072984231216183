import { signInBootstrapAdmin } from "./accounts.ts";

/**
 * Runs once, after the server is up (Playwright starts `webServer` first):
 * the bootstrap administrator signs in here and nowhere else, and makes
 * each flow's own staff account from this session (accounts.ts).
 */
export default async function globalSetup(): Promise<void> {
  await signInBootstrapAdmin();
}
