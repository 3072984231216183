// `npm start`'s first step (issue 16: a restart in seconds): builds the web
// app and compiles the server only when what each is built from changed
// since its last build. What each is built from is hashed (contents, not
// times; tests left out) and the hash kept beside its build (`.build-hash`
// in its dist folder). `--force` builds both regardless.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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

for (const target of TARGETS) {
  const hash = createHash("sha256");
  for (const file of target.sources.flatMap(filesOf)) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  }
  const current = hash.digest("hex");
  const stamp = path.join(root, target.dist, ".build-hash");
  const built = existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : "";
  if (built === current && !process.argv.includes("--force")) {
    process.stdout.write(`${target.name}: unchanged since its last build\n`);
    continue;
  }
  const [program, ...args] = target.command;
  const result = spawnSync(program, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, `${current}\n`);
}
