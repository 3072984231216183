import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The server's tests make data directories, uploads and web builds under
 * the system's temporary directory, and a test that fails half-way leaves
 * its own behind. All of them go into one directory per run, removed when
 * the run ends, whatever happened.
 */
export default function setup(): () => void {
  const runDir = mkdtempSync(path.join(tmpdir(), "fonika-tests-"));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = runDir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(runDir, { recursive: true, force: true });
  };
}
