import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

// The year the public pages are prerendered in (src/lib/hydration.ts):
// one for the browser bundle and the prerender's (scripts/prerender.mjs passes
// the browser build's on).
process.env.VITE_BUILD_YEAR ??= String(new Date().getFullYear());

/** The API server of CONTRACT.md; the dev server forwards /api (and its websocket) there. */
const apiTarget = "http://localhost:8080";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // Brotli and gzip copies beside every text asset (index.html and the
    // public folder too), made once at build at the highest levels: the
    // server picks one per request (`preCompressed`) and never compresses
    // on the fly. Not for the prerender's own Node build (scripts/prerender.mjs),
    // which is run once and thrown away.
    !isSsrBuild && compression({ algorithms: ["brotliCompress", "gzip"] }),
  ],
  resolve: {
    alias: [
      // react-toastify's default entry injects its stylesheet as a <style>
      // element at run time, which the Content-Security-Policy (style-src
      // 'self') refuses. Its unstyled build is the same code without the
      // injection; main.tsx imports the stylesheet, so it ships as a file.
      // Every import goes through the alias, so `toast` and the container
      // share one store.
      { find: /^react-toastify$/, replacement: "react-toastify/unstyled" },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    // Which chunks and stylesheets each public page links (scripts/prerender.mjs
    // reads it, then removes it).
    manifest: true,
  },
}));
