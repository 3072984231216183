import { spawn } from "node:child_process";
import { constants as osConstants, setPriority } from "node:os";
import path from "node:path";
import { LIBRARY } from "@fonika/shared";
import type { ServiceLog } from "../../../kernel/service-log.ts";
import type { FileStore } from "../../../storage/file-store.ts";
import type { LibraryStore } from "../store/library.store.ts";
import type { ClaimedSong } from "../store/songs.repository.ts";

/**
 * Loudness of every song (EBU R128): ffmpeg's `ebur128` filter measures a
 * song's integrated loudness and true peak, and the song keeps the gain that
 * brings it to the library's target. The measuring runs in the background
 * (plugins/loudness.ts drives this job), one ffmpeg at a time per process,
 * at the lowest CPU priority.
 */

/** The loudest true peak a player may reach after applying the gain, dBTP. */
export const TRUE_PEAK_CEILING_DB = -1;

/**
 * ffmpeg's `ebur128` reports -70 LUFS when no block of the song passes the
 * absolute gate (BS.1770): the song is silence, it has no loudness.
 */
const SILENCE_LUFS = -70;

/**
 * A decode that yields less than this share of the song's duration (as
 * music-metadata read it at upload) is a broken file, not a measurement.
 */
const MIN_DECODED_SHARE = 0.5;

/** ffmpeg's log is kept up to this many characters from its end (the summary is last). */
const STDERR_TAIL_CHARS = 64 * 1024;

/**
 * ffmpeg's arguments for the audio in `file`: video (cover art) and other
 * streams dropped, no output. The input is named `file:<absolute path>` and
 * only the file protocol is allowed, so that neither the path nor what the
 * file says (a playlist naming URLs) can make ffmpeg open anything else.
 * `framelog=verbose` keeps the filter's ten lines per second of audio out of
 * the log; the summary and the final `time=` report are still written.
 */
function ffmpegArgs(file: string): string[] {
  return [
    "-hide_banner",
    "-nostats",
    "-protocol_whitelist",
    "file",
    "-i",
    `file:${path.resolve(file)}`,
    "-vn",
    "-sn",
    "-dn",
    "-af",
    "ebur128=peak=true:framelog=verbose",
    "-f",
    "null",
    "-",
  ];
}

/** What `ebur128` summarized; null where the song has no such value (silence). */
export interface LoudnessSummary {
  /** Integrated loudness, LUFS; null when nothing passed the gate (silence). */
  integratedLufs: number | null;
  /** True peak, dBTP; null when there was no sample above zero (-inf). */
  truePeakDb: number | null;
}

/**
 * Reads the last `Summary:` of ffmpeg's `ebur128` log. Undefined when there
 * is none or a value is not a number. -70 LUFS (nothing above the absolute
 * gate) and a peak of -inf are silence and answer null.
 */
export function parseLoudnessSummary(log: string): LoudnessSummary | undefined {
  const start = log.lastIndexOf("Summary:");
  if (start < 0) return undefined;
  const summary = log.slice(start);
  const integrated = /Integrated loudness:\s*\n\s*I:\s*(\S+)\s+LUFS/.exec(summary)?.[1];
  const peak = /True peak:\s*\n\s*Peak:\s*(\S+)\s+dBFS/.exec(summary)?.[1];
  if (integrated === undefined || peak === undefined) return undefined;
  const integratedLufs = Number(integrated);
  const truePeakDb = peak === "-inf" ? Number.NEGATIVE_INFINITY : Number(peak);
  if (!Number.isFinite(integratedLufs) || Number.isNaN(truePeakDb)) return undefined;
  return {
    integratedLufs: integratedLufs <= SILENCE_LUFS ? null : integratedLufs,
    truePeakDb: Number.isFinite(truePeakDb) ? truePeakDb : null,
  };
}

/**
 * How much audio ffmpeg decoded, from the `time=` of its last progress
 * report, in milliseconds; undefined when the log has none.
 */
