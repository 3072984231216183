import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { makeDatabaseTemplate } from "./database-template.ts";

/**
 * The server's tests make data directories, uploads and web builds under
 * the system's temporary directory, and a test that fails half-way leaves
 * its own behind. All of them go into one directory per run, removed when
 * the run ends, whatever happened. The database every test server starts
 * from is migrated here once (database-template.ts).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const runDir = mkdtempSync(path.join(tmpdir(), "fonika-tests-"));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = runDir;
  const removeTemplate = await makeDatabaseTemplate(runDir);
  return async () => {
    await removeTemplate();
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(runDir, { recursive: true, force: true });
  };
}
