import { randomUUID } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import type { Executor } from "../../db/client.ts";
import { takeLease } from "../../db/leases.ts";
import type { ServiceLog } from "../../kernel/service-log.ts";
import type { Metrics } from "../../plugins/metrics.ts";
import type { EventBus } from "../../realtime/bus.ts";
import type { SocketRegistry } from "../../realtime/socket-registry.ts";
import type { FileStore } from "../../storage/file-store.ts";
import type { Entitlement } from "../entitlement/entitlement.ts";
import type { PlayRecorder } from "../history/history.ts";
import type { Library } from "../library/library.ts";
import { silenceAlertsRoutes } from "./alerts/silence-alerts.routes.ts";
import { type RaisedSilence, SilenceAlerts } from "./alerts/silence-alerts.ts";
import { liveRoutes } from "./live/live.routes.ts";
import { LiveService } from "./live/live.service.ts";
import { registerLiveSocket } from "./live/live.socket.ts";
import { playerPlanRoutes } from "./plan/player-plan.routes.ts";
import { PlayerPlanService } from "./plan/player-plan.service.ts";
import { PlayersStore } from "./players.store.ts";
import { PlayerDirectory } from "./registry/player-directory.service.ts";
import { PlayerPlaylistsService } from "./registry/player-playlists.service.ts";
import { PlayerRequestsService } from "./registry/player-requests.service.ts";
import { playersRoutes } from "./registry/players.routes.ts";
import {
  type PlayerPorts,
  type PlayerSocketDirectory,
  PlayersService,
} from "./registry/players.service.ts";
import { PlayersBaseService } from "./registry/players-base.service.ts";
import { schedulesRoutes } from "./schedules/schedules.routes.ts";
import { SchedulesService } from "./schedules/schedules.service.ts";
import { playerUpdatesRoutes } from "./updates/player-updates.routes.ts";
import { PlayerUpdatesService } from "./updates/player-updates.service.ts";
import { registerPlayerUpdatesSocket } from "./updates/player-updates.socket.ts";

/**
 * The players module's one public face: players and their playlists,
 * schedules, plans, live state and remote control, silence alerts and box
 * firmware. Other modules import this file and nothing else of players.
 *
 * It is made in three steps, each where app.ts can give what it needs, so
 * that no port calls a module made later (architecture.test.ts):
 * 1. `createPlayerDirectory`, before the library: where players stand,
 *    the licensed playlists on one and each venue's counts, read from the
 *    players' tables and the entitlement alone. The library (a player's
 *    songs), establishments (player counts), history (a play's venue) and
 *    support (a client's players) ask it, so none of them waits for the
 *    rest of players.
 * 2. `createPlayers`, after history: everything else, since the live
 *    state files every reported play in the history (a call that answers
 *    why a report was refused, so not a bus event).
 * 3. `players.silenceAlerts(...)`, after support: support commands a
 *    client's player through the live service made in step 2, and a raised
 *    silence opens a support enquiry. That call stays a call, not a bus
 *    event: the bus reaches every process, and each alert must open one
 *    enquiry, from the one process whose sweep raised it.
 */

export interface PlayerDirectoryDependencies {
  db: Executor;
  /** What each venue's licence allows now (the entitlement module). */
  entitlement: Pick<Entitlement, "ofVenue">;
}

/** Step 1: what other modules read of players; see the face's comment. */
export function createPlayerDirectory(deps: PlayerDirectoryDependencies): PlayerDirectory {
  return new PlayerDirectory({ store: new PlayersStore(deps.db), entitlement: deps.entitlement });
}

