import type { FastifyInstance } from "fastify";
import type { AccountDirectory } from "./modules/accounts/accounts.ts";
import type { PlayerSessions } from "./modules/auth/auth.ts";
import type { Entitlement } from "./modules/entitlement/entitlement.ts";
import {
  createEstablishments,
  type VenueDirectory,
} from "./modules/establishments/establishments.ts";
import { createHistory } from "./modules/history/history.ts";
import type { Library } from "./modules/library/library.ts";
import { createOrganizations } from "./modules/organizations/organizations.ts";
import { createPlayers, type PlayerDirectory } from "./modules/players/players.ts";
import {
  createSubscriptions,
  type SubscriptionReads,
} from "./modules/subscriptions/subscriptions.ts";
import { createSupport } from "./modules/support/support.ts";
import { createTariffs } from "./modules/tariffs/tariffs.ts";

/**
 * Clients' modules meet here, each made after everything it asks, so no
 * port looks up a module made later (`architecture.test.ts` checks):
 * what others read comes made (venues, what live subscriptions use), then
 * organizations and tariffs, subscriptions (which check venues, payers
 * and tariffs), history (players' places from the player directory made
 * before the library), players (their live state files plays in the
 * history), the establishments, which show each venue with its
 * subscription and players and tell the players when its explicit filter
 * changes, support, and last the players' silence alerts, which open
 * support's enquiries.
 */
export async function registerClientModules(
  app: FastifyInstance,
  built: {
    directory: AccountDirectory;
    library: Library;
    entitlement: Entitlement;
    venues: VenueDirectory;
    subscriptionReads: SubscriptionReads;
    playerSessions: PlayerSessions;
    playerDirectory: PlayerDirectory;
  },
) {
  const {
    directory,
    library,
    entitlement,
    venues,
    subscriptionReads,
    playerSessions,
    playerDirectory,
  } = built;
  const { db } = app;
  const findAccount = (userId: string) => directory.findById(db, userId);
  // Venues are read by every module below; the establishments, which show each venue with its
  // subscription and players, are made after them.
  const usage = subscriptionReads.usage;
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
  // Subscriptions check venues, payers and tariffs; a new one is mailed to the client managers.
  const subscriptions = createSubscriptions({
    db,
    bus: app.bus,
    realtime: app.realtime,
    log: app.log,
    publicUrl: app.config.publicUrl,
    accounts: {
      find: findAccount,
      namesOf: (ids) => directory.namesOf(db, ids),
      statesOf: (actor, ids) => directory.clientStatesOf(db, actor, ids),
      idsMatching: (query) => directory.idsMatching(db, query),
    },
    establishments: venues,
    organizations,
    tariffs,
    clientManagers: async () => {
      const managers = await directory.activeWithRoles(db, ["role-client-manager"]);
      const accounts = await Promise.all(managers.map((manager) => findAccount(manager.id)));
      return accounts.flatMap((account) =>
        account?.email ? [{ id: account.id, email: account.email }] : [],
      );
    },
    sendMail: (message) => app.notifier.sendMail(message),
    entitlement,
  });
  await app.register(organizations.plugin);
  await app.register(tariffs.plugin);
  await app.register(subscriptions.plugin);
  // The broadcast history files plays under their player's venue and names them through the library.
  const history = createHistory({
    db,
    log: app.log.child({ module: "history" }),
    players: playerDirectory,
    establishments: venues,
    songFacts: (ids) => library.songFacts(ids),
    playlistNames: (ids) => library.playlistNames(ids),
    // A device's play may not begin before the session it is reported under.
    sessionStartedAt: (sessionId) => playerSessions.startedAt(sessionId),
    entitlement,
    holdsSong: (playlistIds, songId) => library.holdsSong(playlistIds, songId),
    countRefusal: (reason) => app.metrics.countPlayReportRefused(reason),
  });
  // Players belong to establishments and play what their venue's licence allows; every play
  // their devices report is filed in the history (made above). Silence alerts come after support.
  const players = createPlayers({
    db,
    bus: app.bus,
    realtime: app.realtime,
    metrics: app.metrics,
    log: app.log,
    files: app.storage.files,
    devicesDieWithProcess: app.database.kind === "pglite",
    directory: playerDirectory,
    accounts: {
      find: findAccount,
      namesOf: (ids) => directory.namesOf(db, ids),
      idsMatching: (query) => directory.idsMatching(db, query),
    },
    establishments: venues,
    explicitFilter: venues.explicitFilters,
    entitlement,
    library,
    playerSessions,
    history,
    sendMail: (message) => app.notifier.sendMail(message),
  });
  const establishments = createEstablishments({
    db,
    files: app.storage.files,
    findAccount,
    liveSubscriptions: (ids) => subscriptions.liveInfoOf(ids),
    playerCounts: (ids) => playerDirectory.countsByEstablishment(ids),
    bus: app.bus,
    // Its players read their plans again; one on an explicit song skips it when the filter goes on.
    explicitFilterChanged: (establishmentId, on) =>
      players.explicitFilterChanged(establishmentId, on),
  });
  await app.register(establishments.plugin);
  await app.register(players.plugin);
  await app.register(history.plugin);
  // Support (issue 15): enquiries name clients' venues and players and send commands to them,
  // both parts name people through the accounts directory.
  const support = createSupport({
    db,
    bus: app.bus,
    realtime: app.realtime,
    files: app.storage.files,
    log: app.log,
    publicUrl: app.config.publicUrl,
    accounts: {
      find: findAccount,
      namesOf: (ids) => directory.namesOf(db, ids),
      activeWithRoles: (roles) => directory.activeWithRoles(db, roles),
    },
    establishments: venues,
    players: playerDirectory,
    commandPlayer: (staff, player, command) => players.live.commandByStaff(staff, player, command),
    sendMail: (message) => app.notifier.sendMail(message),
  });
  await app.register(support.plugin);
  // A player silent against its schedule for 5 minutes alerts its owner (issue 14) and opens an enquiry.
  const silenceAlerts = players.silenceAlerts({
    raised: (alerts) => support.alertEnquiries.openForAlerts(alerts),
  });
  await app.register(silenceAlerts.plugin);
  return {
    establishments,
    organizations,
    subscriptions,
    history,
    players,
    silenceAlerts: silenceAlerts.alerts,
    support,
  };
}
