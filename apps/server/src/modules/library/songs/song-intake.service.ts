import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Song } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { AppError } from "../../../lib/app-error.ts";
import type { EventBus } from "../../../realtime/bus.ts";
import { contentKey, type FileStore, hashOfKey } from "../../../storage/file-store.ts";
import { storeImage } from "../../../storage/images.ts";
import type { SpooledUpload, UploadSource } from "../../../storage/upload.ts";
import type { LibraryStore } from "../store/library.store.ts";
import type { NewSong } from "../store/songs.repository.ts";
import { type AudioFacts, readAudioFile } from "./audio-file.ts";
import { songErrors } from "./songs.errors.ts";
import { assertMayEditLibrary } from "./songs.policy.ts";
import type { SongsService } from "./songs.service.ts";

export interface SongIntakeDependencies {
  store: LibraryStore;
  files: FileStore;
  maxUploadBytes: number;
  songs: SongsService;
  /** Tells every process's loudness worker that songs wait to be measured. */
  bus: Pick<EventBus, "publish">;
}

/**
 * How audio becomes songs: one upload, or the operator's import of many
 * files from the server's disk. One stored file per distinct content; the
 * content decides what is accepted, and a refused file leaves nothing behind.
 */
export class SongIntakeService {
  constructor(private readonly deps: SongIntakeDependencies) {}

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
    return { song: await this.deps.songs.presentById(id), alreadyInLibrary };
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
    const { files, maxUploadBytes } = this.deps;
    const db = this.deps.store;
    const hashed = await Promise.all(
      filePaths.map(async (filePath) => {
        try {
          return { filePath, ...(await hashFile(filePath, maxUploadBytes)) };
        } catch (error) {
          return { filePath, error: asAppError(error) };
        }
      }),
    );
    const known = await db.songs.findSongIdsByHashes(
      hashed.flatMap((file) => ("sha256" in file ? [file.sha256] : [])),
    );
    const outcomes = new Map<string, ImportOutcome>();
    const fresh = new Map<string, { filePath: string; size: number }>();
    const broughtBack: string[] = [];
    for (const file of hashed) {
      if (!("sha256" in file)) {
        outcomes.set(file.filePath, { filePath: file.filePath, error: file.error });
        continue;
      }
      const song = known.get(file.sha256);
      if (song) {
        if (song.removedAt) {
          await db.songs.updateSong(song.id, { removedAt: null });
          broughtBack.push(song.id);
        }
        outcomes.set(file.filePath, {
          filePath: file.filePath,
          id: song.id,
          alreadyInLibrary: true,
        });
      } else if (!fresh.has(file.sha256)) {
        fresh.set(file.sha256, { filePath: file.filePath, size: file.size });
      }
    }
    await this.deps.songs.announceFileChange(broughtBack);
    if (broughtBack.length > 0) await this.announcePending();
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
      const entries = await catalogEntriesOf(
        db.catalog,
        [...parsed.values()].map((file) => file.audio),
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
            ...entries.columnsOf(audio),
            uploadedBy: null,
          });
        }),
      );
      const made = await db.songs.insertSongs(rows);
      await db.songCredits.addSongAuthors(
        [...parsed].flatMap(([sha256, { audio }]) => {
          const songId = made.get(sha256);
          return songId ? entries.creditsOf(songId, audio) : [];
        }),
      );
      // A content stored meanwhile by an upload: its song is the one.
      const raced = await db.songs.findSongIdsByHashes(
        [...parsed.keys()].filter((sha256) => !made.has(sha256)),
      );
      for (const [sha256, { filePath }] of parsed) {
        const id = made.get(sha256) ?? raced.get(sha256)?.id;
        if (id) outcomes.set(filePath, { filePath, id, alreadyInLibrary: !made.has(sha256) });
      }
      if (made.size > 0) await this.announcePending();
    } catch (error) {
      const stored = await db.songs.findSongIdsByHashes([...parsed.keys()]);
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
      const known = await this.deps.store.songs.findSongIdByHash(file.sha256);
      if (known) {
        if (known.removedAt) {
          await this.deps.store.songs.updateSong(known.id, { removedAt: null });
          await this.deps.songs.announceFileChange([known.id]);
          await this.announcePending();
        }
        return { id: known.id, alreadyInLibrary: true };
      }
      const audio = await readAudioFile(file.path, file.filename);
      const stored = await this.storeFile(uploadedBy, file, audio);
      if (!stored.existed) await this.announcePending();
      return { id: stored.id, alreadyInLibrary: stored.existed };
    } finally {
      await file.discard();
    }
  }

  /**
   * New or brought-back songs wait for their loudness (a song brought back
   * may still be pending): the workers of every process look now rather
   * than poll. Called once the rows are stored.
   */
  private async announcePending(): Promise<void> {
    await this.deps.bus.publish({ kind: "loudness-pending", rooms: [] });
  }

  /** Puts the audio and its cover into storage, then the row; undoes the files if the row fails. */
  private async storeFile(
    uploadedBy: string | null,
    file: SpooledUpload,
    audio: AudioFacts,
  ): Promise<{ id: string; existed: boolean }> {
    const { files } = this.deps;
    const db = this.deps.store;
    const storageKey = contentKey("audio", file.sha256);
    const cover = audio.cover
      ? await storeImage(this.deps.files, "covers", audio.cover.data)
      : null;
    try {
      await files.putFile(storageKey, file.path, audio.contentType);
      // The catalog's entries are found or made on their own: they stand whatever becomes of the song.
      const entries = await catalogEntriesOf(db.catalog, [audio]);
      const id = await db.songs.insertSong({
        ...songRowOf(audio, file, cover),
        storageKey,
        ...entries.columnsOf(audio),
        uploadedBy,
      });
      if (id) {
        await db.songCredits.addSongAuthors(entries.creditsOf(id, audio));
        return { id, existed: false };
      }
      // A parallel upload of the same content got there first: its row is the song.
      const winner = await db.songs.findSongIdByHash(file.sha256);
      if (!winner) throw new Error("A song row conflicted and then vanished");
      return { id: winner.id, existed: true };
    } catch (error) {
      // The key is the content's: another song of it may already own the file.
      if (!(await db.songs.findSongIdByHash(file.sha256))) await files.remove(storageKey);
      if (cover) await this.deps.songs.forgetCoverIfUnused(cover.key);
      throw error;
    }
  }
}

