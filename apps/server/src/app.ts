import type { FastifyInstance } from "fastify";
import { registerClientModules } from "./app-clients.ts";
import { type BuildOptions, createKernel } from "./app-kernel.ts";
import type { Config } from "./config.ts";
import { createAccountDirectory, createAccounts } from "./modules/accounts/accounts.ts";
import { createAuth, createPlayerSessions } from "./modules/auth/auth.ts";
import { createEntitlement } from "./modules/entitlement/entitlement.ts";
import { createVenueDirectory } from "./modules/establishments/establishments.ts";
import type { History } from "./modules/history/history.ts";
import { createLeads } from "./modules/leads/leads.ts";
import {
  createHolderLicenceReads,
  createLibrary,
  type Library,
} from "./modules/library/library.ts";
import {
  createPlayerDirectory,
  type Players,
  type SilenceAlerts,
} from "./modules/players/players.ts";
import { createSubscriptionReads } from "./modules/subscriptions/subscriptions.ts";
import type { Support } from "./modules/support/support.ts";
import { createSystem } from "./modules/system/system.ts";
import { createTariffGrants } from "./modules/tariffs/tariffs.ts";

export type { BuildOptions } from "./app-kernel.ts";

/**
 * The faces this app composed that something outside a request reaches:
 * the operator's tools (`npm run import`, `repair-tags`, the demo) use the
 * library; benches and tests wait for the loudness worker, file plays as
 * a device's socket does, and drive the silence alerts' and attachments'
 * sweeps on a fake clock.
 */
export interface Modules {
  library: Library;
  history: History;
  players: Players;
  silenceAlerts: SilenceAlerts;
  support: Support;
}

declare module "fastify" {
  interface FastifyInstance {
    modules: Modules;
  }
}

/**
 * Builds the whole application (SPA, API, player socket) without listening:
 * the kernel (Fastify and the plugins every module stands on), then each
 * module's face in dependency order — nothing is handed a module made
 * after it (docs/architecture.md; `architecture.test.ts` checks). The
 * caller listens and closes it.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = await createKernel(config, options);
  const { db, bus, keys, accessEvents, log } = app;
  const files = app.storage.files;

  // What nearly every module reads, made first over the database alone.
  // Who may play what: venues' active subscriptions and the grants under
  // them; everything that plays or lists music asks it (issue 27).
  const grants = createTariffGrants(db);
  const subscriptionReads = createSubscriptionReads({ db });
  const entitlement = createEntitlement({
    licences: subscriptionReads.licences,
    grants,
    holderLicences: createHolderLicenceReads(db),
    bus,
  });
  // Venues (whose, names, zones, explicit filters) and people.
  const venues = createVenueDirectory({ db, bus });
  const directory = createAccountDirectory({ keys });
  // Which playlists a player plays: the library lists a player's songs from it.
  const playerDirectory = createPlayerDirectory({ db, entitlement });
  // Players start and end device sessions bound to them through sign-in's player sessions.
  const playerSessions = createPlayerSessions({
    db,
    accessTokens: app.accessTokens,
    sessionLifetimeDays: config.sessionLifetimeDays,
    accounts: directory,
    accessEvents,
  });

  await app.register(createSystem({ database: app.database, bus, files }).plugin);
  const library = createLibrary({
    db,
    files,
    maxUploadBytes: config.maxUploadBytes,
    bus,
    metrics: app.metrics,
    players: playerDirectory,
    entitlement,
    explicitFilter: venues.explicitFilters,
    // Content managers see which tariffs hold a playlist (issue 28).
    tariffs: grants,
    loudness: {
      enabled: config.loudnessWorker,
      log: log.child({ module: "loudness" }),
      claimsDieWithProcess: app.database.kind === "pglite",
    },
  });
  await app.register(library.plugin);
  // Landing page leads, forwarded to the CRM's webhook while the app runs.
  const leads = createLeads({
    db,
    webhookUrl: config.amoWebhookUrl,
    log: log.child({ module: "leads" }),
    forwarderLog: log.child({ module: "lead-forwarder" }),
  });
  await app.register(leads.plugin);
  const clients = await registerClientModules(app, {
    directory,
    library,
    entitlement,
    venues,
    subscriptionReads,
    playerSessions,
    playerDirectory,
  });
  // Sign-in finds and creates people through the accounts' directory, checks a
  // device's venue through the venue directory, and plays a paired device's player.
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
    establishments: venues,
    players: clients.players.devices,
  });
  await app.register(auth.plugin);
  // Accounts own the users; they end sessions through sign-in, and a deleted
  // client is forgotten by every client module.
  const accounts = createAccounts({
    db,
    keys,
    accessEvents,
    log,
    files,
    bus,
    adminEmail: config.adminEmail,
    sessions: auth.accountSessions,
    clientRecords: [
      clients.subscriptions.clientRecords,
      clients.organizations,
      clients.establishments.clientRecords,
      clients.players.clientRecords,
      clients.support.clientRecords,
    ],
  });
  await app.register(accounts.plugin);

  app.decorate("modules", {
    library,
    history: clients.history,
    players: clients.players,
    silenceAlerts: clients.silenceAlerts,
    support: clients.support,
  } satisfies Modules);
  return app as unknown as FastifyInstance;
}
