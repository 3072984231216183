import { mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { makeDatabaseTemplate } from "./database-template.ts";

/** The run's directory, once made: set in the main process, which every worker inherits. */
const RUN_DIR = "FONIKA_TEST_RUN_DIR";

/**
 * The server's tests make data directories, uploads and web builds under
 * the system's temporary directory, and a test that fails half-way leaves
 * its own behind. All of them go into one directory per run, removed when
 * the run ends, whatever happened. The database every test server starts
 * from is migrated here once (database-template.ts).
 */
export default async function setup(): Promise<() => Promise<void>> {
  // The box player's project names this setup too: in a run of both, vitest
  // calls it once per project (serially, before any test), and the second
  // call finds the run's directory and template made (a migration saved).
  if (process.env[RUN_DIR]) return async () => {};
  const runDir = mkdtempSync(path.join(scratchBase(), "fonika-tests-"));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = runDir;
  process.env[RUN_DIR] = runDir;
  const removeTemplate = await makeDatabaseTemplate(runDir);
  return async () => {
    await removeTemplate();
    delete process.env[RUN_DIR];
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(runDir, { recursive: true, force: true });
  };
}

/** Room a run needs at its peak: two workers' servers, each a 41 MB database copy plus uploads. */
const RUN_NEEDS_BYTES = 2 * 1024 ** 3;

/**
 * Where the run's directory goes: memory (/dev/shm) when the machine has
 * room there, else the system's temporary directory. Each test server starts
 * from a copy of the template database, 1 200 files: on this VM's disk a copy
 * took 0.7 s of kernel time and its removal 0.1 s, on tmpfs 0.06 s, a test
 * server's start most of its cost. A container's small /dev/shm (64 MB in
 * Docker) is passed over.
 */
function scratchBase(): string {
  if (process.env.TMPDIR) return tmpdir();
  try {
    const room = statfsSync("/dev/shm");
    if (room.bavail * room.bsize >= RUN_NEEDS_BYTES) return "/dev/shm";
  } catch {
    // no /dev/shm on this system
  }
  return tmpdir();
}