/** What a file's import answers: its song, or why it was refused. */
export type ImportOutcome =
  | { filePath: string; id: string; alreadyInLibrary: boolean }
  | { filePath: string; error: AppError };

/**
 * The genres, authors and copyright holders the files' tags name, found in
 * the catalog or made there (any letter case is the same entry), and what
 * each file's song points at.
 */
async function catalogEntriesOf(
  catalog: Pick<LibraryStore["catalog"], "findOrCreateEntries">,
  audios: readonly AudioFacts[],
) {
  const [genres, authors, holders] = await Promise.all([
    catalog.findOrCreateEntries(
      "genre",
      audios.flatMap((audio) => (audio.genre ? [audio.genre] : [])),
    ),
    catalog.findOrCreateEntries(
      "author",
      audios.flatMap((audio) => audio.authors),
    ),
    catalog.findOrCreateEntries(
      "copyright-holder",
      audios.flatMap((audio) => (audio.copyrightHolder ? [audio.copyrightHolder] : [])),
    ),
  ]);
  const idOf = (ids: Map<string, string>, name: string | null) =>
    name ? (ids.get(name.toLowerCase()) ?? null) : null;
  return {
    columnsOf: (audio: AudioFacts) => ({
      genreId: idOf(genres, audio.genre),
      copyrightHolderId: idOf(holders, audio.copyrightHolder),
    }),
    creditsOf: (songId: string, audio: AudioFacts) =>
      audio.authors.flatMap((name, position) => {
        const authorId = idOf(authors, name);
        return authorId ? [{ songId, authorId, position }] : [];
      }),
  };
}

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
