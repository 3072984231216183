import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Gauge } from "prom-client";
import { AppError, errors } from "../lib/app-error.ts";

/** What the product's modules count, read once per scrape (each module adds its readers). */
export interface ProductFigures {
  playersOnline: number;
  playersPlaying: number;
  /** Silence alerts raised and not yet cleared. */
  silenceAlertsOpen: number;
  /** Songs waiting for their loudness to be measured. */
  loudnessQueue: number;
}

export interface Metrics {
  /**
   * Adds a reader of some of the product's figures (the module that counts
   * them adds it while it is built). Every reader is read at each scrape,
   * together; each should cost a query or two, since Prometheus asks
   * every few seconds. A figure no reader gives is never set.
   */
  addFigures(read: () => Promise<Partial<ProductFigures>>): void;
  /**
   * Counts a device's play report the broadcast history refused, by the
   * history's reason (a short fixed word: one series each). Of this
   * process, like the requests it answered.
   */
  countPlayReportRefused(reason: string): void;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Where Prometheus scrapes, on the main port. */
export const METRICS_PATH = "/metrics";

/** The route label of a request that matched no route: raw URLs would grow the label set without end. */
export const UNMATCHED_ROUTE = "unmatched";

/**
 * GET /metrics in Prometheus's text format, behind METRICS_TOKEN (a bearer
 * token); unset, there is no metrics endpoint: it answers 404 as any
 * unknown path does. Figures are of this process (requests, sockets, pool,
 * uploads, bus lag, refused play reports, Node's own), except the product's counts (players,
 * alerts, loudness queue), which every process reads alike from the
 * database: scrape each process directly, not through the load balancer.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance) {
    const token = app.config.metricsToken;
    if (!token) {
      app.decorate("metrics", {
        addFigures: () => undefined,
        countPlayReportRefused: () => undefined,
      } satisfies Metrics);
      app.get(METRICS_PATH, { schema: { hide: true } }, async () => {
        throw new AppError("not-found", 404, "Не найдено", `No route GET ${METRICS_PATH}`);
      });
      return;
    }

    // Loaded only where metrics are asked for (issue 16, memory).
    const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = await import(
      "prom-client"
    );
    // A registry per app: several apps (tests, benches) may share a process.
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const registers = [registry];
    const requests = new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route template and status",
      labelNames: ["method", "route", "status"] as const,
      registers,
    });
    const durations = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method and route template",
      labelNames: ["method", "route"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    const playReportsRefused = new Counter({
      name: "fonika_play_reports_refused_total",
      help: "Devices' play reports the broadcast history refused, by reason",
      labelNames: ["reason"] as const,
      registers,
    });
    const gauge = (name: string, help: string) => new Gauge({ name, help, registers });
    const socketsOpen = gauge("fonika_sockets_open", "Player sockets this process holds, admitted");
    const uploads = gauge(
      "fonika_uploads_in_progress",
      "Multipart uploads this process is receiving or storing",
    );
    const poolTotal = gauge("fonika_db_pool_total", "Database connections open in the pool");
    const poolIdle = gauge("fonika_db_pool_idle", "Database connections open and idle");
    const poolWaiting = gauge(
      "fonika_db_pool_waiting",
      "Queries waiting for a database connection",
    );
    const busLag = gauge(
      "fonika_bus_lag_seconds",
      "Delay of the event bus from publish to delivery (0: in-process)",
    );
    const product = {
      playersOnline: gauge("fonika_players_online", "Players whose device is connected"),
      playersPlaying: gauge("fonika_players_playing", "Players online and playing"),
      silenceAlertsOpen: gauge(
        "fonika_silence_alerts_open",
        "Silence alerts raised and not cleared",
      ),
      loudnessQueue: gauge("fonika_loudness_queue", "Songs waiting for loudness measurement"),
    } satisfies Record<keyof ProductFigures, Gauge>;
    const figureReaders: (() => Promise<Partial<ProductFigures>>)[] = [];
    app.decorate("metrics", {
      addFigures: (read) => {
        figureReaders.push(read);
      },
      countPlayReportRefused: (reason) => playReportsRefused.inc({ reason }),
    } satisfies Metrics);

    let uploadsInProgress = 0;
    app.addHook("onRequest", async (request, reply) => {
      if (!isMultipart(request)) return;
      uploadsInProgress++;
      // Once, whether answered or cut off by the client.
      reply.raw.once("close", () => uploadsInProgress--);
    });
    app.addHook("onResponse", async (request, reply) => {
      const route = routeOf(request);
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });

    const expected = digest(`Bearer ${token}`);
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      const given = request.headers.authorization;
      if (!given || !timingSafeEqual(digest(given), expected)) {
        throw errors.unauthorized("GET /metrics needs Authorization: Bearer METRICS_TOKEN");
      }
      socketsOpen.set(app.realtime.openSockets());
      uploads.set(uploadsInProgress);
      const pool = app.database.poolStats();
      poolTotal.set(pool.total);
      poolIdle.set(pool.idle);
      poolWaiting.set(pool.waiting);
      busLag.set(app.bus.lagSeconds());
      if (figureReaders.length > 0) {
        try {
          const read = await Promise.all(figureReaders.map((reader) => reader()));
          for (const [name, value] of read.flatMap((figures) => Object.entries(figures))) {
            if (value !== undefined) product[name as keyof ProductFigures].set(value);
          }
        } catch (error) {
          // The database is away: the other figures (its pool above all) still
          // answer; these read NaN, unknown, never a zero that looks like a fact.
          request.log.error({ err: error }, "metrics: product figures unreadable");
          for (const figure of Object.values(product)) figure.set(Number.NaN);
        }
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: "metrics", dependencies: ["db", "bus"] },
);

/** The route template that answered (`/api/v1/songs/:id`), never the raw URL. */
function routeOf(request: FastifyRequest): string {
  return request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
}

function isMultipart(request: FastifyRequest): boolean {
  return (request.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/");
}

/** Equal-length digests, so that comparing them takes the same time whatever was sent. */
function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}
