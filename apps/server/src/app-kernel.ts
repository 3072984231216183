import { randomUUID } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyBaseLogger, LogController } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import pino, { type Logger } from "pino";
import type { Config } from "./config.ts";
import { AppError } from "./lib/app-error.ts";
import { loggerOptions } from "./lib/logging.ts";
import authPlugin from "./plugins/auth.ts";
import busPlugin from "./plugins/bus.ts";
import controlPlugin from "./plugins/control.ts";
import dbPlugin from "./plugins/db.ts";
import errorsPlugin from "./plugins/errors.ts";
import metricsPlugin from "./plugins/metrics.ts";
import notificationsPlugin from "./plugins/notifications.ts";
import openapiPlugin from "./plugins/openapi.ts";
import realtimePlugin from "./plugins/realtime.ts";
import securityHeadersPlugin from "./plugins/security-headers.ts";
import storagePlugin from "./plugins/storage.ts";
import webPlugin from "./plugins/web.ts";
import { rateLimitStore } from "./realtime/redis.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildOptions {
  /** A pino logger to write to; by default one at config.logLevel on stdout. */
  logger?: Logger;
}

/**
 * The app before its modules: Fastify with its request ids, logging and
 * closing, and the plugins every module stands on (security headers,
 * errors, OpenAPI, rate limits, the database, the bus, metrics, tokens,
 * mail, files, the operator's control, the player socket's registry, the
 * SPA). app.ts composes the modules' faces on it (docs/architecture.md).
 */
export async function createKernel(config: Config, options: BuildOptions) {
  const app = Fastify({
    loggerInstance: (options.logger ?? pino(loggerOptions(config))) as FastifyBaseLogger,
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // A player reads a song range by range, dozens of requests a song: a
    // pair of log lines each would drown the log and cost a streamed range
    // a tenth of its time (the metrics count them; a failure is still
    // logged by the errors plugin).
    logController: new LogController({ disableRequestLogging: isFileDownload }),
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // Opening the database runs migrations, which may take long on a big
    // library or a busy machine; Fastify's default would give up after 10 s.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // Closing lets the answers in flight finish, but not for ever: a player
  // reading a song slowly, or a client that stopped reading, would hold it
  // open and the database would never be closed. After the grace the rest
  // are cut (a player asks again with a Range) and the onClose hooks run.
  let cutConnections: NodeJS.Timeout | undefined;
  app.addHook("preClose", async () => {
    cutConnections = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
    cutConnections.unref();
  });
  app.addHook("onClose", async () => clearTimeout(cutConnections));

  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(openapiPlugin);
  await app.register(rateLimit, { global: false, ...(await rateLimitStore(app, config.redisUrl)) });
  await app.register(dbPlugin);
  await app.register(busPlugin);
  // Before every route, so that its hooks time them all.
  await app.register(metricsPlugin);
  await app.register(authPlugin);
  await app.register(notificationsPlugin);
  await app.register(storagePlugin);
  await app.register(controlPlugin);
  await app.register(realtimePlugin);
  await app.register(webPlugin);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (request.method === "GET" && !pathname.startsWith("/api/") && app.webAvailable) {
      return app.sendWebPage(pathname, reply);
    }
    // The errors plugin writes the body, as for every other failure.
    throw new AppError("not-found", 404, "Не найдено", `No route ${request.method} ${pathname}`);
  });

  return app;
}

/** Whether a request is for a file answer (a song's Range, a cover, an attachment). */
function isFileDownload(request: unknown): boolean {
  const route = (request as { routeOptions?: { config?: { files?: { download?: unknown } } } })
    .routeOptions;
  return route?.config?.files?.download !== undefined;
}

/** How long closing waits for answers in flight before it cuts them. */
export const CLOSE_GRACE_MS = 5_000;
