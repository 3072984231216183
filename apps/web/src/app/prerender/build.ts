import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import Beasties from "beasties";
import { ROUTES, type RouteDefinition } from "../../config/routes.ts";
import { documentTitleOf } from "../route-guard.tsx";
import { composePage, deferApp } from "./page.ts";
import { renderRoute } from "./render.tsx";

/**
 * The public pages, prerendered at build (`npm run build`, after
 * `vite build`: scripts/prerender.mjs): the open routes a visitor reaches,
 * each with the module of its screen (router.tsx loads the same), whose
 * chunk and stylesheets the page links from the start. The web player is
 * not one: it is a venue's device page, whose first view depends on the
 * device session its browser keeps.
 */
export const PUBLIC_PAGES: readonly { route: RouteDefinition; screen: string }[] = [
  { route: ROUTES.Home, screen: "src/app/routes/landing/home.tsx" },
  { route: ROUTES.Auth, screen: "src/app/routes/auth/sign-in.tsx" },
  { route: ROUTES.Offer, screen: "src/app/routes/legal/offer.tsx" },
  { route: ROUTES.Ppd, screen: "src/app/routes/legal/ppd.tsx" },
  { route: ROUTES.Policy, screen: "src/app/routes/legal/policy.tsx" },
];

/** Where the pages go inside the build, and the list the server reads (path → file). */
export const PRERENDERED_DIR = "prerendered";
export const PRERENDERED_LIST = `${PRERENDERED_DIR}/pages.json`;

/** One chunk of Vite's build manifest (`build.manifest`). */
export interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/** A chunk's files and every file of the chunks it imports, as site paths. */
function closureOf(manifest: BuildManifest, key: string): { scripts: string[]; css: string[] } {
  const scripts: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = manifest[name];
    if (!chunk) throw new Error(`the build manifest lacks ${name}`);
    scripts.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const file of chunk.css ?? []) css.push(`/${file}`);
  };
  visit(key);
  return { scripts, css: [...new Set(css)] };
}

/**
 * What a screen's page links beyond the entry's own (index.html links
 * those): its chunk and the chunks it imports, and their stylesheets.
 */
export function screenAssets(
  manifest: BuildManifest,
  screen: string,
): { modulePreloads: string[]; stylesheets: string[] } {
  const entry = closureOf(manifest, "index.html");
  const own = closureOf(manifest, screen);
  return {
    modulePreloads: own.scripts.filter((file) => !entry.scripts.includes(file)),
    stylesheets: own.css.filter((file) => !entry.css.includes(file)),
  };
}

/** The file of a page inside the build: `/` → prerendered/index.html, `/auth` → prerendered/auth.html. */
export function pageFileOf(route: RouteDefinition): string {
  const name = route.path === "/" ? "index" : route.path.slice(1).replaceAll("/", "-");
  return `${PRERENDERED_DIR}/${name}.html`;
}

/** A text file with its brotli and gzip copies, as vite.config.ts's compression leaves every other. */
function writeWithCopies(file: string, text: string): void {
  const bytes = Buffer.from(text, "utf8");
  writeFileSync(file, bytes);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
}

/**
 * Renders each public page into the built app in `dist`: the route's
 * markup in #root, and the CSS that markup uses inlined in <head>
 * (beasties), so that it paints from its HTML alone; the whole stylesheets
 * and the app's scripts are fetched once it has painted (page.ts
 * `deferApp`). Writes the list the server serves them by, and drops the
 * build manifest (a build input, not a page). Answers the pages written,
 * with their sizes.
 */
export async function prerenderPublicPages(
  dist: string,
): Promise<{ path: string; file: string; bytes: number }[]> {
  const shell = readFileSync(path.join(dist, "index.html"), "utf8");
  const manifestFile = path.join(dist, ".vite", "manifest.json");
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as BuildManifest;
  const beasties = new Beasties({
    path: dist,
    publicPath: "/",
    preload: "media-script",
    pruneSource: false,
    inlineFonts: false,
    preloadFonts: false,
    logLevel: "warn",
  });
  mkdirSync(path.join(dist, PRERENDERED_DIR), { recursive: true });
  const written: { path: string; file: string; bytes: number }[] = [];
  for (const { route, screen } of PUBLIC_PAGES) {
    const page = composePage({
      shell,
      markup: await renderRoute(route.path),
      title: documentTitleOf(route),
      ...screenAssets(manifest, screen),
    });
    const html = deferApp(await beasties.process(page));
    const file = pageFileOf(route);
    writeWithCopies(path.join(dist, file), html);
    written.push({ path: route.path, file, bytes: Buffer.byteLength(html) });
  }
  const list = Object.fromEntries(written.map((page) => [page.path, page.file]));
  writeFileSync(path.join(dist, PRERENDERED_LIST), `${JSON.stringify(list, null, 2)}\n`);
  rmSync(path.join(dist, ".vite"), { recursive: true, force: true });
  return written;
}
