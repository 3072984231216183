import { APP_TOKENS_KEY } from "../../lib/auth/token-storage.ts";

/**
 * Hides a prerendered page from a browser that holds a session: that page
 * is what a visitor sees, and main.tsx renders such a browser's app anew
 * (the guard's loader, then the start screen) and shows the page again.
 * Inline and first in <head>, so that it runs before anything is painted;
 * the server allows it by its hash (apps/server/src/plugins/web.ts).
 */
export const SESSION_HIDE_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(APP_TOKENS_KEY)})||sessionStorage.getItem(${JSON.stringify(APP_TOKENS_KEY)}))document.documentElement.style.visibility="hidden"}catch(e){}`;

export interface PageParts {
  /** The built index.html: the entry script, its modulepreloads and stylesheets, an empty #root. */
  shell: string;
  /** The route's markup (render.tsx), placed inside #root. */
  markup: string;
  /** The tab's title, as the app names it once running. */
  title: string;
  /** The route's own chunks, fetched beside the entry instead of after it. */
  modulePreloads: readonly string[];
  /** The route's own stylesheets, which the app would otherwise link once its chunk loads. */
  stylesheets: readonly string[];
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

const escapeAttribute = (text: string) => escapeHtml(text).replaceAll('"', "&quot;");

function replaceOnce(html: string, search: string | RegExp, replacement: string): string {
  const found = typeof search === "string" ? html.includes(search) : search.test(html);
  if (!found) throw new Error(`the page lacks ${String(search)}`);
  return html.replace(search, () => replacement);
}

/**
 * A public page before its critical CSS is inlined: the shell with the
 * route's markup in #root, its title, the session-hiding script, and the
 * route's chunks and stylesheets linked in <head> (after the entry's, in
 * the order the app would add them).
 */
export function composePage({
  shell,
  markup,
  title,
  modulePreloads,
  stylesheets,
}: PageParts): string {
  // React sets a `style` prop through the CSSOM in the browser, but as HTML
  // it is an attribute, which the page's policy (no 'unsafe-inline') refuses.
  const styled = /<[a-z][^>]*\sstyle="/.exec(markup);
  if (styled) {
    throw new Error(
      `prerendered markup sets a style attribute (${styled[0]}…): size it by a class`,
    );
  }
  const links = [
    ...modulePreloads.map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`,
    ),
    ...stylesheets.map(
      (href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`,
    ),
  ];
  let html = replaceOnce(
    shell,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(title)}</title>\n    <script>${SESSION_HIDE_SCRIPT}</script>`,
  );
  html = replaceOnce(html, "</head>", `${links.map((link) => `  ${link}\n  `).join("")}</head>`);
  return replaceOnce(html, '<div id="root"></div>', `<div id="root">${markup}</div>`);
}

/** What the app needs once the page is painted, in the order it is to be linked. */
export interface AppAssets {
  entry: string;
  modulePreloads: readonly string[];
  stylesheets: readonly string[];
}

/**
 * Starts the app after the page's first paint (a frame, then a task after
 * it): links the whole stylesheets (in their cascade order, before any a
 * screen adds later) and the app's chunks, then imports its entry. Inline,
 * allowed by its hash like the session-hiding script.
 */
export function startScript({ entry, modulePreloads, stylesheets }: AppAssets): string {
  const link = (rel: string, hrefs: readonly string[]) =>
    `${JSON.stringify(hrefs)}.forEach(function(u){var l=document.createElement("link");l.rel="${rel}";l.crossOrigin="";l.href=u;document.head.appendChild(l)});`;
  return `requestAnimationFrame(function(){setTimeout(function(){${link("stylesheet", stylesheets)}${link("modulepreload", modulePreloads)}import(${JSON.stringify(entry)})})})`;
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
/** A stylesheet beasties deferred (its `media-script` strategy): its critical rules are inline. */
const DEFERRED_STYLESHEET =
  /<link rel="stylesheet" crossorigin href="([^"]+)" media="print" data-beasties-media="all">/g;
const DEFERRED_STYLESHEETS_SCRIPT =
  /<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script>/;

/**
 * The page as the server sends it, from the page with its critical CSS
 * inlined (beasties): it paints from its HTML and that CSS alone, and
 * nothing else is fetched before (every request would compete with the
 * paint): the app's scripts and the whole stylesheets are left to the
 * start script. Without JavaScript the stylesheets still come (beasties'
 * <noscript> links).
 */
export function deferApp(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error("the page lacks its entry script");
  const modulePreloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? "");
  const stylesheets = [...html.matchAll(DEFERRED_STYLESHEET)].map((match) => match[1] ?? "");
  const deferred = html
    .replace(ENTRY_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace(DEFERRED_STYLESHEET, "")
    .replace(DEFERRED_STYLESHEETS_SCRIPT, "");
  if (
    /<link rel="(stylesheet|modulepreload)"(?![^<]*<\/noscript>)|data-beasties-media/.test(deferred)
  ) {
    throw new Error("the page still links a stylesheet or a chunk before its first paint");
  }
  return replaceOnce(
    deferred,
    `<script>${SESSION_HIDE_SCRIPT}</script>`,
    `<script>${SESSION_HIDE_SCRIPT}</script>\n    <script>${startScript({ entry, modulePreloads, stylesheets })}</script>`,
  );
}
