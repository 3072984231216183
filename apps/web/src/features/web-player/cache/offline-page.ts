import { API_BASE, endpointPath, type PlayerPlan, playerPlanApi } from "@fonika/shared";
import {
  KEEP_PAGE,
  type KeepPageMessage,
  type PageKeptMessage,
  PLAN_CACHE,
} from "./offline-page-message.ts";

/**
 * The web player's service worker, and the page kept for an outage from
 * its first load on (issue 31): a screen that reboots while the network
 * or the server is gone starts from what the worker kept.
 */

const SERVICE_WORKER = "/web-player-sw.js";
/** How long the page waits for its worker to keep the page. */
const WAIT_MS = 30_000;

/**
 * Registers the worker and, once it runs, has it keep the page's address
 * and every asset this load used (the route's lazy chunks included).
 * Resolves with whether all are kept; false without a worker (an old
 * browser, a private window) or when it failed.
 *
 * It waits for the worker of its own registration, neither for the page
 * to be controlled nor for `navigator.serviceWorker.ready`: a page the
 * owner reached by the app's own navigation ("Играть в этом браузере")
 * began outside the worker's scope, so neither comes until it reloads.
 */
export async function keepPageForOutage(): Promise<boolean> {
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container) return false;
  try {
    const worker = await activeWorker(
      await container.register(SERVICE_WORKER, { scope: "/web-player" }),
    );
    if (!worker) return false;
    return await ask(worker, {
      type: KEEP_PAGE,
      page: `${location.pathname}${location.search}`,
      assets: loadedAssets(),
    });
  } catch (error) {
    console.warn("The web player's page could not be kept for an outage", error);
    return false;
  }
}

/**
 * Keeps the plan just read where the worker answers it from in an outage:
 * a page the worker does not control yet (the first load) reads the plan
 * past it, and a reload offline would find none.
 */
export async function keepPlan(plan: PlayerPlan): Promise<void> {
  if (typeof caches === "undefined") return;
  const path = endpointPath(playerPlanApi.getPlayerPlan.path, { id: plan.playerId });
  const cache = await caches.open(PLAN_CACHE);
  await cache.put(
    `${location.origin}${API_BASE}${path}`,
    new Response(JSON.stringify(plan), { headers: { "content-type": "application/json" } }),
  );
}

/** The page's own hashed assets it loaded so far (scripts, styles, fonts), once each. */
function loadedAssets(): string[] {
  const paths = new Set<string>();
  for (const entry of performance.getEntriesByType("resource")) {
    const url = new URL(entry.name);
    if (url.origin === location.origin && url.pathname.startsWith("/assets/")) {
      paths.add(url.pathname);
    }
  }
  return [...paths];
}

/** The registration's worker once it is active; null when it failed to install or after WAIT_MS. */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  if (registration.active) return Promise.resolve(registration.active);
  const coming = registration.installing ?? registration.waiting;
  if (!coming) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), WAIT_MS);
    coming.addEventListener("statechange", () => {
      if (coming.state !== "activated" && coming.state !== "redundant") return;
      clearTimeout(timer);
      resolve(coming.state === "activated" ? coming : null);
    });
  });
}

function ask(worker: ServiceWorker, message: KeepPageMessage): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), WAIT_MS);
    channel.port1.onmessage = (event: MessageEvent<PageKeptMessage>) => {
      clearTimeout(timer);
      resolve(event.data.kept === true);
    };
    worker.postMessage(message, [channel.port2]);
  });
}
