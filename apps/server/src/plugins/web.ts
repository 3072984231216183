import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { CONTENT_SECURITY_POLICY } from "./security-headers.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Whether the built web app is there to serve. */
    webAvailable: boolean;
    /**
     * Answers a page of the app at `pathname`: its prerendered HTML when
     * the build made one (a public page), else index.html, the shell the
     * app's router takes over.
     */
    sendWebPage(pathname: string, reply: FastifyReply): FastifyReply;
  }
}

/** The build's list of prerendered pages, path → file (apps/web/src/app/prerender/build.ts). */
const PRERENDERED_LIST = "prerendered/pages.json";

interface PrerenderedPage {
  file: string;
  /** The policy of every answer, with the page's own inline script and style allowed by hash. */
  policy: string;
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The contents of a page's inline elements (`<script>` without `src`, `<style>`). */
function inlineContents(html: string, tag: "script" | "style"): string[] {
  const pattern = new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, "g");
  return [...html.matchAll(pattern)]
    .filter((match) => !/\ssrc=/.test(match[1] ?? ""))
    .map((match) => match[2] ?? "")
    .filter((text) => text.length > 0);
}

/**
 * The Content-Security-Policy of a prerendered page: the policy of every
 * answer, plus the hash of each inline script and style of that page (its
 * critical CSS, the script that hides it from a browser with a session,
 * the one that switches its stylesheets on) and of nothing else. No
 * 'unsafe-inline': an injected script or style still runs nowhere.
 */
export function pagePolicy(html: string): string {
  const extra: Record<string, string[]> = {
    "script-src": inlineContents(html, "script").map(sha256),
    "style-src": inlineContents(html, "style").map(sha256),
  };
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, sources]) => [name, ...sources, ...(extra[name] ?? [])].join(" "))
    .join(";");
}

function readPrerendered(root: string): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  const list = path.join(root, PRERENDERED_LIST);
  if (!existsSync(list)) return pages;
  const files = JSON.parse(readFileSync(list, "utf8")) as Record<string, string>;
  for (const [pathname, file] of Object.entries(files)) {
    pages.set(pathname, { file, policy: pagePolicy(readFileSync(path.join(root, file), "utf8")) });
  }
  return pages;
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never,
 * and every other GET outside /api falls back to index.html (the app's
 * router takes it from there; see app-kernel.ts's not-found handler) —
 * except the public pages the build prerendered (the landing, sign-in, the
 * legal pages): their own HTML, with the visitor's markup the app hydrates.
 *
 * The build writes a brotli (.br) and a gzip (.gz) copy beside each text
 * file; `preCompressed` sends the one the client accepts (brotli first),
 * with the original's Content-Type, the copy's Content-Length and
 * `Vary: accept-encoding`, and the original when none fits. Nothing is
 * compressed per request. The copies get no routes of their own, nor do
 * the prerendered pages (only their paths serve them).
 */
export default fp(
  async function webPlugin(app: FastifyInstance) {
    const root = app.config.webDist;
    const available = existsSync(path.join(root, "index.html"));
    app.decorate("webAvailable", available);
    const prerendered = available ? readPrerendered(root) : new Map<string, PrerenderedPage>();
    app.decorate("sendWebPage", (pathname: string, reply: FastifyReply) => {
      const page = prerendered.get(pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);
      reply.header("cache-control", "no-cache").type("text/html");
      if (!page) return reply.sendFile("index.html");
      return reply.header("content-security-policy", page.policy).sendFile(page.file);
    });
    if (!available) {
      app.log.warn({ root }, "web app is not built: serving the API only (run npm run build)");
      return;
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ["**/*.br", "**/*.gz", "prerendered/**"],
      setHeaders: (response, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  },
  { name: "web" },
);