export interface PlayersDependencies {
  db: Executor;
  /** Metrics read the players online and playing from the live state at each scrape. */
  metrics: Pick<Metrics, "addFigures">;
  /** Every change of what a player plays and of its live state is published here. */
  bus: EventBus;
  /**
   * The player socket: players handle the remote's commands, the devices'
   * reports and presence (`live/live.socket.ts`), and boxes' firmware
   * versions (`updates/player-updates.socket.ts`).
   */
  realtime: SocketRegistry;
  /** The app's log; the live state, the silence alerts and the updates each write under their `module`. */
  log: ServiceLog & { child(bindings: { module: string }): ServiceLog };
  /** Box firmware files. */
  files: FileStore;
  /** On PGlite the database is this process's alone: plays open at start were left by its own death. */
  devicesDieWithProcess: boolean;
  /** Step 1 of this face (`createPlayerDirectory`). */
  directory: PlayerDirectory;
  accounts: PlayerPorts["accounts"] & {
    /** The account of a user id: owners must be clients; a silence alert mails its e-mail. */
    find(
      userId: string,
    ): Promise<{ authority: string[]; status: string; email?: string | null } | undefined>;
  };
  /** Venues (the establishments' venue directory): whose they are, names, zones and filters. */
  establishments: PlayerPorts["establishments"] & {
    placesOf(
      ids: string[],
    ): Promise<Map<string, { userId: string; timeZone: string; explicitFilter: boolean }>>;
  };
  /** Whether an establishment's explicit filter is on (kept in memory by establishments). */
  explicitFilter: { isOn(establishmentId: string): Promise<boolean> };
  /** What each venue's subscription offers and its licence allows now (the entitlement module). */
  entitlement: Pick<Entitlement, "ofVenue" | "ofVenues">;
  /** The library: playlists' names and tracks, songs' facts. */
  library: Pick<Library, "playlistNames" | "songFacts" | "playlistTracks">;
  /** Device sessions bound to one player (auth). */
  playerSessions: PlayerPorts["playerSessions"];
  /** The broadcast history: every play a device reports is filed there (the history module). */
  history: PlayRecorder;
  /** Sends a plain-text mail (the notifications plugin): silence alerts to owners. */
  sendMail(message: { to: string; subject: string; text: string }): Promise<void>;
}

/** What players offer the app and the other modules, once made (step 2). */
export interface Players {
  /**
   * Registers the routes of players, schedules, plans, the live state and
   * box firmware, and the live state's sweep of plays left open
   * (onReady/onClose).
   */
  readonly plugin: FastifyPluginAsync;
  /**
   * What sign-in asks of players (auth): the web player a web player's
   * device code plays, checked or made (`prepare`, its second step inside
   * the approval's transaction), whether a player still exists, and a box
   * bound to its player starting with its venue's first music.
   */
  readonly devices: {
    prepare: PlayersService["prepareWebPlayer"];
    exists: PlayersService["exists"];
    giveFirstMusic: PlayersService["giveFirstMusic"];
  };
  /** Forgets a deleted client's players and requests (accounts' client records). */
  readonly clientRecords: Pick<PlayersService, "forgetClient">;
  /**
   * The live state and remote control: staff's commands from an enquiry
   * (support) and the live figures (metrics); the player socket's part is
   * registered by the face itself.
   */
  readonly live: LiveService;
  /**
   * What the player socket asks of players (who may control one, its
   * rooms, what it plays now), which tests ask directly.
   */
  readonly socketDirectory: PlayerSocketDirectory;
  /**
   * An establishment's explicit filter changed (establishments): its
   * players read their plans again, and one on an explicit song skips it
   * when the filter goes on.
   */
  explicitFilterChanged(establishmentId: string, on: boolean): Promise<void>;
  /** Step 3: the silence alerts, once support can be told of them; see the face's comment. */
  silenceAlerts(ports: SilenceAlertsPorts): PlayersSilenceAlerts;
}

export interface SilenceAlertsPorts {
  /**
   * Told of the alerts a sweep of this process raised, once each (support
   * opens an enquiry for each); a failure is logged, the sweep goes on.
   */
  raised(alerts: RaisedSilence[]): Promise<void>;
}

export interface PlayersSilenceAlerts {
  /** Registers the alerts' route and their sweep (onReady/onClose). */
  readonly plugin: FastifyPluginAsync;
  readonly alerts: SilenceAlerts;
}

