import type { FastifyInstance } from "fastify";
import { registerSupport } from "./app-support.ts";
import type { Actor } from "./kernel/actor.ts";
import type { AccountDirectory } from "./modules/accounts/accounts.ts";
import type { PlayerSessions } from "./modules/auth/auth.ts";
import type { Entitlement } from "./modules/entitlement/entitlement.ts";
import { establishmentsRoutes } from "./modules/establishments/establishments.routes.ts";
import { EstablishmentsService } from "./modules/establishments/establishments.service.ts";
import type { ExplicitFilters } from "./modules/establishments/explicit-filters.service.ts";
import { VenueDirectory } from "./modules/establishments/venue-directory.service.ts";
import { historyRoutes } from "./modules/history/history.routes.ts";
import { HistoryService } from "./modules/history/history.service.ts";
import type { Library } from "./modules/library/library.ts";
import { createOrganizations } from "./modules/organizations/organizations.ts";
import { liveRoutes } from "./modules/players/live/live.routes.ts";
import { LiveService } from "./modules/players/live/live.service.ts";
import { playerPlanRoutes } from "./modules/players/plan/player-plan.routes.ts";
import { PlayerPlanService } from "./modules/players/plan/player-plan.service.ts";
import { PlayerPlaylistsService } from "./modules/players/registry/player-playlists.service.ts";
import { PlayerRequestsService } from "./modules/players/registry/player-requests.service.ts";
import { playerUpdatesRoutes } from "./modules/players/updates/player-updates.routes.ts";
import { PlayerUpdatesService } from "./modules/players/updates/player-updates.service.ts";
import { playersRoutes } from "./modules/players/registry/players.routes.ts";
import { type PlayersDependencies, PlayersService } from "./modules/players/registry/players.service.ts";
import { PlayersBaseService } from "./modules/players/registry/players-base.service.ts";
import { schedulesRoutes } from "./modules/players/schedules/schedules.routes.ts";
import { SchedulesService } from "./modules/players/schedules/schedules.service.ts";
import { silenceAlertsRoutes } from "./modules/players/alerts/silence-alerts.routes.ts";
import { SilenceAlerts } from "./modules/players/alerts/silence-alerts.ts";
import { SubscriptionEndings } from "./modules/subscriptions/subscription-endings.ts";
import { SubscriptionNews } from "./modules/subscriptions/subscription-news.ts";
import { SubscriptionStatesService } from "./modules/subscriptions/subscription-states.service.ts";
import { SubscriptionUsage } from "./modules/subscriptions/subscription-usage.service.ts";
import { SubscriptionPresenter } from "./modules/subscriptions/subscriptions.presenter.ts";
import { subscriptionsRoutes } from "./modules/subscriptions/subscriptions.routes.ts";
import { SubscriptionsService } from "./modules/subscriptions/subscriptions.service.ts";
import { createTariffs } from "./modules/tariffs/tariffs.ts";

/**
 * Clients' modules meet here, each made after everything it asks, so no
 * port looks up a module made later (`architecture.test.ts` checks):
 * first what others read (venues, what live subscriptions use), then
 * organizations and tariffs, subscriptions (which check venues, payers
 * and tariffs), players, schedules, history and live, and last the
 * establishments service, which shows each venue with its subscription
 * and players and tells the players when its explicit filter changes.
 */
