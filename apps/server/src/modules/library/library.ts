import {
  type LicencePeriod,
  licenceCoverOn,
  licenceDayEndMs,
  type TariffRef,
} from "@fonika/shared";
import type { FastifyPluginAsync } from "fastify";
import type { Executor } from "../../db/client.ts";
import type { Actor } from "../../kernel/actor.ts";
import type { ServiceLog } from "../../kernel/service-log.ts";
import { findFfmpeg } from "../../lib/ffmpeg.ts";
import type { Metrics } from "../../plugins/metrics.ts";
import type { EventBus } from "../../realtime/bus.ts";
import type { FileStore } from "../../storage/file-store.ts";
import type { Entitlement, HolderLicenceReads } from "../entitlement/entitlement.ts";
import { MusicAccess } from "./access/music-access.ts";
import { AuthorAttachmentsService } from "./catalog/author-attachments.service.ts";
import { CatalogService } from "./catalog/catalog.service.ts";
import { LicencesService } from "./catalog/licences.service.ts";
import { libraryRoutes } from "./library.routes.ts";
import { LoudnessJob } from "./loudness/loudness.ts";
import { createLoudnessWorker, type LoudnessWorker } from "./loudness/loudness-worker.ts";
import { PlaylistsService } from "./playlists/playlists.service.ts";
import { SearchService } from "./search/search.service.ts";
import { type ImportOptions, type ImportReport, importLibrary } from "./songs/library-import.ts";
import { SongIntakeService } from "./songs/song-intake.service.ts";
import { SongsService } from "./songs/songs.service.ts";
import {
  repairStoredTags,
  type TagRepairOptions,
  type TagRepairReport,
} from "./songs/tag-repair.ts";
import { LibraryStore } from "./store/library.store.ts";
import type { PlaylistTrack } from "./store/playlists.repository.ts";
import { TrackPlacementService } from "./vault/track-placement.service.ts";
import { VaultTransfersService } from "./vault/vault-transfers.service.ts";
import { VaultTreeService } from "./vault/vault-tree.service.ts";

/**
 * The library's one public face: what the rest of the server may use of
 * songs, playlists, the vault, search, the catalog and loudness. Other
 * modules import this file and nothing else of the library
 * (architecture.test.ts).
 */

export interface LibraryDependencies {
  db: Executor;
  files: FileStore;
  /** The largest audio upload, in bytes. */
  maxUploadBytes: number;
  /** Which playlists a player plays (the players' directory; null: no such player for the actor). */
  players: { playlistsOf(actor: Actor, playerId: string): Promise<string[] | null> };
  /**
   * Who may play what (issue 27): the playlists an actor may open, and
   * those an owner's licensed venues may play (`allowed` lists these).
   */
  entitlement: Pick<
    Entitlement,
    "playlistsOf" | "playableOfOwners" | "offeredOfOwners" | "barredSongs" | "songLicences"
  >;
  /**
   * The tariffs that hold each playlist for every subscriber (the tariffs
   * module's grants): content managers see them beside a playlist.
   */
  tariffs: { tariffsHolding(playlistIds: readonly string[]): Promise<Map<string, TariffRef[]>> };
  /**
   * Whether an establishment's explicit filter is on (establishments; kept
   * in memory there): a device of a filtering venue gets no explicit song.
   */
  explicitFilter: { isOn(establishmentId: string): Promise<boolean> };
  /**
   * The event bus: the library tells every process which songs' files
   * changed, and forgets what it knew when another process tells it.
   */
  bus: EventBus;
  /**
   * The loudness worker (LOUDNESS_WORKER): whether this process measures,
   * its log, and whether a crashed run's claims died with this process
   * (PGlite: the database is this process's alone).
   */
  loudness: { enabled: boolean; log: ServiceLog; claimsDieWithProcess: boolean };
  /** Metrics read the songs waiting for their loudness at each scrape (one count). */
  metrics: Pick<Metrics, "addFigures">;
}

