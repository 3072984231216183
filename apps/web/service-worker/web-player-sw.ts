/// <reference lib="webworker" />
import { createPartialResponse } from "workbox-range-requests";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import {
  ASSET_CACHE,
  isKeepPageMessage,
  PAGE_CACHE,
  type PageKeptMessage,
  PLAN_CACHE,
} from "../src/features/web-player/cache/offline-page-message.ts";

/**
 * The web player's service worker (issue 14), scoped to /web-player: it
 * keeps the player page and its assets (those of the first load too, as
 * the page names them), the player's plan, and answers
 * `<audio>` from the songs the page cached for an outage — Range requests
 * included, cut from the whole cached file. Cache keys never hold a
 * token: the song's address is looked up without its query.
 *
 * Cache names are shared with the page (features/web-player/cache).
 */

declare const self: ServiceWorkerGlobalScope;

const AUDIO_CACHE = "fonika-audio-v1";
const API = "/api/v1";
const SONG_FILE = new RegExp(`^${API}/music/song/[0-9a-f-]{36}/file$`);
const PLAN = new RegExp(`^${API}/music/player/[0-9a-f-]{36}/plan$`);

self.addEventListener("install", () => {
  void self.skipWaiting();
});
self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

/**
 * The page names itself and the assets it loaded before this worker ran
 * (the first load): they are fetched and kept, the assets not kept yet
 * only, and the page answers on the message's port whether all are.
 */
self.addEventListener("message", (event) => {
  if (!isKeepPageMessage(event.data)) return;
  const { page, assets } = event.data;
  const answer = (kept: boolean) => event.ports[0]?.postMessage({ kept } satisfies PageKeptMessage);
  event.waitUntil(
    keepPage(page, assets).then(
      () => answer(true),
      () => answer(false),
    ),
  );
});

async function keepPage(page: string, assets: string[]): Promise<void> {
  const assetCache = await caches.open(ASSET_CACHE);
  const missing: string[] = [];
  for (const asset of assets) if (!(await assetCache.match(asset))) missing.push(asset);
  await assetCache.addAll(missing);
  const pageCache = await caches.open(PAGE_CACHE);
  try {
    await pageCache.add(page);
  } catch (error) {
    // Loaded in an outage, from what was kept: it stays kept.
    if (!(await pageCache.match(page))) throw error;
  }
}

/** A song's file: from the cache when kept (206 for a Range), else from the network as it is. */
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === "GET" && SONG_FILE.test(url.pathname),
  async ({ url, request }) => {
    const cache = await caches.open(AUDIO_CACHE);
    const kept = await cache.match(`${url.origin}${url.pathname}`);
    if (!kept) return fetch(request);
    if (request.headers.has("range")) return createPartialResponse(request, kept);
    return kept;
  },
);

/** The player's plan: fresh when the server answers within 4 s, the last one kept otherwise. */
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === "GET" && PLAN.test(url.pathname),
  new NetworkFirst({ cacheName: PLAN_CACHE, networkTimeoutSeconds: 4 }),
);

/** The page itself, so that a reload or a reboot during an outage still plays. */
registerRoute(
  ({ request, url }) => request.mode === "navigate" && url.pathname.startsWith("/web-player"),
  new NetworkFirst({ cacheName: PAGE_CACHE, networkTimeoutSeconds: 4 }),
);

/** Hashed assets never change under their name. */
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === "GET" &&
    url.pathname.startsWith("/assets/"),
  new CacheFirst({ cacheName: ASSET_CACHE }),
);