export async function registerClientModules(
  app: FastifyInstance,
  built: {
    directory: AccountDirectory;
    library: Library;
    entitlement: Entitlement;
    explicitFilters: ExplicitFilters;
    playerSessions: PlayerSessions;
  },
) {
  const { directory, library, entitlement, explicitFilters, playerSessions } = built;
  const { db } = app;
  const findAccount = (userId: string) => directory.findById(db, userId);
  // Venues are read by every module below; the establishments service, which shows each venue
  // with its subscription and players, is made after them.
  const venues = new VenueDirectory(db, explicitFilters);
  const usage = new SubscriptionUsage(db);
  const organizations = createOrganizations({
    db,
    findAccount,
    subscriptionUsage: (ids) => usage.payersIn(ids),
  });
  const tariffs = createTariffs({
    db,
    findAccount,
    playlistNames: (ids) => library.playlistNames(ids),
    liveTariffsOf: (userIds) => usage.tariffsOfOwners(userIds),
    announceMusicAccessChange: () => entitlement.announceChange(),
  });
  const subscriptionPorts = {
    db,
    accounts: {
      find: findAccount,
      namesOf: (ids: string[]) => directory.namesOf(db, ids),
      statesOf: (actor: Actor, ids: string[]) => directory.clientStatesOf(db, actor, ids),
      idsMatching: (query: string) => directory.idsMatching(db, query),
    },
    establishments: venues,
    organizations,
    tariffs,
  };
  const presenter = new SubscriptionPresenter(subscriptionPorts);
  // A subscription's change reaches its owner's and staff's screens; a new one, client managers' mail.
  const subscriptionNews = new SubscriptionNews({
    bus: app.bus,
    log: app.log.child({ module: "subscription-news" }),
    publicUrl: app.config.publicUrl,
    managers: async () => {
      const managers = await directory.activeWithRoles(db, ["role-client-manager"]);
      const accounts = await Promise.all(managers.map((manager) => findAccount(manager.id)));
      return accounts.flatMap((account) =>
        account?.email ? [{ id: account.id, email: account.email }] : [],
      );
    },
    sendMail: (message) => app.notifier.sendMail(message),
    clientNamesOf: (ids) => directory.namesOf(db, ids),
    establishmentNamesOf: (ids) => venues.namesOf(ids),
  });
  const subscriptions: SubscriptionsService = new SubscriptionsService({
    ...subscriptionPorts,
    presenter,
    news: subscriptionNews,
    announceMusicAccessChange: () => entitlement.announceChange(),
  });
  const subscriptionStates = new SubscriptionStatesService({
    db,
    presenter,
    news: subscriptionNews,
    announceMusicAccessChange: () => entitlement.announceChange(),
  });
  await app.register(organizations.plugin);
  await app.register(tariffs.plugin);
  await app.register(subscriptionsRoutes, { subscriptions, states: subscriptionStates });
  // A period that is over ends at once: the venue's players stop playing what it allowed.
  const endings = new SubscriptionEndings({
    db,
    log: app.log.child({ module: "subscription-endings" }),
    bus: app.bus,
    announceMusicAccessChange: () => entitlement.announceChange(),
    announceEnded: (ended) => subscriptionNews.ended(ended),
  });
  app.addHook("onReady", async () => endings.start());
  app.addHook("onClose", async () => endings.stop());
  // Players belong to establishments and play what their venue's licence allows.
  const playerDependencies: PlayersDependencies = {
    db,
    bus: app.bus,
    findAccount,
    accounts: {
      namesOf: (ids) => directory.namesOf(db, ids),
      idsMatching: (query) => directory.idsMatching(db, query),
    },
    establishments: venues,
    entitlement,
    playlistNames: (ids) => library.playlistNames(ids),
    songFacts: (ids) => library.songFacts(ids),
    playerSessions,
  };
  const players = new PlayersService(playerDependencies);
  const schedules = new SchedulesService({
    db,
    bus: app.bus,
    establishments: venues,
    entitlement,
    playlistNames: (ids) => library.playlistNames(ids),
  });
  app.realtime.usePlayerDirectory({
    ...players.directory(),
    decide: (playerIds, instantMs) => schedules.decideFor(playerIds, instantMs),
  });
  // The broadcast history files plays under their player's venue and names them through the library.
  const history = new HistoryService({
    db,
    log: app.log.child({ module: "history" }),
    players,
    establishments: venues,
    songFacts: (ids) => library.songFacts(ids),
    playlistNames: (ids) => library.playlistNames(ids),
    // A device's play may not begin before the session it is reported under.
    sessionStartedAt: (sessionId) => playerSessions.startedAt(sessionId),
    entitlement,
    holdsSong: (playlistIds, songId) => library.holdsSong(playlistIds, songId),
    countRefusal: (reason) => app.metrics.countPlayReportRefused(reason),
  });
  app.decorate("playRecorder", history);
  const playerDirectory = players.directory();
  const live = new LiveService({
    db,
    bus: app.bus,
    log: app.log.child({ module: "live" }),
    // Every play a player reports is filed in the broadcast history.
    history,
    findControllable: playerDirectory.findControllable,
    playlistsOf: playerDirectory.playlistsOf,
    playlistTracks: (ids) => library.playlistTracks(ids),
    explicitFilterOf: async (playerId) => {
      const establishmentId = await players.establishmentOf(playerId);
      return establishmentId ? explicitFilters.isOn(establishmentId) : false;
    },
    decide: (playerIds, instantMs) => schedules.decideFor(playerIds, instantMs),
  });
  app.realtime.usePlayerControl(live);
  app.metrics.useProductFigures(async () => {
    const [figures, loudnessQueue] = await Promise.all([
      live.figures(),
      library.loudnessQueueLength(),
    ]);
    return { ...figures, loudnessQueue };
  });
  // On PGlite the database is this process's alone: plays open at start were left by its own death.
  app.addHook("onReady", () =>
    live.start({ devicesDieWithProcess: app.database.kind === "pglite" }),
  );
  app.addHook("onClose", async () => live.stop());
  const establishments = new EstablishmentsService({
    db,
    files: app.storage.files,
    findAccount,
    liveSubscriptions: (ids) => subscriptions.liveInfoOf(ids),
    playerCounts: (ids) => app.realtime.playerDirectory().countsByEstablishment(ids),
    bus: app.bus,
    // Its players read their plans again; one on an explicit song skips it when the filter goes on.
    explicitFilterChanged: async (establishmentId, on) => {
      const venuePlayers = await players.ofEstablishment(establishmentId);
      await schedules.announce(venuePlayers.map((player) => player.playerId));
      if (on) await live.skipExplicit(venuePlayers);
    },
  });
  await app.register(establishmentsRoutes, { establishments });
  await app.register(playersRoutes, {
    players,
    base: new PlayersBaseService(playerDependencies),
    playlists: new PlayerPlaylistsService(playerDependencies),
    requests: new PlayerRequestsService(playerDependencies),
  });
  await app.register(schedulesRoutes, { schedules });
  await app.register(playerPlanRoutes, {
    plans: new PlayerPlanService({
      db,
      establishments: venues,
      entitlement,
      playlistNames: (ids) => library.playlistNames(ids),
      playlistTracks: (ids) => library.playlistTracks(ids),
    }),
  });
  await app.register(historyRoutes, { history });
  await app.register(liveRoutes, { live });
  // Support (issue 15) shows clients' venues and players and acts on them.
  const { enquiries, chat } = await registerSupport(app, {
    directory,
    venues,
    players,
    live,
  });
  // A player silent against its schedule for 5 minutes alerts its owner (issue 14) and opens an enquiry.
  const silenceAlerts = new SilenceAlerts({
    db,
    log: app.log.child({ module: "silence-alerts" }),
    bus: app.bus,
    decide: (playerIds, instantMs) => schedules.decideFor(playerIds, instantMs),
    establishments: venues,
    emailOf: async (userId) => (await findAccount(userId))?.email ?? null,
    sendMail: (message) => app.notifier.sendMail(message),
    raised: (alerts) => enquiries.openForAlerts(alerts),
  });
  app.decorate("silenceAlerts", silenceAlerts);
  app.addHook("onReady", async () => silenceAlerts.start());
  app.addHook("onClose", async () => silenceAlerts.stop());
  await app.register(silenceAlertsRoutes, { alerts: silenceAlerts });
  // Box firmware: its files in the file store, its notices on the player socket.
  const updates = new PlayerUpdatesService({
    db,
    files: app.storage.files,
    bus: app.bus,
    log: app.log.child({ module: "player-updates" }),
  });
  app.realtime.useFirmwareNotices(updates);
  await app.register(playerUpdatesRoutes, { updates });
  return {
    venues,
    establishments,
    organizations,
    tariffs,
    subscriptions,
    subscriptionStates,
    players,
    enquiries,
    chat,
  };
}
