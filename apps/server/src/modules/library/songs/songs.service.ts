import { readFile } from "node:fs/promises";
import {
  LIBRARY,
  type Song,
  type SongMetaChange,
  type SongRating,
  type SongsCreditsChange,
  type songsApi,
} from "@fonika/shared";
import type { z } from "zod";
import type { Actor } from "../../../kernel/actor.ts";
import type { StoredFile } from "../../../kernel/stored-file.ts";
import { BusCache } from "../../../lib/bus-cache.ts";
import { type Page, toPage } from "../../../lib/paging.ts";
import type { EventBus } from "../../../realtime/bus.ts";
import { type FileStore, hashOfKey } from "../../../storage/file-store.ts";
import { imageErrors, storeImage } from "../../../storage/images.ts";
import type { UploadSource } from "../../../storage/upload.ts";
import { type SongLicences, songLicenceOf } from "../../entitlement/entitlement.ts";
import type { MusicAccess } from "../access/music-access.ts";
import type { LibraryStore } from "../store/library.store.ts";
import type { SongFileRow, SongRow } from "../store/songs.repository.ts";
import { artistsOfTrack } from "../store/vault-entries.repository.ts";
import { AUDIO_CONTENT_TYPES, type AudioFacts, readAudioFile } from "./audio-file.ts";
import { songErrors } from "./songs.errors.ts";
import { assertMayEditLibrary, filteredVenueOf, maySeeRemovedSongs } from "./songs.policy.ts";

export interface SongsDependencies {
  store: LibraryStore;
  files: FileStore;
  /** Which playlists a player plays (the players module's directory). */
  players: { playlistsOf(actor: Actor, playerId: string): Promise<string[] | null> };
  /** Where a change of songs' files is told to every process. */
  bus: Pick<EventBus, "publish">;
  /** Who may hear which songs (staff all; clients and devices their allowed playlists'). */
  access: MusicAccess;
  /** Whether an establishment's explicit filter is on (establishments, kept in memory there). */
  explicitFilter: { isOn(establishmentId: string): Promise<boolean> };
}

type SongListQuery = z.output<NonNullable<typeof songsApi.listSongs.query>>;

/**
 * The songs of the library once they are in it: their files, meta, covers,
 * ratings, removal and lists (how they come in is the intake's).
 */
export class SongsService {
  private readonly store: LibraryStore;
  /**
   * What file answers need of a song (its audio and cover descriptors and
   * whether it is removed), kept in memory: a player asks for a song range
   * by range, and each range would otherwise cost a query. Forgotten on
   * every process by a `songs-changed` event, which every change of these
   * columns publishes once it is stored (`announceFileChange`).
   */
  private readonly songFiles: BusCache<SongFileRow>;

  constructor(private readonly deps: SongsDependencies) {
    this.store = deps.store;
    this.songFiles = new BusCache({ load: (id) => this.store.songs.findSongFile(id) });
  }

