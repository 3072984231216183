import { readFile } from "node:fs/promises";
import { LIBRARY, type Song, type SongMetaChange, type songsApi } from "@fonika/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.ts";
import { type Page, toPage } from "../../lib/paging.ts";
import type { Actor } from "../../plugins/auth.ts";
import type { FileStore } from "../../storage/file-store.ts";
import { hashOfKey, imageErrors, storeImage } from "../../storage/images.ts";
import { sendStoredFile } from "../../storage/send-file.ts";
import type { SpooledUpload, UploadSource } from "../../storage/upload.ts";
import { AUDIO_CONTENT_TYPES, type AudioFacts, readAudioFile } from "./audio-file.ts";
import { songErrors } from "./songs.errors.ts";
import { assertMayEditLibrary, maySeeRemovedSongs } from "./songs.policy.ts";
import {
  catalogEntriesExist,
  countSongsWithCover,
  findOrCreateGenre,
  findSong,
  findSongFile,
  findSongIdByHash,
  findSongs,
  findSongsForTracks,
  insertSong,
  listSongs,
  rateSong,
  type SongRow,
  updateSong,
} from "./songs.repository.ts";

export interface SongsDependencies {
  db: Database;
  files: FileStore;
  maxUploadBytes: number;
}

type SongListQuery = z.output<NonNullable<typeof songsApi.listSongs.query>>;

/**
 * The songs of the library: upload (one stored file per distinct content),
 * streaming, meta, covers, removal and the song list.
 */
export class SongsService {
  constructor(private readonly deps: SongsDependencies) {}

  /**
   * Stores an uploaded audio file as a song. The content decides: anything
   * that is not audio of an accepted format, or whose duration cannot be
   * read, is refused and nothing stays behind (no row, no file, no
   * temporary file). Content already in the library answers that song
   * (brought back if it had been removed).
   */
  async add(
    actor: Actor,
    upload: UploadSource,
  ): Promise<{ song: Song; alreadyInLibrary: boolean }> {
    assertMayEditLibrary(actor);
    const maxBytes = this.deps.maxUploadBytes;
    const file = await upload({ maxBytes, tooLargeReason: songErrors.audioTooLarge(maxBytes) });
    try {
      if (file.size === 0) throw songErrors.unreadableAudio("The file is empty");
      const known = await findSongIdByHash(this.deps.db, file.sha256);
      if (known) {
        if (known.removedAt) await updateSong(this.deps.db, known.id, { removedAt: null });
        return { song: await this.present(known.id), alreadyInLibrary: true };
      }
      const audio = await readAudioFile(file.path, file.filename);
      const stored = await this.store(actor, file, audio);
      return { song: await this.present(stored.id), alreadyInLibrary: stored.existed };
    } finally {
      await file.discard();
    }
  }

  /** Puts the audio and its cover into storage, then the row; undoes the files if the row fails. */
  private async store(
    actor: Actor,
    file: SpooledUpload,
    audio: AudioFacts,
  ): Promise<{ id: string; existed: boolean }> {
    const { db, files } = this.deps;
    const storageKey = `audio/${file.sha256.slice(0, 2)}/${file.sha256}`;
    const cover = audio.cover
      ? await storeImage(this.deps.files, "covers", audio.cover.data)
      : null;
    try {
      await files.putFile(storageKey, file.path, audio.contentType);
      const id = await db.transaction(async (tx) =>
        insertSong(tx, {
          contentHash: file.sha256,
          storageKey,
          format: audio.format,
          sizeBytes: file.size,
          durationMs: audio.durationMs,
          bitrate: audio.bitrate,
          originalName: file.filename.slice(0, 255) || null,
          title: audio.title,
          artists: audio.artists,
          album: audio.album,
          genreId: audio.genre ? await findOrCreateGenre(tx, audio.genre) : null,
          year: audio.year,
          coverKey: cover?.key ?? null,
          coverType: cover?.contentType ?? null,
          coverSize: cover?.size ?? null,
          uploadedBy: actor.userId,
        }),
      );
      if (id) return { id, existed: false };
      // A parallel upload of the same content got there first: its row is the song.
      const winner = await findSongIdByHash(db, file.sha256);
      if (!winner) throw new Error("A song row conflicted and then vanished");
      return { id: winner.id, existed: true };
    } catch (error) {
      // The key is the content's: another song of it may already own the file.
      if (!(await findSongIdByHash(db, file.sha256))) await files.remove(storageKey);
      if (cover) await this.forgetImageIfUnused(cover.key);
      throw error;
    }
  }

  private async forgetImageIfUnused(key: string): Promise<void> {
    if ((await countSongsWithCover(this.deps.db, key)) === 0) await this.deps.files.remove(key);
  }

