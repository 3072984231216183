import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { LIBRARY, type Song, type SongMetaChange, type songsApi } from "@fonika/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { type Page, toPage } from "../../lib/paging.ts";
import type { Actor } from "../../plugins/auth.ts";
import type { Storage } from "../../plugins/storage.ts";
import { contentKey, type FileStore, hashOfKey } from "../../storage/file-store.ts";
import { imageErrors, storeImage } from "../../storage/images.ts";
import { sendStoredFile } from "../../storage/send-file.ts";
import type { SpooledUpload, UploadSource } from "../../storage/upload.ts";
import { AUDIO_CONTENT_TYPES, type AudioFacts, readAudioFile } from "./audio-file.ts";
import { songErrors } from "./songs.errors.ts";
import { assertMayEditLibrary, maySeeRemovedSongs } from "./songs.policy.ts";
import {
  catalogEntriesExist,
  countSongsWithCover,
  findOrCreateGenre,
  findOrCreateGenres,
  findSong,
  findSongFile,
  findSongIdByHash,
  findSongIdsByHashes,
  findSongs,
  findSongsForTracks,
  insertSong,
  insertSongs,
  listSongs,
  type NewSong,
  rateSong,
  type SongRow,
  updateSong,
} from "./songs.repository.ts";

export interface SongsDependencies {
  db: Database;
  files: FileStore;
  maxUploadBytes: number;
  /** Spools a stream to a temporary file, hashed (the storage plugin's). */
  spool: Storage["spool"];
  /** Which playlists a player plays (the players module's directory). */
  players: { playlistsOf(actor: Actor, playerId: string): Promise<string[] | null> };
  /** Where the song's title and artists also show: the vault's tracks follow them. */
  tracks: { followSong(songId: string, song: { title: string; artists: string[] }): Promise<void> };
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
    const { id, alreadyInLibrary } = await this.addSpooled(file, actor.userId);
    return { song: await this.present(id), alreadyInLibrary };
  }

  /**
   * The operator's import (`npm run import`): files on the server's disk
   * become songs as uploads would (the same checks, one song per content),
   * copied into storage and left where they are, many at once: one query
   * finds the known contents, one insert makes the new songs. Answers each
   * file's song, or the AppError that refused it. No actor: it runs with
   * the shell's access to the data and is never reachable over HTTP.
   */
  async importFiles(filePaths: readonly string[]): Promise<ImportOutcome[]> {
    const { db, files, maxUploadBytes } = this.deps;
    const hashed = await Promise.all(
      filePaths.map(async (filePath) => {
        try {
          return { filePath, ...(await hashFile(filePath, maxUploadBytes)) };
        } catch (error) {
          return { filePath, error: asAppError(error) };
        }
      }),
    );
    const known = await findSongIdsByHashes(
      db,
      hashed.flatMap((file) => ("sha256" in file ? [file.sha256] : [])),
    );
    const outcomes = new Map<string, ImportOutcome>();
    const fresh = new Map<string, { filePath: string; size: number }>();
    for (const file of hashed) {
      if (!("sha256" in file)) {
        outcomes.set(file.filePath, { filePath: file.filePath, error: file.error });
        continue;
      }
      const song = known.get(file.sha256);
      if (song) {
        if (song.removedAt) await updateSong(db, song.id, { removedAt: null });
        outcomes.set(file.filePath, {
          filePath: file.filePath,
          id: song.id,
          alreadyInLibrary: true,
        });
      } else if (!fresh.has(file.sha256)) {
        fresh.set(file.sha256, { filePath: file.filePath, size: file.size });
      }
    }
    // Reading tags is mostly waiting for the disk: the batch's files are read together.
    const parsed = new Map<string, { filePath: string; size: number; audio: AudioFacts }>();
    await Promise.all(
      [...fresh].map(async ([sha256, file]) => {
        try {
          const audio = await readAudioFile(file.filePath, path.basename(file.filePath));
          parsed.set(sha256, { ...file, audio });
        } catch (error) {
          outcomes.set(file.filePath, { filePath: file.filePath, error: asAppError(error) });
        }
      }),
    );
    const keys: string[] = [];
    try {
      const rows: NewSong[] = [];
      const genreIds = await findOrCreateGenres(
        db,
        [...parsed.values()].flatMap((file) => (file.audio.genre ? [file.audio.genre] : [])),
      );
      await Promise.all(
        [...parsed].map(async ([sha256, { filePath, size, audio }]) => {
          const storageKey = contentKey("audio", sha256);
          const cover = audio.cover ? await storeImage(files, "covers", audio.cover.data) : null;
          await files.copyIn(storageKey, filePath, audio.contentType);
          keys.push(storageKey);
          rows.push({
            ...songRowOf(audio, { sha256, size, filename: path.basename(filePath) }, cover),
            storageKey,
            genreId: audio.genre ? (genreIds.get(audio.genre.toLowerCase()) ?? null) : null,
            uploadedBy: null,
          });
        }),
      );
      const made = await insertSongs(db, rows);
      // A content stored meanwhile by an upload: its song is the one.
      const raced = await findSongIdsByHashes(
        db,
        [...parsed.keys()].filter((sha256) => !made.has(sha256)),
      );
      for (const [sha256, { filePath }] of parsed) {
        const id = made.get(sha256) ?? raced.get(sha256)?.id;
        if (id) outcomes.set(filePath, { filePath, id, alreadyInLibrary: !made.has(sha256) });
      }
    } catch (error) {
      const stored = await findSongIdsByHashes(db, [...parsed.keys()]);
      for (const key of keys) if (!stored.has(hashOfKey(key))) await files.remove(key);
      throw error;
    }
    // Files of one content in this batch: the first made the song, the rest find it.
    for (const file of hashed) {
      if (!outcomes.has(file.filePath) && "sha256" in file) {
        const first = fresh.get(file.sha256);
        const song = first ? outcomes.get(first.filePath) : undefined;
        if (song) {
          outcomes.set(
            file.filePath,
            "id" in song
              ? { filePath: file.filePath, id: song.id, alreadyInLibrary: true }
              : { filePath: file.filePath, error: song.error },
          );
        }
      }
    }
    return filePaths.map((filePath) => outcomes.get(filePath) as ImportOutcome);
  }

  /** A spooled file becomes a song (or is the song of its content); the temporary file goes. */
  private async addSpooled(
    file: SpooledUpload,
    uploadedBy: string | null,
  ): Promise<{ id: string; alreadyInLibrary: boolean }> {
    try {
      if (file.size === 0) throw songErrors.unreadableAudio("The file is empty");
      const known = await findSongIdByHash(this.deps.db, file.sha256);
      if (known) {
        if (known.removedAt) await updateSong(this.deps.db, known.id, { removedAt: null });
        return { id: known.id, alreadyInLibrary: true };
      }
      const audio = await readAudioFile(file.path, file.filename);
      const stored = await this.store(uploadedBy, file, audio);
      return { id: stored.id, alreadyInLibrary: stored.existed };
    } finally {
      await file.discard();
    }
  }

  /** Puts the audio and its cover into storage, then the row; undoes the files if the row fails. */
  private async store(
    uploadedBy: string | null,
    file: SpooledUpload,
    audio: AudioFacts,
  ): Promise<{ id: string; existed: boolean }> {
    const { db, files } = this.deps;
    const storageKey = contentKey("audio", file.sha256);
    const cover = audio.cover
      ? await storeImage(this.deps.files, "covers", audio.cover.data)
      : null;
    try {
      await files.putFile(storageKey, file.path, audio.contentType);
      // The genre is found or made on its own: it stands whatever becomes of the song.
      const genreId = audio.genre ? await findOrCreateGenre(db, audio.genre) : null;
      const id = await insertSong(db, {
        ...songRowOf(audio, file, cover),
        storageKey,
        genreId,
        uploadedBy,
      });
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
    return this.applyMeta(id, change);
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

  /** Writes a meta change; the vault's tracks follow the title and artists. */
  private async applyMeta(id: string, change: Partial<SongMetaChange>): Promise<Song> {
    if (!(await updateSong(this.deps.db, id, change))) throw songErrors.songNotFound();
    const song = await this.present(id);
    if (change.title !== undefined || change.artists !== undefined) {
      await this.deps.tracks.followSong(id, { title: song.title, artists: song.artists });
    }
    return song;
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

  async list(actor: Actor, query: SongListQuery): Promise<Page<Song>> {
    let playlistIds: string[] | undefined;
    if (query.playerId) {
      const played = await this.deps.players.playlistsOf(actor, query.playerId);
      if (!played) throw songErrors.playerNotFound();
      playlistIds = played;
    }
    const { rows, total } = await listSongs(this.deps.db, { ...query, playlistIds });
    return toPage(rows.map(presentSong), total, query.limit);
  }

  /** For the vault's tracks: title, size and duration of songs still in the library. */
  async findForTracks(
    db: Executor,
    songIds: readonly string[],
  ): Promise<
    Map<string, { title: string; artists: string[]; sizeBytes: number; durationMs: number }>
  > {
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

/** What a file's import answers: its song, or why it was refused. */
export type ImportOutcome =
  | { filePath: string; id: string; alreadyInLibrary: boolean }
  | { filePath: string; error: AppError };

/** A song row's columns read from its file. */
function songRowOf(
  audio: AudioFacts,
  file: { sha256: string; size: number; filename: string },
  cover: { key: string; contentType: string; size: number } | null,
) {
  return {
    contentHash: file.sha256,
    format: audio.format,
    sizeBytes: file.size,
    durationMs: audio.durationMs,
    bitrate: audio.bitrate,
    originalName: file.filename.slice(0, 255) || null,
    title: audio.title,
    artists: audio.artists,
    album: audio.album,
    year: audio.year,
    coverKey: cover?.key ?? null,
    coverType: cover?.contentType ?? null,
    coverSize: cover?.size ?? null,
  };
}

/** SHA-256 and size of a file on disk, read as a stream; refused as an upload would be. */
async function hashFile(
  filePath: string,
  maxBytes: number,
): Promise<{ sha256: string; size: number }> {
  const { size } = await stat(filePath);
  if (size > maxBytes) {
    throw new AppError(
      "payload-too-large",
      413,
      songErrors.audioTooLarge(maxBytes),
      `${size} bytes`,
    );
  }
  if (size === 0) throw songErrors.unreadableAudio("The file is empty");
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return { sha256: hash.digest("hex"), size };
}

function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  throw error;
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