  /**
   * Tells every process, this one before it answers, that these songs'
   * removal or cover changed, so that none answers from what it knew.
   * Called after the change is stored (committed), never before.
   */
  async announceFileChange(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) {
      await this.deps.bus.publish({ kind: "songs-changed", rooms: [], songIds: [...ids] });
    }
  }

  /** Forgets what is known of these songs' files (a `songs-changed` event named them). */
  forgetFiles(ids: readonly string[]): void {
    this.songFiles.forget(ids);
  }

  /** Forgets every song's file facts (the bus may have missed events). */
  forgetAllFiles(): void {
    this.songFiles.clear();
  }

  /** Removes a cover image from storage when no song shows it any more (covers are shared by content). */
  async forgetCoverIfUnused(key: string): Promise<void> {
    if ((await this.store.songs.countSongsWithCover(key)) === 0) await this.deps.files.remove(key);
  }

  /** The song's audio, for the file answer (Range, ETag) to `<audio>` or a player. */
  async audioFile(actor: Actor, id: string): Promise<StoredFile> {
    const song = await this.hearable(actor, id);
    return {
      key: song.storageKey,
      size: song.sizeBytes,
      contentType: AUDIO_CONTENT_TYPES[song.format as keyof typeof AUDIO_CONTENT_TYPES],
      etag: song.contentHash,
      caching: "immutable",
    };
  }

  /** The song's cover, for the file answer; 404 when it has none. */
  async coverFile(actor: Actor, id: string): Promise<StoredFile> {
    const song = await this.hearable(actor, id);
    if (!song.coverKey || !song.coverType) throw songErrors.coverNotFound();
    return {
      key: song.coverKey,
      size: song.coverSize ?? 0,
      contentType: song.coverType,
      etag: hashOfKey(song.coverKey),
      caching: "revalidate",
    };
  }

  /**
   * The song's file facts if the actor may hear it, from memory (both the
   * facts and the actor's allowed set): a range costs no query. A song the
   * actor may not hear is answered as one that does not exist.
   */
  private async hearable(actor: Actor, id: string): Promise<SongFileRow> {
    const song = await this.songFiles.get(id);
    if (!song || (song.removedAt && !maySeeRemovedSongs(actor))) throw songErrors.songNotFound();
    if (!(await this.deps.access.mayHearSong(actor, id))) throw songErrors.songNotFound();
    await this.assertNotFiltered(actor, song.obsceneLexicon);
    return song;
  }

  /**
   * 403 when the song is explicit and the actor is a device of a venue
   * whose explicit filter is on: no command path can play it there. The
   * filter is kept in memory by establishments, so a range costs no query.
   */
  private async assertNotFiltered(actor: Actor, explicit: boolean): Promise<void> {
    const venue = filteredVenueOf(actor);
    if (explicit && venue && (await this.deps.explicitFilter.isOn(venue))) {
      throw songErrors.explicitFiltered();
    }
  }

  async get(actor: Actor, id: string): Promise<Song> {
    if (!(await this.deps.access.mayHearSong(actor, id))) throw songErrors.songNotFound();
    const row = await this.store.songs.findSong(id);
    if (!row || (row.removedAt && !maySeeRemovedSongs(actor))) throw songErrors.songNotFound();
    await this.assertNotFiltered(actor, row.obsceneLexicon);
    return presentSong(row);
  }

  /** Changes the meta a content manager keeps; catalog ids must exist. */
  async changeMeta(actor: Actor, id: string, change: SongMetaChange): Promise<Song> {
    assertMayEditLibrary(actor);
    await this.assertCatalogEntries(change);
    return this.applyMeta(id, change);
  }

  /**
   * Credits many songs at once (an album's tracks, issue 32) with the same
   * authors and/or copyright holder: all of them or none, in one transaction.
   */
  async changeCredits(actor: Actor, change: SongsCreditsChange): Promise<{ changed: number }> {
    assertMayEditLibrary(actor);
    await this.assertCatalogEntries(change);
    const { songIds, authorIds, copyrightHolderId, artists } = change;
    const changed = await this.store.withTx(async (tx) => {
      if ((await tx.songCredits.lockSongs(songIds)) !== songIds.length)
        throw songErrors.songNotFound();
      if (copyrightHolderId !== undefined)
        await tx.songCredits.setCopyrightHolder(songIds, copyrightHolderId);
      if (authorIds) await tx.songCredits.setSongAuthors(songIds, authorIds);
      if (artists) await tx.songCredits.setSongArtists(songIds, artists);
      return { changed: songIds.length };
    });
    // Whose licence the songs rest on may have changed: what may play is read again.
    if (copyrightHolderId !== undefined) await this.deps.access.announceChange();
    return changed;
  }

  /** A change must not point at what the catalog does not have. */
  private async assertCatalogEntries(
    ids: Parameters<LibraryStore["catalog"]["catalogEntriesExist"]>[0],
  ) {
    const found = await this.store.catalog.catalogEntriesExist(ids);
    if (!found.genre) throw songErrors.catalogEntryNotFound("Жанр");
    if (!found.author) throw songErrors.catalogEntryNotFound("Автор");
    if (!found.copyrightHolder) throw songErrors.catalogEntryNotFound("Правообладатель");
  }

  /**
   * The operator's repair of text read wrongly from tags (`npm run
   * repair-tags`, see tag-repair.ts): changed as a meta change is, so the
   * vault's tracks follow. No actor: it runs with the shell's access to the
   * data and is never reachable over HTTP.
   */
  async correctTagText(
    id: string,
    change: Partial<Pick<SongMetaChange, "title" | "artists" | "album">>,
  ): Promise<Song> {
    return this.applyMeta(id, change);
  }

  /** Writes a meta change; the vault's tracks follow the title and artists in the same transaction. */
  private async applyMeta(id: string, change: Partial<SongMetaChange>): Promise<Song> {
    let explicitChanged = false;
    let holderChanged = false;
    const row = await this.store.withTx(async (tx) => {
      const { authorId, authorIds, ...columns } = change;
      const before = await tx.songs.findSong(id);
      if (!before || !(await tx.songs.updateSong(id, columns))) throw songErrors.songNotFound();
      const credited =
        authorIds ?? (authorId === undefined ? undefined : authorId ? [authorId] : []);
      if (credited) await tx.songCredits.setSongAuthors([id], credited);
      explicitChanged =
        change.obsceneLexicon !== undefined && change.obsceneLexicon !== before.obsceneLexicon;
      holderChanged =
        change.copyrightHolderId !== undefined &&
        change.copyrightHolderId !== before.copyrightHolderId;
      const changed = (await tx.songs.findSong(id)) as SongRow;
      // The vault's tracks show the song's title and artists: they follow in the same transaction.
      if (change.title !== undefined || change.artists !== undefined) {
        await tx.vaultEntries.followSong(id, {
          name: changed.title,
          artists: artistsOfTrack(changed.artists),
        });
      }
      return changed;
    });
    // File answers to filtering venues' devices rest on the mark: every process forgets it.
    if (explicitChanged) await this.announceFileChange([id]);
    // Another holder, another licence: what may play is read again (issue 32).
    if (holderChanged) await this.deps.access.announceChange();
    return presentSong(row);
  }

  /** Replaces the cover with an uploaded JPEG, PNG or WebP image. */
  async changeCover(actor: Actor, id: string, upload: UploadSource): Promise<Song> {
    assertMayEditLibrary(actor);
    const before = await this.store.songs.findSongFile(id);
    if (!before) throw songErrors.songNotFound();
    const maxBytes = LIBRARY.maxImageMb * 1024 * 1024;
    const file = await upload({ maxBytes, tooLargeReason: imageErrors.tooLargeReason() });
    try {
      const cover = await storeImage(this.deps.files, "covers", await readFile(file.path));
      if (!cover) throw imageErrors.unsupported();
      await this.store.songs.updateSong(id, {
        coverKey: cover.key,
        coverType: cover.contentType,
        coverSize: cover.size,
      });
      await this.announceFileChange([id]);
      if (before.coverKey && before.coverKey !== cover.key) {
        await this.forgetCoverIfUnused(before.coverKey);
      }
      return this.presentById(id);
    } finally {
      await file.discard();
    }
  }

  /**
   * Removes a song from lists and search. Its file and row stay: broadcast
   * history refers to it, and uploading the same file brings it back.
   */
  async remove(actor: Actor, id: string): Promise<void> {
    assertMayEditLibrary(actor);
    const song = await this.store.songs.findSongFile(id);
    if (!song) throw songErrors.songNotFound();
    if (song.removedAt) return;
    await this.store.songs.updateSong(id, { removedAt: new Date() });
    await this.announceFileChange([id]);
  }

  /**
   * The caller's rating of a song (1–5); answers the song's average over
   * everyone. A song the caller may not hear is refused as its meta is.
   */
  async rate(actor: Actor, songId: string, rating: number) {
    const song = await this.store.songs.findSongFile(songId);
    if (!song || song.removedAt) throw songErrors.songNotFound();
    if (!(await this.deps.access.mayHearSong(actor, songId))) throw songErrors.songNotFound();
    const averageRating = await this.store.songRatings.rateSong({
      userId: actor.userId,
      songId,
      rating,
    });
    return { songId, rating, averageRating };
  }

  /**
   * The ratings of these songs (a page of a list, each id once), in the
   * order asked: each one's average, count and the caller's own rating.
   * Only songs the caller may rate are answered: one it may not hear, or
   * a removed or unknown one, is left out (docs/decisions.md, Song
   * ratings), so the answer tells nothing of songs beyond the caller's
   * reach and one song gone from a list never fails the whole page.
   */
  async ratings(actor: Actor, songIds: readonly string[]): Promise<SongRating[]> {
    // Who may hear what is kept in memory (music-access.ts): no query per id.
    const rateable: string[] = [];
    for (const songId of songIds) {
      if (await this.deps.access.mayHearSong(actor, songId)) rateable.push(songId);
    }
    const rows = await this.store.songRatings.ratingsOf(actor.userId, rateable);
    const bySong = new Map(rows.map((row) => [row.songId, row]));
    return rateable.flatMap((songId) => bySong.get(songId) ?? []);
  }

  /** Songs of the library; a client or device sees only those of its allowed playlists. */
  async list(actor: Actor, query: SongListQuery): Promise<Page<Song>> {
    const allowed = await this.deps.access.playlistsOf(actor);
    let playlistIds = allowed ? [...allowed] : undefined;
    if (query.playerId) {
      const played = await this.deps.players.playlistsOf(actor, query.playerId);
      if (!played) throw songErrors.playerNotFound();
      playlistIds = allowed ? played.filter((id) => allowed.has(id)) : played;
    }
    // A listener is not offered what no venue may play today; staff see it marked (issue 32).
    const licences = await this.deps.access.songLicences();
    const { rows, total } = await this.store.songs.listSongs({
      ...query,
      playlistIds,
      excludeSongIds: allowed ? [...licences.barred] : undefined,
    });
    const songs = rows.map(presentSong);
    return toPage(
      allowed ? songs : songs.map((song) => marked(song, licences)),
      total,
      query.limit,
    );
  }

  /** Songs by id, presented, in the order asked (unknown ids, and removed ones unless asked, are left out). */
  async getMany(
    ids: readonly string[],
    options: { includeRemoved?: boolean } = {},
  ): Promise<Song[]> {
    const rows = await this.store.songs.findSongs([...new Set(ids)]);
    const shown = options.includeRemoved ? rows : rows.filter((row) => !row.removedAt);
    const byId = new Map(shown.map((row) => [row.id, presentSong(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Reads an audio file as an upload does (format, duration, tags), refusing what is not accepted audio. */
  describeAudio(filePath: string, originalName: string): Promise<AudioFacts> {
    return readAudioFile(filePath, originalName);
  }

  /** A song as the API shows it, whatever its state (the intake answers what it stored). */
  async presentById(id: string): Promise<Song> {
    const row = await this.store.songs.findSong(id);
    if (!row) throw songErrors.songNotFound();
    return presentSong(row);
  }
}

/** A song with what its holder's licences say of it, when they end or ended. */
function marked(song: Song, licences: SongLicences): Song {
  const licence = songLicenceOf(song.id, licences);
  return licence ? { ...song, licence } : song;
}

/** What leaves the server of a song row. */
export function presentSong(row: SongRow): Song {
  const reference = (id: string | null, name: string | null) =>
    id && name !== null ? { id, name } : null;
  return {
    id: row.id,
    title: row.title,
    artists: row.artists,
    album: row.album,
    genre: reference(row.genreId, row.genreName),
    year: row.year,
    obsceneLexicon: row.obsceneLexicon,
    isrc: row.isrc,
    copyrightHolder: reference(row.copyrightHolderId, row.copyrightHolderName),
    authors: row.authors,
    author: row.authors[0] ?? null,
    format: row.format as Song["format"],
    durationMs: row.durationMs,
    bitrate: row.bitrate,
    sizeBytes: row.sizeBytes,
    hasCover: row.coverKey !== null,
    loudness: {
      status: row.loudnessStatus as Song["loudness"]["status"],
      integratedLufs: row.integratedLufs,
      truePeakDb: row.truePeakDb,
      gainDb: row.gainDb,
    },
    playCount: row.playCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
