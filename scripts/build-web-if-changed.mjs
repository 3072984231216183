// `npm start`'s first step: builds the web app only when what it is built
// from changed since the last build (issue 16: a restart in seconds). What
// it is built from: the web app's sources and configuration, the shared
// package's sources, and the lock file; their contents' hash is kept beside
// the build (`apps/web/dist/.build-hash`). `--force` builds regardless.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "apps/web/dist");
const stamp = path.join(dist, ".build-hash");
const SOURCES = ["apps/web", "packages/shared", "package-lock.json"];
const SKIPPED = new Set(["dist", "node_modules", ".vite", "coverage"]);

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

const hash = createHash("sha256");
for (const file of SOURCES.flatMap(filesOf)) {
  hash.update(file).update("\0").update(readFileSync(path.join(root, file))).update("\0");
}
const current = hash.digest("hex");
const built = existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : "";

if (built === current && !process.argv.includes("--force")) {
  process.stdout.write("web app: unchanged since its last build, not rebuilt\n");
} else {
  const result = spawnSync("npm", ["run", "build", "-w", "@fonika/web"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, `${current}\n`);
}