/** The library's services, made once per app over one store. */
export interface Library {
  songs: SongsService;
  intake: SongIntakeService;
  playlists: PlaylistsService;
  tree: VaultTreeService;
  transfers: VaultTransfersService;
  placement: TrackPlacementService;
  search: SearchService;
  catalog: CatalogService;
  attachments: AuthorAttachmentsService;
  /** Copyright holders' licences: what decides which holders' songs may play (issue 32). */
  licences: LicencesService;
  /** Names of live playlists by id (tariffs name their playlists). */
  playlistNames(ids: readonly string[]): Promise<Map<string, string>>;
  /**
   * What the broadcast history and royalty reports name of songs by id,
   * removed ones included (they were played); unknown ids are left out.
   */
  songFacts(ids: readonly string[]): Promise<Map<string, SongFacts>>;
  /**
   * The songs of each live playlist's current version in play order, with
   * their artists (players decide next and previous from them), whether
   * each is explicit, and what a player's plan shows of it (title,
   * duration, loudness, cover, size); a playlist in the trash or without a
   * current version is absent. One query for any number of playlists.
   */
  playlistTracks(ids: readonly string[]): Promise<Map<string, PlaylistTrack[]>>;
  /**
   * Tells every process that who may hear what changed (a subscription, a
   * grant or a tariff's playlists changed): called once the change is stored.
   */
  musicAccessChanged(): Promise<void>;
  /**
   * Whether a song is a track of the current version of any of these live
   * playlists (the history checks a reported play against the venue's
   * licence): from memory for a set the entitlement keeps, as a file's
   * Range is.
   */
  holdsSong(playlistIds: ReadonlySet<string>, songId: string): Promise<boolean>;
  /** The operator's import of a catalog on disk (`npm run import`). */
  importFromDisk(options: Omit<ImportOptions, "intake" | "placement">): Promise<ImportReport>;
  /** The operator's one-shot repair of mojibake tags already stored (`npm run repair-tags`). */
  repairStoredTags(options: Omit<TagRepairOptions, "store" | "songs">): Promise<TagRepairReport>;
  /** The loudness worker of this process (tests and the demo wait until it is idle). */
  loudness: LoudnessWorker;
  /**
   * Registers every call of the library (songs, the vault, playlists,
   * search, the catalog) and runs the loudness worker from ready to close.
   */
  plugin: FastifyPluginAsync;
}

export type { PlaylistTrack } from "./store/playlists.repository.ts";

/** A song as a royalty report names it. */
export interface SongFacts {
  title: string;
  artists: string[];
  /** The authors' names in their order. */
  authors: string[];
  copyrightHolder: { id: string; name: string } | null;
  isrc: string | null;
  durationMs: number;
  /** Marked obsceneLexicon: a venue whose explicit filter is on may not play it. */
  explicit: boolean;
}

/**
 * Copyright holders' licences, read straight from the library's tables:
 * for the entitlement, made before the library (it asks which songs may
 * not play today; the library asks it which playlists an actor opens).
 * It keeps nothing; the entitlement keeps its answer for the day.
 */
export function createHolderLicenceReads(db: Executor): HolderLicenceReads {
  const store = new LibraryStore(db);
  return {
    songLicencesOn: async (day) => {
      const periods = new Map<string, LicencePeriod[]>();
      for (const row of await store.licences.licencePeriods()) {
        periods.set(row.holderId, [...(periods.get(row.holderId) ?? []), row]);
      }
      const covers = new Map(
        [...periods].flatMap(([holderId, held]) => {
          const cover = licenceCoverOn(held, day);
          // Holders whose licences never end leave their songs as they are.
          return cover && (cover.barred || cover.lastDay) ? [[holderId, cover] as const] : [];
        }),
      );
      const barred = new Set<string>();
      const lastDays = new Map<string, string>();
      for (const song of await store.licences.songsOfHolders([...covers.keys()])) {
        const cover = covers.get(song.holderId);
        if (cover?.barred) barred.add(song.id);
        else if (cover?.lastDay) lastDays.set(song.id, cover.lastDay);
      }
      return { barred, lastDays };
    },
  };
}

