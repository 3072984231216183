// `npm start`'s first step (issue 16: a restart in seconds): builds the web
// app and compiles the server only when what each is built from changed
// since its last build. What each is built from is hashed (contents, not
// times; tests left out) and the hash kept beside its build (`.build-hash`
// in its dist folder). `--force` builds both regardless.
//
// Reading and hashing every source (10 MB) is most of this step's time, so
// the sources' names, sizes and modification times are kept too
// (`.build-stat`): when they are all as they were at the last check, the
// contents are not read again. A file touched but not changed is hashed
// once and then known by its new time.
//
// Run as a script (`node scripts/build-if-changed.mjs`) or imported:
// scripts/start.mjs calls `buildIfChanged()` and then serves in the same
// process.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SHARED = ["packages/shared/src", "packages/shared/package.json", "package-lock.json"];
const TARGETS = [
  {
    name: "web app",
    dist: "apps/web/dist",
    sources: ["apps/web", ...SHARED],
    command: ["npm", "run", "build", "-w", "@fonika/web"],
  },
  {
    name: "server",
    dist: "apps/server/dist",
    sources: ["apps/server/src", "apps/server/build.mjs", "apps/server/package.json", ...SHARED],
    command: ["node", "apps/server/build.mjs"],
  },
];
const SKIPPED = new Set(["dist", "node_modules", ".vite", "coverage", "test"]);

/** Every file under the sources, in a stable order, skipping outputs and tests. */
function filesOf(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) return filesOf(child);
      return /\.test\.tsx?$/.test(entry.name) ? [] : [child];
    });
}

/** Names, sizes and modification times of the files: equal when none was touched. */
function statOf(files) {
  const hash = createHash("sha256");
  for (const file of files) {
    const { size, mtimeMs } = statSync(path.join(root, file));
    hash.update(`${file}\0${size}\0${mtimeMs}\0`);
  }
  return hash.digest("hex");
}

function contentHashOf(files) {
  const hash = createHash("sha256");
  for (const file of files) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  }
  return hash.digest("hex");
}

const readStamp = (file) => (existsSync(file) ? readFileSync(file, "utf8").trim() : "");

/** Builds each target whose sources changed since its last build (all with `force`). */
export function buildIfChanged({ force = false, log = (line) => process.stdout.write(line) } = {}) {
  for (const target of TARGETS) {
    const files = target.sources.flatMap(filesOf);
    const stamp = path.join(root, target.dist, ".build-hash");
    const statStamp = path.join(root, target.dist, ".build-stat");
    const stat = statOf(files);
    const built = readStamp(stamp);
    if (!force && built && readStamp(statStamp) === stat) {
      log(`${target.name}: unchanged since its last build\n`);
      continue;
    }
    const current = contentHashOf(files);
    if (!force && built === current) {
      writeFileSync(statStamp, `${stat}\n`);
      log(`${target.name}: unchanged since its last build\n`);
      continue;
    }
    const [program, ...args] = target.command;
    const result = spawnSync(program, args, { cwd: root, stdio: "inherit" });
    if (result.status !== 0) {
      throw new Error(`building the ${target.name} failed (exit ${result.status ?? "signal"})`);
    }
    writeFileSync(stamp, `${current}\n`);
    writeFileSync(statStamp, `${stat}\n`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    buildIfChanged({ force: process.argv.includes("--force") });
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