/** Step 2: makes every players service over one store; see the face's comment. */
export function createPlayers(deps: PlayersDependencies): Players {
  const store = new PlayersStore(deps.db);
  /** This process as the holder of a lease (`leases`). */
  const sweeperId = randomUUID();
  const { bus, library, establishments, entitlement } = deps;
  const playlistNames = (ids: readonly string[]) => library.playlistNames(ids);
  const registryDependencies = {
    store,
    bus,
    directory: deps.directory,
    findAccount: (userId: string) => deps.accounts.find(userId),
    accounts: deps.accounts,
    establishments,
    entitlement,
    playlistNames,
    songFacts: (ids: readonly string[]) => library.songFacts(ids),
    playerSessions: deps.playerSessions,
  };
  const registry = new PlayersService(registryDependencies);
  const schedules = new SchedulesService({
    store,
    bus,
    establishments,
    entitlement,
    playlistNames,
  });
  const decide = (playerIds: string[], instantMs: number) =>
    schedules.decideFor(playerIds, instantMs);
  const playerDirectory = registry.directory();
  const socketDirectory: PlayerSocketDirectory = { ...playerDirectory, decide };
  const live = new LiveService({
    store,
    bus,
    log: deps.log.child({ module: "live" }),
    // Every play a player reports is filed in the broadcast history.
    history: deps.history,
    findControllable: playerDirectory.findControllable,
    playlistsOf: playerDirectory.playlistsOf,
    playlistTracks: (ids) => library.playlistTracks(ids),
    explicitFilterOf: async (playerId) => {
      const establishmentId = await registry.establishmentOf(playerId);
      return establishmentId ? deps.explicitFilter.isOn(establishmentId) : false;
    },
    decide,
  });
  const plans = new PlayerPlanService({
    store,
    establishments,
    entitlement,
    playlistNames,
    playlistTracks: (ids) => library.playlistTracks(ids),
  });
  // Box firmware: its files in the file store, its notices on the player socket.
  const firmware = new PlayerUpdatesService({
    store,
    files: deps.files,
    bus,
    log: deps.log.child({ module: "player-updates" }),
  });
  registerLiveSocket(deps.realtime, { live, directory: socketDirectory });
  deps.metrics.addFigures(() => live.figures());
  registerPlayerUpdatesSocket(deps.realtime, firmware);
  return {
    plugin: async (app) => {
      await app.register(playersRoutes, {
        players: registry,
        base: new PlayersBaseService(registryDependencies),
        playlists: new PlayerPlaylistsService(registryDependencies),
        requests: new PlayerRequestsService(registryDependencies),
      });
      await app.register(schedulesRoutes, { schedules });
      await app.register(playerPlanRoutes, { plans });
      await app.register(liveRoutes, { live });
      await app.register(playerUpdatesRoutes, { updates: firmware });
      app.addHook("onReady", () =>
        live.start({ devicesDieWithProcess: deps.devicesDieWithProcess }),
      );
      app.addHook("onClose", async () => live.stop());
    },
    devices: {
      prepare: (actor, establishmentId, playerId) =>
        registry.prepareWebPlayer(actor, establishmentId, playerId),
      exists: (db, playerId) => registry.exists(db, playerId),
      giveFirstMusic: (playerId) => registry.giveFirstMusic(playerId),
    },
    clientRecords: registry,
    live,
    socketDirectory,
    explicitFilterChanged: async (establishmentId, on) => {
      const venuePlayers = await registry.ofEstablishment(establishmentId);
      await schedules.announce(venuePlayers.map((player) => player.playerId));
      if (on) await live.skipExplicit(venuePlayers);
    },
    silenceAlerts: (ports) => {
      // A player silent against its schedule for 5 minutes alerts its owner (issue 14).
      const alerts = new SilenceAlerts({
        store,
        log: deps.log.child({ module: "silence-alerts" }),
        bus,
        decide,
        establishments,
        emailOf: async (userId) => (await deps.accounts.find(userId))?.email ?? null,
        sendMail: (message) => deps.sendMail(message),
        raised: (raised) => ports.raised(raised),
        // Several processes on one database: one sweeps at a time.
        ...(deps.devicesDieWithProcess
          ? {}
          : {
              sweepLease: (nowMs: number, untilMs: number) =>
                takeLease(deps.db, "silence-sweep", sweeperId, nowMs, untilMs),
            }),
      });
      return {
        alerts,
        plugin: async (app) => {
          app.addHook("onReady", async () => alerts.start());
          app.addHook("onClose", async () => alerts.stop());
          await app.register(silenceAlertsRoutes, { alerts });
        },
      };
    },
  };
}

export type { RaisedSilence, SilenceAlerts } from "./alerts/silence-alerts.ts";
export type { LiveService } from "./live/live.service.ts";
/**
 * The players' store (their tables, bound): for the tests' and the
 * benches' fixtures, which write a player's row or live state directly.
 */
export { PlayersStore } from "./players.store.ts";
export type {
  PlayerCounts,
  PlayerDirectory,
  PlayerPlace,
} from "./registry/player-directory.service.ts";
export type {
  ControllablePlayer,
  PlayerSocketDirectory,
  PlayersService,
} from "./registry/players.service.ts";
/** What each player plays at an instant by its schedule, all at once (the scheduler's bench). */
export { decideForPlayers } from "./schedules/scheduler.ts";
