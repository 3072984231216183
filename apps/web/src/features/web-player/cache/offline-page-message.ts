/**
 * What the web player's page and its service worker say to each other
 * (issue 31), in a module of its own without the DOM or the shared
 * package, so that the worker's bundle stays a few kilobytes.
 *
 * On the first load the page came from the network before the worker
 * existed, so the worker had kept neither the page nor its assets: a
 * screen rebooted in an outage showed the browser's error. Once the worker
 * runs, the page names its address and every asset it loaded (including
 * the route's lazy chunks), and the worker keeps them.
 */

export const PAGE_CACHE = "fonika-web-player-page-v1";
export const ASSET_CACHE = "fonika-assets-v1";
export const PLAN_CACHE = "fonika-plan-v1";

export const KEEP_PAGE = "fonika.keep-page";

export interface KeepPageMessage {
  type: typeof KEEP_PAGE;
  /** The page's path and query, e.g. `/web-player`. */
  page: string;
  /** Paths of the hashed assets it loaded, each under `/assets/`. */
  assets: string[];
}

/** The worker's answer: whether the page and every asset are kept. */
export interface PageKeptMessage {
  kept: boolean;
}

const ASSET = /^\/assets\/[\w.-]+$/;

/** Whether `data` asks to keep the web player's page and only its own assets. */
export function isKeepPageMessage(data: unknown): data is KeepPageMessage {
  if (typeof data !== "object" || data === null) return false;
  const message = data as Partial<KeepPageMessage>;
  return (
    message.type === KEEP_PAGE &&
    typeof message.page === "string" &&
    /^\/web-player(?:[/?]|$)/.test(message.page) &&
    Array.isArray(message.assets) &&
    message.assets.length <= 500 &&
    message.assets.every((asset) => typeof asset === "string" && ASSET.test(asset))
  );
}