  /** Streams the song's audio (Range, ETag) to `<audio>` or a player. */
  async sendFile(
    actor: Actor,
    id: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const song = await findSongFile(this.deps.db, id);
    if (!song || (song.removedAt && !maySeeRemovedSongs(actor))) throw songErrors.songNotFound();
    return sendStoredFile(this.deps.files, request, reply, {
      key: song.storageKey,
      size: song.sizeBytes,
      contentType: AUDIO_CONTENT_TYPES[song.format as keyof typeof AUDIO_CONTENT_TYPES],
      etag: song.contentHash,
      caching: "immutable",
    });
  }

  /** Streams the song's cover; 404 when it has none. */
  async sendCover(
    actor: Actor,
    id: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const song = await findSongFile(this.deps.db, id);
    if (!song || (song.removedAt && !maySeeRemovedSongs(actor))) throw songErrors.songNotFound();
    if (!song.coverKey || !song.coverType) throw songErrors.coverNotFound();
    return sendStoredFile(this.deps.files, request, reply, {
      key: song.coverKey,
      size: song.coverSize ?? 0,
      contentType: song.coverType,
      etag: hashOfKey(song.coverKey),
      caching: "revalidate",
    });
  }

  async get(actor: Actor, id: string): Promise<Song> {
    const row = await findSong(this.deps.db, id);
    if (!row || (row.removedAt && !maySeeRemovedSongs(actor))) throw songErrors.songNotFound();
    return presentSong(row);
  }

  /** Changes the meta a content manager keeps; catalog ids must exist. */
  async changeMeta(actor: Actor, id: string, change: SongMetaChange): Promise<Song> {
    assertMayEditLibrary(actor);
    const found = await catalogEntriesExist(this.deps.db, change);
    if (!found.genre) throw songErrors.catalogEntryNotFound("Жанр");
    if (!found.author) throw songErrors.catalogEntryNotFound("Автор");
    if (!found.copyrightHolder) throw songErrors.catalogEntryNotFound("Правообладатель");
    if (!(await updateSong(this.deps.db, id, change))) throw songErrors.songNotFound();
    return this.present(id);
  }

  /** Replaces the cover with an uploaded JPEG, PNG or WebP image. */
  async changeCover(actor: Actor, id: string, upload: UploadSource): Promise<Song> {
    assertMayEditLibrary(actor);
    const before = await findSongFile(this.deps.db, id);
    if (!before) throw songErrors.songNotFound();
    const maxBytes = LIBRARY.maxImageMb * 1024 * 1024;
    const file = await upload({ maxBytes, tooLargeReason: imageErrors.tooLargeReason() });
    try {
      const cover = await storeImage(this.deps.files, "covers", await readFile(file.path));
      if (!cover) throw imageErrors.unsupported();
      await updateSong(this.deps.db, id, {
        coverKey: cover.key,
        coverType: cover.contentType,
        coverSize: cover.size,
      });
      if (before.coverKey && before.coverKey !== cover.key) {
        await this.forgetImageIfUnused(before.coverKey);
      }
      return this.present(id);
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
    const song = await findSongFile(this.deps.db, id);
    if (!song) throw songErrors.songNotFound();
    if (!song.removedAt) await updateSong(this.deps.db, id, { removedAt: new Date() });
  }

  /** The caller's rating of a song (1–5); answers the song's average over everyone. */
  async rate(actor: Actor, songId: string, rating: number) {
    const song = await findSongFile(this.deps.db, songId);
    if (!song || song.removedAt) throw songErrors.songNotFound();
    const averageRating = await rateSong(this.deps.db, { userId: actor.userId, songId, rating });
    return { songId, rating, averageRating };
  }

  async list(_actor: Actor, query: SongListQuery): Promise<Page<Song>> {
    const { rows, total } = await listSongs(this.deps.db, query);
    return toPage(rows.map(presentSong), total, query.limit);
  }

  /** For the vault's tracks: title, size and duration of songs still in the library. */
  async findForTracks(
    db: Executor,
    songIds: readonly string[],
  ): Promise<Map<string, { title: string; sizeBytes: number; durationMs: number }>> {
    const rows = await findSongsForTracks(db, songIds);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Songs by id, presented, in the order asked (unknown ids, and removed ones unless asked, are left out). */
  async getMany(
    ids: readonly string[],
    options: { includeRemoved?: boolean } = {},
  ): Promise<Song[]> {
    const rows = await findSongs(this.deps.db, [...new Set(ids)]);
    const shown = options.includeRemoved ? rows : rows.filter((row) => !row.removedAt);
    const byId = new Map(shown.map((row) => [row.id, presentSong(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Reads an audio file as an upload does (format, duration, tags), refusing what is not accepted audio. */
  describeAudio(filePath: string, originalName: string): Promise<AudioFacts> {
    return readAudioFile(filePath, originalName);
  }

  private async present(id: string): Promise<Song> {
    const row = await findSong(this.deps.db, id);
    if (!row) throw songErrors.songNotFound();
    return presentSong(row);
  }
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
    author: reference(row.authorId, row.authorName),
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