export function parseDecodedMs(log: string): number | undefined {
  const reports = [...log.matchAll(/time=\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
  const last = reports.at(-1);
  if (!last) return undefined;
  const [hours, minutes, seconds] = [last[1], last[2], last[3]].map(Number) as [
    number,
    number,
    number,
  ];
  return Math.round(((hours * 60 + minutes) * 60 + seconds) * 1000);
}

/**
 * The gain, dB, that a player applies to bring a song to `targetLufs`:
 * `target − integrated`, but never so much that the song's true peak plus
 * the gain exceeds TRUE_PEAK_CEILING_DB (−1 dBTP). A quiet song with loud
 * transients is therefore raised less than to the target rather than
 * clipped; a loud song is always lowered fully. Rounded down to 0.01 dB.
 */
export function gainFor(
  integratedLufs: number,
  truePeakDb: number,
  targetLufs: number = LIBRARY.loudnessTargetLufs,
): number {
  const toTarget = targetLufs - integratedLufs;
  const headroom = TRUE_PEAK_CEILING_DB - truePeakDb;
  // The epsilon absorbs binary noise (−14 − −21.6 = 7.6000000000000014).
  return Math.floor(Math.min(toTarget, headroom) * 100 + 1e-6) / 100;
}

/** How one measurement ended. */
export type LoudnessOutcome =
  | ({ outcome: "measured"; decodedMs: number } & LoudnessSummary)
  /** ffmpeg could not decode the audio, or decoded too little of it: the file is broken. */
  | { outcome: "undecodable"; detail: string }
  /**
   * The stored file could not be had (missing, storage or network failure);
   * the job's, never measureLoudness's: worth another try later.
   */
  | { outcome: "source-failed"; detail: string }
  /** Took longer than `timeoutMs`; ffmpeg was killed. */
  | { outcome: "timed-out" }
  /** ffmpeg was killed by a signal it was not sent by us (out of memory…). */
  | { outcome: "crashed"; detail: string }
  /** The caller's signal aborted it; ffmpeg was killed. */
  | { outcome: "interrupted" }
  /** ffmpeg could not be started at all: nothing is wrong with the song. */
  | { outcome: "unavailable"; detail: string };

export interface MeasureOptions {
  ffmpegPath: string;
  /** The song's duration as read at upload: a decode of much less is a broken file. */
  expectedDurationMs?: number;
  /** Kills ffmpeg after this long (default 10 min). */
  timeoutMs?: number;
  /** Aborting kills ffmpeg at once: the outcome is `interrupted`. */
  signal?: AbortSignal;
}

/**
 * Measures the audio in the local file at `file` with ffmpeg's `ebur128`
 * filter. ffmpeg reads the file itself, seeking where the format needs it
 * (an MP4 whose index `moov` follows its audio, ffmpeg's own default, can
 * only be read that way); a stored file gets a path from the store's
 * `withLocalFile`. ffmpeg runs at the lowest CPU priority. Never rejects:
 * every way it can end is an outcome; a file that cannot be opened is
 * `undecodable`, like one that cannot be decoded.
 */
export function measureLoudness(file: string, options: MeasureOptions): Promise<LoudnessOutcome> {
  return new Promise((resolve) => {
    let log = "";
    let stoppedBy: "timeout" | "abort" | undefined;
    let settled = false;

    const child = spawn(options.ffmpegPath, ffmpegArgs(file), {
      stdio: ["ignore", "ignore", "pipe"],
    });
    if (child.pid !== undefined) {
      try {
        // At once, while ffmpeg is still reading its arguments and before it
        // starts a decoding thread, so that every thread inherits it.
        setPriority(child.pid, osConstants.priority.PRIORITY_LOW);
      } catch {
        // It already exited; its exit status tells what happened.
      }
    }
    const kill = (reason: NonNullable<typeof stoppedBy>) => {
      stoppedBy ??= reason;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(() => kill("timeout"), options.timeoutMs ?? 10 * 60_000);
    const onAbort = () => kill("abort");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    if (options.signal?.aborted) kill("abort");

    const finish = (outcome: LoudnessOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve(outcome);
    };

    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      log = (log + chunk).slice(-STDERR_TAIL_CHARS);
    });

    child.on("error", (error) => {
      // Not started (ENOENT, EACCES…): no close event follows with a status.
      if (child.pid === undefined) finish({ outcome: "unavailable", detail: error.message });
    });
    child.on("close", (code, signal) => {
      if (stoppedBy === "abort") return finish({ outcome: "interrupted" });
      if (stoppedBy === "timeout") return finish({ outcome: "timed-out" });
      if (signal) return finish({ outcome: "crashed", detail: `ffmpeg killed by ${signal}` });
      finish(judge(code, log, options.expectedDurationMs));
    });
  });
}

/** Reads a finished ffmpeg's exit code and log into an outcome. */
function judge(code: number | null, log: string, expectedDurationMs?: number): LoudnessOutcome {
  if (code !== 0) {
    return { outcome: "undecodable", detail: `ffmpeg exited with ${code}: ${errorLines(log)}` };
  }
  const summary = parseLoudnessSummary(log);
  const decodedMs = parseDecodedMs(log);
  if (!summary || decodedMs === undefined) {
    return { outcome: "undecodable", detail: `no loudness summary: ${errorLines(log)}` };
  }
  if (decodedMs === 0) {
    return { outcome: "undecodable", detail: `no audio decoded: ${errorLines(log)}` };
  }
  if (expectedDurationMs && decodedMs < expectedDurationMs * MIN_DECODED_SHARE) {
    return {
      outcome: "undecodable",
      detail: `decoded ${decodedMs} ms of ${expectedDurationMs} ms: ${errorLines(log)}`,
    };
  }
  return { outcome: "measured", decodedMs, ...summary };
}

/** The last few lines of ffmpeg's log that name a problem, for the server log. */
function errorLines(log: string): string {
  const lines = log
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /error|invalid|partial|could not|failed|empty/i.test(line));
  return lines.slice(-3).join(" | ").slice(0, 500) || "no error in its log";
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

// ---------------------------------------------------------------------------
// The job.

export interface LoudnessJobOptions {
  store: LibraryStore;
  files: FileStore;
  log: ServiceLog;
  ffmpegPath: string;
  /** Default LIBRARY.loudnessTargetLufs (−14). */
  targetLufs?: number;
  /** How long a claim holds without renewal (default 2 min); renewed every third of it. */
  leaseMs?: number;
  /** Wait after a storage failure, timeout or crash before the next try (default 5 min). */
  retryDelayMs?: number;
  /** Tries of one song before it is `failed` (default 3). */
  maxAttempts?: number;
  /** Longest measurement of one song, a copy from the bucket included (default 10 min). */
  timeoutMs?: number;
  /**
   * True when no other process can hold claims in this database (embedded
   * PGlite: one process per DATA_DIR), so that at start every claim is a
   * dead process's and is released at once instead of at its lease's end.
   */
  claimsDieWithProcess: boolean;
}

/** Thrown when ffmpeg cannot be started: the song is handed back, nothing is wrong with it. */
export class LoudnessToolError extends Error {
  override name = "LoudnessToolError";
}

/**
 * The loudness job: measures pending songs one at a time. `measureNext`
 * claims the oldest song due, measures it and stores the result:
 * - measured: `measured` with integrated loudness, true peak and the gain
 *   (gainFor); silence is `measured` with no loudness and a gain of 0;
 * - a file ffmpeg cannot decode: `failed` at once (the same bytes would
 *   fail again);
 * - storage failure, timeout or a crash of ffmpeg: tried again after
 *   `retryDelayMs`, `failed` after `maxAttempts` tries (a try lost with a
 *   crashed process counts too);
 * - interrupted by the signal (shutdown): handed back, uncounted and due at
 *   once, so the next start (or another process) measures it.
 */
export class LoudnessJob {
  private readonly targetLufs: number;
  private readonly leaseMs: number;
  private readonly retryDelayMs: number;
  private readonly maxAttempts: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: LoudnessJobOptions) {
    this.targetLufs = options.targetLufs ?? LIBRARY.loudnessTargetLufs;
    this.leaseMs = options.leaseMs ?? 2 * 60_000;
    this.retryDelayMs = options.retryDelayMs ?? 5 * 60_000;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.timeoutMs = options.timeoutMs ?? 10 * 60_000;
  }

  /** Run once at start: frees the claims a crashed process left, where that is safe. */
  async recover(): Promise<void> {
    if (!this.options.claimsDieWithProcess) return;
    const released = await this.options.store.songs.releaseAllClaims();
    if (released > 0) {
      this.options.log.info({ songs: released }, "loudness: claims of a previous run released");
    }
  }

  /**
   * How long until the next pending song is due, in milliseconds (0: now),
   * counting retries' delays and other processes' leases; undefined when no
   * song is pending. The worker sleeps that long when nothing is due.
   */
  nextDueInMs(): Promise<number | undefined> {
    return this.options.store.songs.msUntilNextLoudnessDue();
  }

  /**
   * Measures one song due now and answers whether there may be more (false:
   * none was due, or the signal stopped it). Throws LoudnessToolError when
   * ffmpeg cannot run (the song is handed back), and database errors.
   */
  async measureNext(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return false;
    const { store: db, log } = this.options;
    const song = await db.songs.claimNextSong(this.leaseMs);
    if (!song) return false;
    if (song.attempts > this.maxAttempts) {
      await db.songs.markLoudnessFailed(song.id);
      log.warn(
        { songId: song.id, attempts: song.attempts - 1 },
        "loudness: measurements of the song kept being lost; marked failed",
      );
      return true;
    }
    const renewal = setInterval(() => {
      db.songs
        .renewClaim(song.id, this.leaseMs)
        .catch((error: unknown) =>
          log.warn({ err: error, songId: song.id }, "loudness: renewing a claim failed"),
        );
    }, this.leaseMs / 3);
    let result: LoudnessOutcome;
    try {
      result = await this.measure(song, signal);
    } finally {
      clearInterval(renewal);
    }
    return this.record(song, result);
  }

  /**
   * Measures the song's stored file from a local path: the store's own file,
   * or a temporary copy of an S3 object. The time limit covers the copy and
   * ffmpeg together. measureLoudness never rejects, so a rejection here is
   * the store's: the file could not be had.
   */
  private async measure(song: ClaimedSong, signal: AbortSignal): Promise<LoudnessOutcome> {
    const started = Date.now();
    const deadline = AbortSignal.timeout(this.timeoutMs);
    try {
      const outcome = await this.options.files.withLocalFile(
        song.storageKey,
        (file) =>
          measureLoudness(file, {
            ffmpegPath: this.options.ffmpegPath,
            expectedDurationMs: song.durationMs,
            timeoutMs: Math.max(0, started + this.timeoutMs - Date.now()),
            signal,
          }),
        { signal: AbortSignal.any([signal, deadline]) },
      );
      return outcome ?? { outcome: "source-failed", detail: "the stored file is missing" };
    } catch (error) {
      // Shutdown stopped a copy from the bucket: nothing is wrong with the song.
      if (signal.aborted) return { outcome: "interrupted" };
      if (deadline.aborted) return { outcome: "timed-out" };
      return { outcome: "source-failed", detail: describe(error) };
    }
  }

  /** Stores what a measurement ended with; answers whether to go on. */
  private async record(song: ClaimedSong, result: LoudnessOutcome): Promise<boolean> {
    const { store: db, log } = this.options;
    const songId = song.id;
    switch (result.outcome) {
      case "measured": {
        const { integratedLufs, truePeakDb } = result;
        // Silence keeps its level: raising it to the target would only raise noise.
        const gainDb =
          integratedLufs === null ? 0 : gainFor(integratedLufs, truePeakDb ?? 0, this.targetLufs);
        await db.songs.storeLoudness(songId, { integratedLufs, truePeakDb, gainDb });
        log.info({ songId, integratedLufs, truePeakDb, gainDb }, "loudness measured");
        return true;
      }
      case "undecodable":
        await db.songs.markLoudnessFailed(songId);
        log.warn({ songId, detail: result.detail }, "loudness: ffmpeg cannot decode the song");
        return true;
      case "interrupted":
        await db.songs.releaseClaim(songId);
        log.info({ songId }, "loudness: measurement stopped; the song is due again");
        return false;
      case "unavailable":
        await db.songs.releaseClaim(songId);
        throw new LoudnessToolError(`ffmpeg cannot be started: ${result.detail}`);
      default: {
        const detail = result.outcome === "timed-out" ? "timed out" : result.detail;
        if (song.attempts >= this.maxAttempts) {
          await db.songs.markLoudnessFailed(songId);
          log.warn(
            { songId, attempts: song.attempts, detail },
            "loudness: measuring failed again; marked failed",
          );
        } else {
          await db.songs.postponeLoudness(songId, this.retryDelayMs);
          log.warn(
            { songId, attempts: song.attempts, detail, retryInMs: this.retryDelayMs },
            "loudness: measuring failed; will retry",
          );
        }
        return true;
      }
    }
  }
}
