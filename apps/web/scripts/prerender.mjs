// `npm run build`'s step after `vite build`: the public pages as HTML
// (src/app/prerender/build.ts). The app's render code is built for Node
// with Vite's own SSR build (the same config and aliases as the browser
// bundle), run once over the fresh dist, then thrown away.
import { rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Inside the repository's node_modules, so that the bundle's imports of
// react and the other packages resolve from there.
const outDir = path.resolve(webRoot, "../../node_modules/.cache/fonika-prerender");

const dist = path.join(webRoot, "dist");
// The browser bundle's year (vite.config.ts), not a new one should the
// year turn between the two builds: the hydrated footer must match.
process.env.VITE_BUILD_YEAR ??= String(statSync(path.join(dist, "index.html")).mtime.getFullYear());

const started = performance.now();
try {
  await build({
    root: webRoot,
    configFile: path.join(webRoot, "vite.config.ts"),
    logLevel: "warn",
    build: {
      ssr: "src/app/prerender/build.ts",
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
    },
  });
  const { prerenderPublicPages } = await import(pathToFileURL(path.join(outDir, "build.js")).href);
  const pages = await prerenderPublicPages(dist);
  for (const page of pages) {
    process.stdout.write(
      `prerendered ${page.path} → dist/${page.file} (${(page.bytes / 1024).toFixed(1)} kB)\n`,
    );
  }
  process.stdout.write(`prerendered in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
