import { readdir } from "node:fs/promises";
import path from "node:path";
import type { TrackPlacementService } from "../vault/track-placement.service.ts";
import type { SongIntakeService } from "./song-intake.service.ts";

/** Files made into songs at once. */
const BATCH = 50;

/** Files the import reads by their extension; the content still decides (as for uploads). */
export const IMPORT_EXTENSIONS = new Set([
  ".mp3",
  ".ogg",
  ".oga",
  ".opus",
  ".flac",
  ".wav",
  ".m4a",
]);

export interface ImportProgress {
  done: number;
  total: number;
  added: number;
  known: number;
  failed: number;
}

export interface ImportReport extends ImportProgress {
  /** Files that could not be read as accepted audio, with the reason (Russian). */
  failures: Array<{ file: string; reason: string }>;
  /** Files skipped for their extension. */
  ignored: number;
  /** True when stopped before the end (a signal): running again carries on. */
  stopped: boolean;
}

export interface ImportOptions {
  intake: SongIntakeService;
  placement: TrackPlacementService;
  /** The folder tree on disk. */
  directory: string;
  /** A folder of the Tracks partition to put the tree under (default: its root). */
  folder?: string | undefined;
  onProgress?: (progress: ImportProgress) => void;
  /** Aborting stops after the batch in hand (at most 50 files). */
  signal?: AbortSignal;
}

/**
 * Imports a catalog that exists on disk (`npm run import -- DIR`): every
 * audio file under `directory` becomes a song (identical content once) and a
 * track in the folder of the Tracks partition that mirrors its directory.
 * Each file is committed on its own, so an import stopped halfway and run
 * again adds only what is missing: known content is recognised by its hash
 * and a track already in its folder is not added twice.
 */
export async function importLibrary(options: ImportOptions): Promise<ImportReport> {
  const root = path.resolve(options.directory);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const audio = files.filter((file) => IMPORT_EXTENSIONS.has(path.extname(file).toLowerCase()));
  const report: ImportReport = {
    done: 0,
    total: audio.length,
    added: 0,
    known: 0,
    failed: 0,
    failures: [],
    ignored: files.length - audio.length,
    stopped: false,
  };
  // One folder per directory, made once even when its files are read in parallel.
  const folders = new Map<string, Promise<string>>();
  const folderOf = (directory: string) => {
    let folder = folders.get(directory);
    if (!folder) {
      const names = [
        ...(options.folder ? [options.folder] : []),
        ...(directory ? directory.split(path.sep) : []),
      ];
      folder = options.placement.importFolder(names);
      folders.set(directory, folder);
    }
    return folder;
  };

  // Files go in batches: the songs of a batch are made at once, then its
  // tracks are placed per folder, one transaction each.
  for (let start = 0; start < audio.length && !options.signal?.aborted; start += BATCH) {
    const batch = audio.slice(start, start + BATCH);
    const outcomes = await options.intake.importFiles(batch);
    const byDirectory = new Map<string, Array<{ songId: string; known: boolean }>>();
    for (const outcome of outcomes) {
      if ("error" in outcome) {
        report.failed++;
        report.failures.push({
          file: path.relative(root, outcome.filePath),
          reason: outcome.error.reason,
        });
        continue;
      }
      const directory = path.relative(root, path.dirname(outcome.filePath));
      const songs = byDirectory.get(directory) ?? [];
      songs.push({ songId: outcome.id, known: outcome.alreadyInLibrary });
      byDirectory.set(directory, songs);
    }
    for (const [directory, songs] of byDirectory) {
      const placed = await options.placement.importTracks(
        await folderOf(directory),
        songs.map((song) => song.songId),
      );
      for (const song of songs) {
        if (song.known && !placed.has(song.songId)) report.known++;
        else report.added++;
        placed.delete(song.songId);
      }
    }
    report.done += batch.length;
    options.onProgress?.({ ...report });
  }
  report.failures.sort((a, b) => a.file.localeCompare(b.file));
  report.stopped = report.done < report.total;
  return report;
}
