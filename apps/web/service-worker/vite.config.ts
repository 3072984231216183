import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The web player's service worker, built apart from the app: one classic
 * script at the site's root (`/web-player-sw.js`, unhashed, served
 * `no-cache`), so that it can control /web-player and update with each
 * deployment (a few kilobytes: served as it is).
 */
export default defineConfig({
  publicDir: false,
  // Workbox keeps its development logging behind this; a worker has no `process`.
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: fileURLToPath(new URL("../dist", import.meta.url)),
    emptyOutDir: false,
    sourcemap: true,
    lib: {
      entry: fileURLToPath(new URL("web-player-sw.ts", import.meta.url)),
      formats: ["iife"],
      name: "fonikaWebPlayerWorker",
      fileName: () => "web-player-sw.js",
    },
  },
});
