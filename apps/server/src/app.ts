import { randomUUID } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import pino, { type Logger } from "pino";
import { registerClientModules } from "./app-clients.ts";
import type { Config } from "./config.ts";
import { AppError } from "./lib/app-error.ts";
import { loggerOptions } from "./lib/logging.ts";
import { createAccountDirectory, createAccounts } from "./modules/accounts/accounts.ts";
import { createAuth, createPlayerSessions } from "./modules/auth/auth.ts";
import { createEntitlement } from "./modules/entitlement/entitlement.ts";
import { createVenueDirectory } from "./modules/establishments/establishments.ts";
import type { PlayRecorder } from "./modules/history/history.ts";
import { createLeads } from "./modules/leads/leads.ts";
import { libraryRoutes } from "./modules/library/library.routes.ts";
import { createLibrary, type Library } from "./modules/library/library.ts";
import {
  createPlayerDirectory,
  type Players,
  type SilenceAlerts,
} from "./modules/players/players.ts";
import { createSubscriptionReads } from "./modules/subscriptions/subscriptions.ts";
import type { SupportAttachments } from "./modules/support/support.ts";
import { createSystem } from "./modules/system/system.ts";
import { createTariffGrants } from "./modules/tariffs/tariffs.ts";
import authPlugin from "./plugins/auth.ts";
import busPlugin from "./plugins/bus.ts";
import controlPlugin from "./plugins/control.ts";
import dbPlugin from "./plugins/db.ts";
import errorsPlugin from "./plugins/errors.ts";
import loudnessPlugin from "./plugins/loudness.ts";
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
    /** The library's services, for the operator's tools (npm run import) and benches. */
    library: Library;
    /** Where the player socket records what players play (the history module). */
    playRecorder: PlayRecorder;
    /** Players' silence alerts (issue 14): its sweep, for tests that drive it on a fake clock. */
    silenceAlerts: SilenceAlerts;
    /** Support's attachments (issue 15): their sweep, for tests that drive it on a fake clock. */
    supportAttachments: SupportAttachments;
    /**
     * The players' directory with their schedules' decisions, for tests
     * (what the player socket's `app.realtime.playerDirectory()` was).
     */
    playerDirectory: Players["socketDirectory"];
  }
}

export interface BuildOptions {
  /** A pino logger to write to; by default one at config.logLevel on stdout. */
  logger?: Logger;
}

/**
 * Builds the whole application (SPA, API, player socket) without listening:
 * plugins first, then modules. The caller listens and closes it.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
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
  // Who may play what: venues' active subscriptions and the grants under
  // them, read straight from their two modules' stores; everything that
  // plays or lists music asks it (issue 27).
  const grants = createTariffGrants(app.db);
  const subscriptionReads = createSubscriptionReads({ db: app.db });
  const entitlement = createEntitlement({
    licences: subscriptionReads.licences,
    grants,
    bus: app.bus,
  });
  // Venues are read by nearly every module (whose, names, zones); a device of a venue whose
  // explicit filter is on gets no explicit song.
  const venues = createVenueDirectory({ db: app.db, bus: app.bus });
  // What other modules read of players (the first of the players' three steps, players.ts):
  // the library lists a player's songs from it.
  const playerDirectory = createPlayerDirectory({ db: app.db, entitlement });
  // The library stands on the database and the files.
  const library = createLibrary({
    db: app.db,
    files: app.storage.files,
    maxUploadBytes: config.maxUploadBytes,
    bus: app.bus,
    players: playerDirectory,
    entitlement,
    explicitFilter: venues.explicitFilters,
    // Content managers see which tariffs hold a playlist (issue 28): read from the tariffs' grants.
    tariffs: grants,
  });
  app.decorate("library", library);
  await app.register(loudnessPlugin, {
    createJob: () =>
      library.createLoudnessJob({
        log: app.log.child({ module: "loudness" }),
        claimsDieWithProcess: app.database.kind === "pglite",
      }),
  });
  await app.register(realtimePlugin);
  await app.register(webPlugin);

  await app.register(
    createSystem({ database: app.database, bus: app.bus, files: app.storage.files }).plugin,
  );
  const { db, keys, accessEvents, log } = app;
  // Accounts are read by every module below (sign-in, clients' modules, support).
  const directory = createAccountDirectory({ keys });
  // Landing page leads, forwarded to the CRM's webhook while the app runs.
  const leads = createLeads({
    db,
    webhookUrl: config.amoWebhookUrl,
    log: log.child({ module: "leads" }),
    forwarderLog: log.child({ module: "lead-forwarder" }),
  });
  await app.register(leads.plugin);
  await app.register(libraryRoutes, { library });
  // Players start and end device sessions bound to them through sign-in's player sessions.
  const playerSessions = createPlayerSessions({
    db,
    accessTokens: app.accessTokens,
    sessionLifetimeDays: config.sessionLifetimeDays,
    accounts: directory,
    accessEvents,
  });
  const clients = await registerClientModules(app, {
    directory,
    library,
    entitlement,
    venues,
    subscriptionReads,
    playerSessions,
    playerDirectory,
  });
  // Accounts own the users; sign-in finds and creates them through the
  // directory, and accounts end sessions through auth's account sessions.
  // Device approvals check the venue through the venue directory.
  const auth = createAuth({
    db,
    keys,
    accessTokens: app.accessTokens,
    accessEvents,
    sessionLifetimeDays: config.sessionLifetimeDays,
    notifier: app.notifier,
    log,
    pruningLog: log.child({ module: "auth-pruning" }),
    accounts: directory,
    establishments: clients.venues,
    // A web player's code plays a web player the players module checks or makes;
    // a box bound to its player starts with music as a new player does.
    players: clients.players.devices,
  });
  await app.register(auth.plugin);
  const accounts = createAccounts({
    db,
    keys,
    accessEvents,
    log,
    files: app.storage.files,
    bus: app.bus,
    adminEmail: config.adminEmail,
    sessions: auth.accountSessions,
    // A deleted client is forgotten by every client module.
    clientRecords: [
      clients.subscriptions.clientRecords,
      clients.organizations,
      clients.establishments.clientRecords,
      clients.players.clientRecords,
      clients.support.clientRecords,
    ],
  });
  await app.register(accounts.plugin);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (request.method === "GET" && !pathname.startsWith("/api/") && app.webAvailable) {
      return reply.header("cache-control", "no-cache").type("text/html").sendFile("index.html");
    }
    // The errors plugin writes the body, as for every other failure.
    throw new AppError("not-found", 404, "Не найдено", `No route ${request.method} ${pathname}`);
  });

  return app as unknown as FastifyInstance;
}

/** Whether a request is for a file answer (a song's Range, a cover, an attachment). */
function isFileDownload(request: unknown): boolean {
  const route = (request as { routeOptions?: { config?: { files?: { download?: unknown } } } })
    .routeOptions;
  return route?.config?.files?.download !== undefined;
}

/** How long closing waits for answers in flight before it cuts them. */
export const CLOSE_GRACE_MS = 5_000;