/** Makes the library: one store, and services that call each other directly. */
export function createLibrary(deps: LibraryDependencies): Library {
  const store = new LibraryStore(deps.db);
  const { files } = deps;
  const access = new MusicAccess({ store, entitlement: deps.entitlement, bus: deps.bus });
  const songs = new SongsService({
    store,
    files,
    players: deps.players,
    bus: deps.bus,
    access,
    explicitFilter: deps.explicitFilter,
  });
  // Listening ends with the bus, which closes with the app.
  deps.bus.subscribe((event) => {
    if (event.kind === "songs-changed") songs.forgetFiles(event.songIds);
    // A song removed or brought back leaves or joins its playlists' current versions.
    if (event.kind === "songs-changed" || event.kind === "music-access-changed") access.forgetAll();
  });
  deps.bus.onGap(() => {
    songs.forgetAllFiles();
    access.forgetAll();
  });
  const intake = new SongIntakeService({
    store,
    files,
    maxUploadBytes: deps.maxUploadBytes,
    songs,
    bus: deps.bus,
  });
  const tree = new VaultTreeService(store, deps.tariffs);
  const placement = new TrackPlacementService(store, access, deps.tariffs);
  const playlists = new PlaylistsService({
    store,
    files,
    tree,
    placement,
    songs,
    entitlement: deps.entitlement,
    tariffs: deps.tariffs,
    access,
  });
  // Made now, with the bundled ffmpeg; without one it logs why and stays off (songs stay pending).
  const loudness = createLoudnessWorker({
    enabled: deps.loudness.enabled,
    createJob: () =>
      new LoudnessJob({
        store,
        files,
        ffmpegPath: findFfmpeg(),
        log: deps.loudness.log,
        claimsDieWithProcess: deps.loudness.claimsDieWithProcess,
      }),
    bus: deps.bus,
    log: deps.loudness.log,
  });
  deps.metrics.addFigures(async () => ({
    loudnessQueue: await store.songs.countPendingLoudness(),
  }));
  const library: Library = {
    songs,
    intake,
    playlists,
    tree,
    transfers: new VaultTransfersService(store, access, deps.tariffs),
    placement,
    search: new SearchService({ store, songs, access }),
    catalog: new CatalogService({ store, files }),
    attachments: new AuthorAttachmentsService({ store, files }),
    licences: new LicencesService({
      store,
      files,
      licencesChanged: () => access.announceChange(),
    }),
    playlistNames: (ids) => playlists.namesOf(ids),
    songFacts: async (ids) => {
      const found = await songs.getMany(ids, { includeRemoved: true });
      return new Map(
        found.map((song) => [
          song.id,
          {
            title: song.title,
            artists: song.artists,
            authors: song.authors.map((author) => author.name),
            copyrightHolder: song.copyrightHolder,
            isrc: song.isrc,
            durationMs: song.durationMs,
            explicit: song.obsceneLexicon,
          },
        ]),
      );
    },
    // A song whose holder's licence lapsed is no playlist's to play today (issue 32).
    // One whose licence runs out carries when, for a player that will not hear of it.
    playlistTracks: async (ids) => {
      const [tracks, { barred, lastDays }] = await Promise.all([
        store.playlists.currentVersionTracks(ids),
        deps.entitlement.songLicences(),
      ]);
      if (barred.size === 0 && lastDays.size === 0) return tracks;
      return new Map(
        [...tracks].map(([id, list]) => [
          id,
          list.flatMap((track) => {
            if (barred.has(track.songId)) return [];
            const lastDay = lastDays.get(track.songId);
            if (!lastDay) return [track];
            return [{ ...track, playableUntil: new Date(licenceDayEndMs(lastDay)).toISOString() }];
          }),
        ]),
      );
    },
    musicAccessChanged: () => access.announceChange(),
    holdsSong: (playlistIds, songId) => access.setHoldsSong(playlistIds, songId),
    importFromDisk: (options) => importLibrary({ ...options, intake, placement }),
    repairStoredTags: (options) => repairStoredTags({ ...options, store, songs }),
    loudness,
    plugin: async (app) => {
      await app.register(libraryRoutes, { library });
      app.addHook("onReady", () => loudness.start());
      app.addHook("onClose", () => loudness.stop());
    },
  };
  return library;
}
