// Compiles the server for `npm start` (issue 16: a restart in seconds): one
// ES module bundle of our TypeScript and the shared package
// (dist/server.mjs, not minified, its source map beside it), the packages of node_modules left
// as imports; beside it what the code finds next to itself at run time —
// PGlite's thread (pglite-worker.mjs) and the migrations. Run by
// scripts/build-if-changed.mjs; `tsx` remains for development and the CLIs.
import { cpSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, "dist");
const { dependencies } = JSON.parse(readFileSync(path.join(here, "package.json"), "utf8"));

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, "src/server.ts")],
  outfile: path.join(dist, "server.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  // Our workspace's shared package is TypeScript: bundled; every other package is imported.
  external: Object.keys(dependencies).filter((name) => name !== "@fonika/shared"),
  logLevel: "warning",
});
cpSync(path.join(here, "src/db/pglite-worker.mjs"), path.join(dist, "pglite-worker.mjs"));
cpSync(path.join(here, "src/db/migrations"), path.join(dist, "migrations"), { recursive: true });
