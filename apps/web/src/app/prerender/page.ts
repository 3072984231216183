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
  if (!found) throw new Error(`the built index.html lacks ${String(search)}`);
  return html.replace(search, () => replacement);
}

/**
 * A public page as the server sends it, before its critical CSS is
 * inlined: the shell with the route's markup in #root, its title, the
 * session-hiding script, and the route's chunks and stylesheets linked in
 * <head> (after the entry's, in the order the app would add them).
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
