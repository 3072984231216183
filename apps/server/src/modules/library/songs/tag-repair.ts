import type { LibraryStore } from "../store/library.store.ts";
import type { SongsService } from "./songs.service.ts";
import { repairTagText } from "./tag-text.ts";

/** Songs read at once. */
const BATCH = 500;
/** Changes shown as examples. */
const EXAMPLES = 10;

export type RepairedField = "title" | "artists" | "album" | "genre";

export interface TagRepairReport {
  /** Songs looked at (removed ones too: they can come back). */
  songs: number;
  /** Songs whose text was (or, on a dry run, would be) repaired. */
  songsChanged: number;
  /** Values repaired per field; a song's artists count once. */
  fields: Record<RepairedField, number>;
  /** Genres renamed, and genres merged into one already named so. */
  genresRenamed: number;
  genresMerged: number;
  /** The first few changes, as they read before and after. */
  examples: Array<{ field: RepairedField; before: string; after: string }>;
  dryRun: boolean;
}

export interface TagRepairOptions {
  store: LibraryStore;
  songs: SongsService;
  /** Report what would change and change nothing. */
  dryRun?: boolean;
  /** After each batch of songs: how many have been looked at. */
  onProgress?: (songsDone: number) => void;
}

/**
 * The one-shot repair of songs stored before tags were read right
 * (`npm run repair-tags`): every song's title, artists and album, and every
 * genre's name, that are mojibake of cp1251 or UTF-8 read as Latin-1 (the
 * rules of tag-text.ts) are read again. Songs change through the songs
 * service's meta path, so their vault tracks follow and the search's
 * columns and terms (kept by the database) with them. A genre whose
 * repaired name already exists is merged into that one. Running it again
 * changes nothing: repaired text is real Unicode.
 */
export async function repairStoredTags(options: TagRepairOptions): Promise<TagRepairReport> {
  const dryRun = options.dryRun ?? false;
  const report: TagRepairReport = {
    songs: 0,
    songsChanged: 0,
    fields: { title: 0, artists: 0, album: 0, genre: 0 },
    genresRenamed: 0,
    genresMerged: 0,
    examples: [],
    dryRun,
  };
  const note = (field: RepairedField, before: string, after: string) => {
    report.fields[field]++;
    if (report.examples.length < EXAMPLES) report.examples.push({ field, before, after });
  };

  let afterId: string | null = null;
  for (;;) {
    const batch = await options.store.songs.listSongTagText(afterId, BATCH);
    if (batch.length === 0) break;
    for (const song of batch) {
      const change: { title?: string; artists?: string[]; album?: string } = {};
      const title = repairTagText(song.title);
      if (title !== song.title) {
        change.title = title;
        note("title", song.title, title);
      }
      const artists = song.artists.map(repairTagText);
      if (artists.some((artist, index) => artist !== song.artists[index])) {
        change.artists = artists;
        note("artists", song.artists.join(", "), artists.join(", "));
      }
      const album = song.album === null ? null : repairTagText(song.album);
      if (album !== null && album !== song.album) {
        change.album = album;
        note("album", song.album ?? "", album);
      }
      if (Object.keys(change).length === 0) continue;
      report.songsChanged++;
      if (!dryRun) await options.songs.correctTagText(song.id, change);
    }
    report.songs += batch.length;
    afterId = batch.at(-1)?.id ?? null;
    options.onProgress?.(report.songs);
  }

  for (const genre of await options.store.catalog.listGenres()) {
    const name = repairTagText(genre.name);
    if (name === genre.name) continue;
    note("genre", genre.name, name);
    await options.store.withTx(async (tx) => {
      const twin = await tx.catalog.findOtherGenreNamed(genre.id, name);
      if (twin) report.genresMerged++;
      else report.genresRenamed++;
      if (dryRun) return;
      if (twin) {
        await tx.songs.moveSongsToGenre(genre.id, twin.id);
        await tx.catalog.deleteEntry("genre", genre.id);
      } else {
        await tx.catalog.renameGenre(genre.id, name);
      }
    });
  }
  return report;
}
