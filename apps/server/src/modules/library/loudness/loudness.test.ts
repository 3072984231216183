import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { getPriority, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { LIBRARY } from "@fonika/shared";
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { songs } from "../../../db/schema.ts";
import { findFfmpeg } from "../../../lib/ffmpeg.ts";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { AUDIO_FIXTURES, audioFixture, uploadFile } from "../../../test/library.ts";
import { LibraryStore } from "../store/library.store.ts";
import {
  gainFor,
  LoudnessJob,
  type LoudnessOutcome,
  type MeasureOptions,
  measureLoudness,
  parseDecodedMs,
  parseLoudnessSummary,
  TRUE_PEAK_CEILING_DB,
} from "./loudness.ts";

/**
 * Loudness measurement: ffmpeg's ebur128 on real audio (the fixtures are
 * sine tones at −18 dBFS peak, about −22 LUFS; other levels, silence, clicks
 * and broken files are made here with the same ffmpeg), the gain rule, and
 * the background job through the real API: upload, measured in the
 * background, failures, retries, one ffmpeg at a time, shutdown and restart.
 */

const ffmpeg = findFfmpeg();
const target = LIBRARY.loudnessTargetLufs;
const temporary = mkdtempSync(path.join(tmpdir(), "fonika-loudness-"));

afterAll(() => rmSync(temporary, { recursive: true, force: true }));

/** Seconds of audio in each fixture (scripts/make-audio-fixtures.sh). */
const FIXTURE_SECONDS: Record<string, number> = {
  "tone.mp3": 3,
  "tone.opus": 2,
  "tone.ogg": 2,
  "tone.flac": 2,
  "tone.wav": 1,
  "tone.m4a": 2,
};

/**
 * Runs ffmpeg to make test audio: `input` (if any) arrives on stdin, the
 * result is written to a file named `name` in the temporary folder (MP4
 * needs a seekable output) and answered as bytes.
 */
function render(name: string, args: string[], input?: Buffer): Promise<Buffer> {
  const output = path.join(temporary, name);
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpeg,
      [
        "-hide_banner",
        "-loglevel",
        "error",
        "-y",
        ...(input ? ["-i", "pipe:0"] : []),
        ...args,
        output,
      ],
      { stdio: ["pipe", "ignore", "pipe"] },
    );
    let log = "";
    child.stderr.on("data", (chunk: Buffer) => {
      log += chunk.toString();
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(input);
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(readFileSync(output)) : reject(new Error(`ffmpeg ${code}: ${log}`)),
    );
  });
}

/** A sine tone as FLAC: `seconds` long, at `frequency` Hz, ffmpeg's default −18 dBFS peak. */
const tone = (name: string, frequency: number, seconds: number, extra: string[] = []) =>
  render(name, [
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=${frequency}:duration=${seconds}:sample_rate=8000`,
    ...extra,
  ]);

/** Bytes that look random but are the same in every run. */
function noise(length: number, seed: string): Buffer {
  const blocks: Buffer[] = [];
  for (let index = 0; blocks.length * 32 < length; index++) {
    blocks.push(createHash("sha256").update(`${seed}:${index}`).digest());
  }
  return Buffer.concat(blocks).subarray(0, length);
}

let inputs = 0;

/** Writes `data` to a new file without extension (as stored files are); answers its path. */
function inputFile(data: Buffer): string {
  const file = path.join(temporary, `input-${inputs++}`);
  writeFileSync(file, data);
  return file;
}

const measure = (data: Buffer, options: Partial<MeasureOptions> = {}) =>
  measureLoudness(inputFile(data), { ffmpegPath: ffmpeg, ...options });

/**
 * A named pipe holding the first 16 KB of a WAV file and never an end, as a
 * file system that stopped answering: ffmpeg reading it waits for ever. Our
 * end is opened for reading and writing, which on Linux neither waits for
 * ffmpeg nor lets it see an end; 16 KB fit the pipe, so the write never waits.
 */
function stalledFile(name: string): { path: string; close(): void } {
  const file = path.join(temporary, name);
  const made = spawnSync("mkfifo", [file]);
  if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
  const descriptor = openSync(file, "r+");
  writeSync(descriptor, audioFixture("tone.wav").subarray(0, 16_384));
  return { path: file, close: () => closeSync(descriptor) };
}

/** Narrows an outcome to a measurement, failing the test with the outcome otherwise. */
function measured(outcome: LoudnessOutcome) {
  if (outcome.outcome !== "measured") throw new Error(`not measured: ${JSON.stringify(outcome)}`);
  return outcome;
}

/** The pids of the ffmpeg processes this test process runs now (Linux /proc). */
function runningFfmpegs(): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        return command === "ffmpeg" && parent === process.pid ? [Number(pid)] : [];
      } catch {
        return [];
      }
    });
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe("parsing ffmpeg's ebur128 summary", () => {
  const summary = (integrated: string, peak: string) =>
    [
      "[Parsed_ebur128_0 @ 0x1] Summary:",
      "",
      "  Integrated loudness:",
      `    I:         ${integrated} LUFS`,
      "    Threshold: -32.0 LUFS",
      "",
      "  Loudness range:",
      "    LRA:         0.0 LU",
      "",
      "  True peak:",
      `    Peak:      ${peak} dBFS`,
      "",
    ].join("\n");

  it("reads integrated loudness and true peak; silence has neither", () => {
    expect(parseLoudnessSummary(summary("-21.6", "-18.1"))).toEqual({
      integratedLufs: -21.6,
      truePeakDb: -18.1,
    });
    expect(parseLoudnessSummary(summary("-70.0", "-inf"))).toEqual({
      integratedLufs: null,
      truePeakDb: null,
    });
    // Quieter than the absolute gate allows, yet a (tiny) peak.
    expect(parseLoudnessSummary(summary("-70.0", "-62.5"))).toEqual({
      integratedLufs: null,
      truePeakDb: -62.5,
    });
  });

  it("answers nothing without a whole summary", () => {
    expect(parseLoudnessSummary("pipe:0: Invalid data found when processing input")).toBe(
      undefined,
    );
    expect(parseLoudnessSummary(summary("nan", "-3.0"))).toBe(undefined);
    expect(parseLoudnessSummary(summary("-20.0", "-3.0").split("True peak")[0] ?? "")).toBe(
      undefined,
    );
  });

  it("reads how much audio was decoded from the last progress report", () => {
    const log = "size=N/A time=00:00:01.00 bitrate=N/A\nsize=N/A time=01:02:03.45 bitrate=N/A\n";
    expect(parseDecodedMs(log)).toBe(3_723_450);
    expect(parseDecodedMs("no report")).toBe(undefined);
  });
});

describe("gainFor", () => {
  it("brings a song to the target", () => {
    expect(gainFor(-21.6, -18.1)).toBe(7.6);
    expect(gainFor(-20, -10, -16)).toBe(4);
    expect(gainFor(-8, 0.5)).toBe(-6);
  });

  it("never lets the true peak exceed −1 dBTP", () => {
    expect(gainFor(-30, -5)).toBe(4);
    expect(gainFor(-20, 0.3)).toBe(-1.3);
    expect(gainFor(-14, -1)).toBe(0);
  });
});

describe("measureLoudness on real ffmpeg output", () => {
  it("measures every fixture format: a tone at −18 dBFS peak is about −22 LUFS", async () => {
    for (const name of AUDIO_FIXTURES) {
      const seconds = FIXTURE_SECONDS[name] ?? 0;
      const result = measured(
        await measure(audioFixture(name), { expectedDurationMs: seconds * 1000 }),
      );
      expect(result.integratedLufs, name).toBeGreaterThan(-23.5);
      expect(result.integratedLufs, name).toBeLessThan(-20.5);
      expect(result.truePeakDb, name).toBeGreaterThan(-19.5);
      expect(result.truePeakDb, name).toBeLessThan(-16.5);
      expect(Math.abs(result.decodedMs - seconds * 1000), name).toBeLessThan(100);
    }
  });

  it("gives files of other levels the gains that bring each to the target", async () => {
    const source = audioFixture("tone.flac");
    const levels = [-9, 9];
    const results = [];
    for (const level of levels) {
      const variant = await render(`level${level}.wav`, ["-af", `volume=${level}dB`], source);
      const result = measured(await measure(variant));
      const integrated = result.integratedLufs ?? Number.NaN;
      const gain = gainFor(integrated, result.truePeakDb ?? Number.NaN);
      results.push({ integrated, gain });
      // Played with its gain, the file is at the target.
      const played = await render(`level${level}-played.wav`, ["-af", `volume=${gain}dB`], variant);
      const after = measured(await measure(played));
      expect(after.integratedLufs, `${level} dB`).toBeGreaterThan(target - 0.3);
      expect(after.integratedLufs, `${level} dB`).toBeLessThan(target + 0.3);
    }
    const [quiet, loud] = results as [(typeof results)[0], (typeof results)[0]];
    expect(loud.integrated - quiet.integrated).toBeCloseTo(18, 0);
    expect(quiet.gain - loud.gain).toBeCloseTo(18, 0);
    expect(quiet.gain).toBeGreaterThan(0);
    expect(loud.gain).toBeLessThan(0);
  });

  it("raises quiet clicks only up to the true-peak ceiling", async () => {
    // 2 ms bursts at 0.9 every half second: quiet on average, peaks near 0 dBFS.
    const clicks = await render("clicks.flac", [
      "-f",
      "lavfi",
      "-i",
      "aevalsrc='if(lt(mod(t,0.5),0.002),0.9*sin(2*PI*1000*t),0)':s=44100:d=4",
    ]);
    const result = measured(await measure(clicks));
    const integrated = result.integratedLufs ?? Number.NaN;
    const peak = result.truePeakDb ?? Number.NaN;
    expect(integrated).toBeLessThan(-22);
    expect(peak).toBeGreaterThan(-3);
    const gain = gainFor(integrated, peak);
    expect(gain).toBeLessThan(target - integrated - 10);
    expect(peak + gain).toBeLessThanOrEqual(TRUE_PEAK_CEILING_DB + 1e-9);
    expect(peak + gain).toBeGreaterThan(TRUE_PEAK_CEILING_DB - 0.02);
  });

  it("measures silence as having no loudness", async () => {
    const silence = await render("silence.flac", [
      "-f",
      "lavfi",
      "-i",
      "anullsrc=r=8000:cl=mono",
      "-t",
      "3",
    ]);
    expect(await measure(silence, { expectedDurationMs: 3000 })).toEqual({
      outcome: "measured",
      decodedMs: 3000,
      integratedLufs: null,
      truePeakDb: null,
    });
  });

  it("calls a file ffmpeg cannot decode undecodable", async () => {
    const garbage = await measure(noise(20_000, "garbage"));
    expect(garbage).toMatchObject({ outcome: "undecodable", detail: /exited with 1/ });

    // FLAC headers (so the upload accepts it) over noise: nothing decodes.
    const flac = audioFixture("tone.flac");
    const broken = Buffer.concat([flac.subarray(0, 8300), noise(flac.length - 8300, "flac")]);
    expect(await measure(broken, { expectedDurationMs: 2000 })).toMatchObject({
      outcome: "undecodable",
      detail: /no audio decoded|decoded \d+ ms of 2000 ms/,
    });

    // Much less decoded than the song's duration: a truncated or damaged file.
    expect(await measure(audioFixture("tone.flac"), { expectedDurationMs: 10_000 })).toMatchObject({
      outcome: "undecodable",
      detail: /decoded 2000 ms of 10000 ms/,
    });
  });

  it("calls a file that cannot be opened undecodable", async () => {
    expect(
      await measureLoudness(path.join(temporary, "no-such-file"), { ffmpegPath: ffmpeg }),
    ).toMatchObject({ outcome: "undecodable", detail: /No such file/ });
  });

  it("reads an MP4 whose index follows its audio (ffmpeg's default) as one whose index leads", async () => {
    const args = ["-c:a", "aac", "-b:a", "32k"];
    const lateIndex = await tone("late-index.m4a", 440, 20, args);
    const earlyIndex = await tone("early-index.m4a", 440, 20, [...args, "-movflags", "+faststart"]);
    // The layouts are what their names say, and the index is out of reach of
    // ffmpeg's first read (32 KB): from a pipe, the late one decoded nothing.
    expect(lateIndex.indexOf("moov")).toBeGreaterThan(lateIndex.indexOf("mdat"));
    expect(lateIndex.indexOf("mdat")).toBeLessThan(100);
    expect(lateIndex.indexOf("moov")).toBeGreaterThan(32 * 1024);
    expect(earlyIndex.indexOf("moov")).toBeLessThan(earlyIndex.indexOf("mdat"));
    for (const [layout, data] of [
      ["late index", lateIndex],
      ["early index", earlyIndex],
    ] as const) {
      const result = measured(await measure(data, { expectedDurationMs: 20_000 }));
      expect(Math.abs(result.decodedMs - 20_000), layout).toBeLessThan(200);
      expect(result.integratedLufs, layout).toBeGreaterThan(-23.5);
      expect(result.integratedLufs, layout).toBeLessThan(-20.5);
    }
  });

  it("runs ffmpeg at the lowest priority, every thread of it, and an abort kills it", async () => {
    const stalled = stalledFile("stalled-abort");
    try {
      const stop = new AbortController();
      const result = measureLoudness(stalled.path, { ffmpegPath: ffmpeg, signal: stop.signal });
      const [pid] = await waitFor("ffmpeg to start", () => {
        const pids = runningFfmpegs();
        return pids.length > 0 ? pids : undefined;
      });
      const threads = readdirSync(`/proc/${pid}/task`).map(Number);
      expect(threads.map((thread) => getPriority(thread))).toEqual(threads.map(() => 19));
      stop.abort();
      expect(await result).toEqual({ outcome: "interrupted" });
      expect(runningFfmpegs()).toEqual([]);
    } finally {
      stalled.close();
    }
  });

  it("kills a measurement that takes too long", async () => {
    const stalled = stalledFile("stalled-timeout");
    try {
      expect(await measureLoudness(stalled.path, { ffmpegPath: ffmpeg, timeoutMs: 500 })).toEqual({
        outcome: "timed-out",
      });
      expect(runningFfmpegs()).toEqual([]);
    } finally {
      stalled.close();
    }
  });

  it("says so when ffmpeg cannot be started", async () => {
    expect(
      await measureLoudness(inputFile(audioFixture("tone.wav")), {
        ffmpegPath: path.join(temporary, "no-ffmpeg-here"),
      }),
    ).toMatchObject({ outcome: "unavailable", detail: /ENOENT/ });
  });
});

/** Polls the song's meta until its loudness is no longer pending; answers it. */
async function settledLoudness(server: TestServer, token: string, songId: string) {
  const until = Date.now() + 30_000;
  for (;;) {
    const answer = await call(server, "GET", `/music/song/${songId}/meta`, { token });
    expect(answer.status).toBe(200);
    if (answer.body.loudness.status !== "pending") return answer.body.loudness;
    if (Date.now() > until) throw new Error(`Song ${songId} is still pending`);
    await sleep(100);
  }
}

async function songRow(server: TestServer, songId: string) {
  const [row] = await server.app.db.select().from(songs).where(eq(songs.id, songId));
  if (!row) throw new Error(`No song ${songId}`);
  return row;
}

async function upload(server: TestServer, user: SignedInUser, data: Buffer, filename: string) {
  const answer = await uploadFile(server, "/music/song/add", data, {
    token: user.token,
    filename,
  });
  expect(answer.status, filename).toBe(201);
  expect(answer.body.alreadyInLibrary, filename).toBe(false);
  return answer.body.song.id as string;
}

describe("the loudness job", () => {
  let server: TestServer;
  let manager: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer();
    manager = await createSignedInUser(server, { role: "role-content-manager" });
  });

  afterAll(async () => {
    await server?.close();
  });

  it("measures uploads in the background, one ffmpeg at a time, and fails broken files", async () => {
    const tones: Record<string, Buffer> = {};
    for (const name of AUDIO_FIXTURES) tones[name] = audioFixture(name);
    // An m4a as ffmpeg writes it by default, its index after the audio.
    tones["late-index.m4a"] = await tone("job-late-index.m4a", 440, 20, ["-c:a", "aac"]);
    const silent = await render("job-silence.flac", [
      "-f",
      "lavfi",
      "-i",
      "anullsrc=r=8000:cl=mono",
      "-t",
      "2",
    ]);
    const flac = audioFixture("tone.flac");
    const damaged = Buffer.concat([flac.subarray(0, 8300), noise(flac.length - 8300, "job")]);

    // Counted from here on, when the test itself runs no ffmpeg any more.
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, runningFfmpegs().length);
    }, 5);
    try {
      // Every upload wakes the worker: measuring goes on while the next uploads arrive.
      const uploads: Record<string, string> = {};
      for (const [name, data] of Object.entries(tones)) {
        uploads[name] = await upload(server, manager, data, name);
      }
      const silence = await upload(server, manager, silent, "silence.flac");
      const broken = await upload(server, manager, damaged, "broken.flac");

      for (const name of Object.keys(tones)) {
        const loudness = await settledLoudness(server, manager.token, uploads[name] ?? "");
        expect(loudness.status, name).toBe("measured");
        expect(loudness.integratedLufs, name).toBeGreaterThan(-23.5);
        expect(loudness.integratedLufs, name).toBeLessThan(-20.5);
        expect(loudness.truePeakDb, name).toBeLessThan(-16.5);
        expect(loudness.gainDb, name).toBeCloseTo(target - loudness.integratedLufs, 1);
        expect(loudness.truePeakDb + loudness.gainDb, name).toBeLessThanOrEqual(-1);
      }
      expect(await settledLoudness(server, manager.token, silence)).toEqual({
        status: "measured",
        integratedLufs: null,
        truePeakDb: null,
        gainDb: 0,
      });
      expect(await settledLoudness(server, manager.token, broken)).toEqual({
        status: "failed",
        integratedLufs: null,
        truePeakDb: null,
        gainDb: null,
      });
      // A decode failure is final at once: one attempt, out of the queue.
      expect(await songRow(server, broken)).toMatchObject({
        loudnessAttempts: 1,
        loudnessNextAttemptAt: null,
      });
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBe(1);
  });

  it("starts measuring a song as its upload is answered", async () => {
    const songId = await upload(server, manager, await tone("woken.flac", 370, 1), "woken.flac");
    // The upload woke the worker, so waiting for it waits for this song
    // (without the wake-up, the song would wait for the next poll).
    await server.app.modules.library.loudness.idle();
    expect(await songRow(server, songId)).toMatchObject({
      loudnessStatus: "measured",
      loudnessAttempts: 1,
    });
  });

  it("starts measuring imported songs as the import stores them", async () => {
    const directory = mkdtempSync(path.join(temporary, "import-"));
    writeFileSync(path.join(directory, "imported.flac"), await tone("imported.flac", 430, 1));
    const report = await server.app.modules.library.importFromDisk({ directory });
    expect(report).toMatchObject({ added: 1, failed: 0 });
    // The import's event woke the worker: waiting for it waits for this song.
    await server.app.modules.library.loudness.idle();
    const [row] = await server.app.db
      .select()
      .from(songs)
      .where(eq(songs.originalName, "imported.flac"));
    expect(row).toMatchObject({ loudnessStatus: "measured", loudnessAttempts: 1 });
  });

  it("measures a song another process made pending when the bus tells, with no poll", async () => {
    const songId = await upload(server, manager, await tone("bus.flac", 390, 1), "bus.flac");
    await server.app.modules.library.loudness.idle();
    // Pending again, as another process's upload leaves a song here: no wake-up in this process.
    await makePending(server, songId, 0, null);
    await server.app.modules.library.loudness.idle();
    expect((await songRow(server, songId)).loudnessStatus).toBe("pending");
    // What that process publishes, as the bus (Redis) delivers it here.
    await server.app.bus.publish({ kind: "loudness-pending", rooms: [] });
    await server.app.modules.library.loudness.idle();
    expect(await songRow(server, songId)).toMatchObject({
      loudnessStatus: "measured",
      loudnessAttempts: 1,
    });
  });

  it("measures a song whose next try is due later once it is due, on a timer of its own", async () => {
    const songId = await upload(server, manager, await tone("later.flac", 410, 1), "later.flac");
    await server.app.modules.library.loudness.idle();
    // As a failed try (or another process's lease) leaves it: due in 1.5 s.
    const [due] = await makePending(server, songId, 1, sql`now() + interval '1500 milliseconds'`);
    server.app.modules.library.loudness.wake();
    await server.app.modules.library.loudness.idle();
    // It looked, found nothing due, and went to sleep until the try is due.
    expect((await songRow(server, songId)).loudnessStatus).toBe("pending");
    // Nothing wakes it from here on but its timer.
    await waitForRow(server, songId, (row) => row.loudnessStatus === "measured");
    expect((await songRow(server, songId)).loudnessAttempts).toBe(2);
    // Measured when due, not before (the log line of this second measurement).
    const measuredAt = server.logs
      .filter((line) => line.msg === "loudness measured" && line.songId === songId)
      .at(-1)?.time;
    expect(Number(measuredAt)).toBeGreaterThanOrEqual(due?.at?.getTime() ?? Number.NaN);
  });

  it("retries a song whose file cannot be read, and gives up after three tries", async () => {
    const files = server.app.storage.files;
    const said = (songId: string, detail: string) =>
      server.logs.some(
        (line) =>
          line.songId === songId &&
          line.detail === detail &&
          /^loudness: measuring failed/.test(String(line.msg)),
      );
    // The first try meets a storage that fails (a bucket that went away).
    const failing = vi
      .spyOn(files, "withLocalFile")
      .mockRejectedValue(new Error("bucket went away"));
    let songId: string;
    try {
      songId = await upload(server, manager, await tone("missing.flac", 330, 1), "missing.flac");
      await waitForRow(server, songId, (row) => row.loudnessAttempts === 1);
      await server.app.modules.library.loudness.idle();
    } finally {
      failing.mockRestore();
    }
    expect(said(songId, "bucket went away")).toBe(true);
    // The next tries find no file at all.
    await files.remove((await songRow(server, songId)).storageKey);
    for (const next of [2, 3]) {
      const row = await songRow(server, songId);
      expect(row.loudnessStatus).toBe("pending");
      // Not retried at once: the next try waits.
      expect(row.loudnessNextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + 60_000);
      await server.app.db
        .update(songs)
        .set({ loudnessNextAttemptAt: null })
        .where(eq(songs.id, songId));
      server.app.modules.library.loudness.wake();
      await waitForRow(server, songId, (changed) => changed.loudnessAttempts === next);
      await server.app.modules.library.loudness.idle();
    }
    expect(said(songId, "the stored file is missing")).toBe(true);
    expect(await settledLoudness(server, manager.token, songId)).toMatchObject({
      status: "failed",
    });
    expect((await songRow(server, songId)).loudnessAttempts).toBe(3);
  });

  it("gives up on a song whose measurements keep being lost with their process", async () => {
    const songId = await upload(server, manager, await tone("lost.flac", 350, 1), "lost.flac");
    await server.app.modules.library.loudness.idle();
    // Measured after its upload; now made pending again as three processes
    // that died while measuring it would have left it: leases run out.
    await makePending(server, songId, 3, sql`now() - interval '1 second'`);
    server.app.modules.library.loudness.wake();
    expect(await settledLoudness(server, manager.token, songId)).toMatchObject({
      status: "failed",
    });
  });
});

describe("the loudness job while a stored file is copied to a local one", () => {
  it("counts the copy in the time limit, and a shutdown during the copy hands the song back", async () => {
    // The worker is off: this test drives a job of its own.
    const server = await startTestServer({ LOUDNESS_WORKER: "off" });
    try {
      const manager = await createSignedInUser(server, { role: "role-content-manager" });
      const songId = await upload(server, manager, audioFixture("tone.wav"), "tone.wav");
      const files = server.app.storage.files;
      const job = new LoudnessJob({
        store: new LibraryStore(server.app.db),
        files,
        log: server.app.log,
        ffmpegPath: ffmpeg,
        // Long enough for the real measurement at the end, on a busy machine too.
        timeoutMs: 3_000,
        claimsDieWithProcess: false,
      });
      // A bucket that never answers: the copy ends only when its signal stops it.
      const stalled = vi
        .spyOn(files, "withLocalFile")
        .mockImplementation(
          (_key, _work, options) =>
            new Promise((_resolve, reject) =>
              options?.signal?.addEventListener("abort", () => reject(options.signal?.reason)),
            ),
        );
      try {
        expect(await job.measureNext(new AbortController().signal)).toBe(true);
        const timedOut = await songRow(server, songId);
        expect(timedOut).toMatchObject({ loudnessStatus: "pending", loudnessAttempts: 1 });
        expect(timedOut.loudnessNextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + 60_000);
        expect(
          server.logs.some(
            (line) =>
              line.msg === "loudness: measuring failed; will retry" &&
              line.songId === songId &&
              line.detail === "timed out",
          ),
        ).toBe(true);

        await server.app.db
          .update(songs)
          .set({ loudnessNextAttemptAt: null })
          .where(eq(songs.id, songId));
        const shutdown = new AbortController();
        const measuring = job.measureNext(shutdown.signal);
        await waitFor("the second copy", () =>
          stalled.mock.calls.length === 2 ? true : undefined,
        );
        shutdown.abort();
        expect(await measuring).toBe(false);
        // Handed back: uncounted and due at once.
        expect(await songRow(server, songId)).toMatchObject({
          loudnessStatus: "pending",
          loudnessAttempts: 1,
          loudnessNextAttemptAt: null,
        });
      } finally {
        stalled.mockRestore();
      }
      // The store answers again: measured (on this attempt, the second).
      expect(await job.measureNext(new AbortController().signal)).toBe(true);
      expect(await songRow(server, songId)).toMatchObject({
        loudnessStatus: "measured",
        loudnessAttempts: 2,
      });
    } finally {
      await server.close();
    }
  }, 60_000);
});

async function waitForRow(
  server: TestServer,
  songId: string,
  test: (row: Awaited<ReturnType<typeof songRow>>) => boolean,
): Promise<void> {
  const until = Date.now() + 15_000;
  while (!test(await songRow(server, songId))) {
    if (Date.now() > until) throw new Error(`Song ${songId} did not change`);
    await sleep(20);
  }
}

describe("the loudness job across a restart", () => {
  /** The same DATA_DIR, database and bucket prefix: the same deployment started again. */
  const sameDeployment = (server: TestServer) => ({
    DATA_DIR: server.config.dataDir,
    DATABASE_URL: server.config.databaseUrl,
    S3_PREFIX: server.config.s3?.prefix,
  });

  it("measures after a restart what a process with LOUDNESS_WORKER=off or a crashed one left", async () => {
    const first = await startTestServer({ LOUDNESS_WORKER: "off" });
    let firstRunning = true;
    let second: TestServer | undefined;
    try {
      const manager = await createSignedInUser(first, { role: "role-content-manager" });
      const waiting = await upload(first, manager, audioFixture("tone.ogg"), "tone.ogg");
      const crashed = await upload(first, manager, audioFixture("tone.opus"), "tone.opus");
      // As a process that died mid-measurement leaves it: claimed, attempt counted.
      // On PGlite a new start frees such claims at once; on PostgreSQL
      // (other processes may be measuring) they wait for their lease to end.
      const lease =
        first.app.database.kind === "pglite"
          ? sql`now() + interval '1 hour'`
          : sql`now() - interval '1 second'`;
      await first.app.db
        .update(songs)
        .set({ loudnessAttempts: 1, loudnessNextAttemptAt: lease })
        .where(eq(songs.id, crashed));
      // A worker here would measure now, before idle() answers; with the worker off, nothing does.
      first.app.modules.library.loudness.wake();
      await first.app.modules.library.loudness.idle();
      expect((await songRow(first, waiting)).loudnessStatus).toBe("pending");
      await first.close({ keepData: true });
      firstRunning = false;

      second = await startTestServer(sameDeployment(first));
      const token = (await createSignedInUser(second, { role: "role-content-manager" })).token;
      expect(await settledLoudness(second, token, waiting)).toMatchObject({ status: "measured" });
      expect(await settledLoudness(second, token, crashed)).toMatchObject({ status: "measured" });
      expect((await songRow(second, crashed)).loudnessAttempts).toBe(2);
    } finally {
      if (firstRunning) await first.close({ keepData: true });
      await second?.close();
      rmSync(first.config.dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  // Only PostgreSQL lets two processes use one database.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "shares the queue between processes: every song is measured once",
    async () => {
      const uploader = await startTestServer({ LOUDNESS_WORKER: "off" });
      const workers: TestServer[] = [];
      try {
        const manager = await createSignedInUser(uploader, { role: "role-content-manager" });
        const ids: string[] = [];
        for (const name of AUDIO_FIXTURES) {
          ids.push(await upload(uploader, manager, audioFixture(name), name));
        }
        for (let index = 0; index < 2; index++) {
          workers.push(await startTestServer(sameDeployment(uploader)));
        }
        for (const worker of workers) worker.app.modules.library.loudness.wake();
        const token = manager.token;
        for (const id of ids) {
          expect(await settledLoudness(uploader, token, id)).toMatchObject({ status: "measured" });
          expect((await songRow(uploader, id)).loudnessAttempts).toBe(1);
        }
        const measurements = workers
          .flatMap((worker) => worker.logs)
          .filter((line) => line.msg === "loudness measured")
          .map((line) => line.songId);
        expect(measurements.toSorted()).toEqual(ids.toSorted());
      } finally {
        for (const worker of workers) await worker.close({ keepData: true });
        await uploader.close();
      }
    },
    60_000,
  );

  // Two processes on one database need PostgreSQL; the news between them travels through Redis.
  it.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
    "measures in one process a song uploaded in another, woken through the bus",
    async () => {
      const redis = { REDIS_URL: process.env.TEST_REDIS_URL };
      const uploader = await startTestServer({ LOUDNESS_WORKER: "off", ...redis });
      let worker: TestServer | undefined;
      try {
        worker = await startTestServer({ ...sameDeployment(uploader), ...redis });
        // Nothing pending: the worker looked once at start and now sleeps, no timer set.
        await worker.app.modules.library.loudness.idle();
        const manager = await createSignedInUser(uploader, { role: "role-content-manager" });
        const songId = await upload(uploader, manager, audioFixture("tone.flac"), "tone.flac");
        expect(await settledLoudness(uploader, manager.token, songId)).toMatchObject({
          status: "measured",
        });
        expect(
          worker.logs.some((line) => line.msg === "loudness measured" && line.songId === songId),
        ).toBe(true);
      } finally {
        await worker?.close({ keepData: true });
        await uploader.close();
      }
    },
    60_000,
  );

  it("kills a running ffmpeg on shutdown and measures its song after the restart", async () => {
    const first = await startTestServer();
    let firstRunning = true;
    let second: TestServer | undefined;
    try {
      const manager = await createSignedInUser(first, { role: "role-content-manager" });
      // Long enough (10 minutes of audio, a few seconds of work) to be caught running.
      const long = await tone("long.flac", 440, 600);
      const songId = await upload(first, manager, long, "long.flac");
      first.app.modules.library.loudness.wake();
      await waitFor("the song's ffmpeg", () => (runningFfmpegs().length > 0 ? true : undefined));
      await first.close({ keepData: true });
      firstRunning = false;
      // close() killed ffmpeg, rather than letting it finish, and handed the song back.
      expect(runningFfmpegs()).toEqual([]);
      const said = (message: string) =>
        first.logs.some((line) => line.msg === message && line.songId === songId);
      expect(said("loudness: measurement stopped; the song is due again")).toBe(true);
      expect(said("loudness measured")).toBe(false);

      second = await startTestServer(sameDeployment(first));
      const token = (await createSignedInUser(second, { role: "role-content-manager" })).token;
      const loudness = await settledLoudness(second, token, songId);
      expect(loudness.status).toBe("measured");
      expect(loudness.integratedLufs).toBeGreaterThan(-23.5);
      expect(loudness.integratedLufs).toBeLessThan(-20.5);
      // The cut measurement was handed back uncounted: this is the first.
      expect((await songRow(second, songId)).loudnessAttempts).toBe(1);
    } finally {
      if (firstRunning) await first.close({ keepData: true });
      await second?.close();
      rmSync(first.config.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

/**
 * A measured song made pending again, as another process would leave it:
 * its values cleared, `attempts` counted and due at `nextAttemptAt` (null:
 * now). Answers when it is due.
 */
async function makePending(
  server: TestServer,
  songId: string,
  attempts: number,
  nextAttemptAt: SQL | null,
): Promise<{ at: Date | null }[]> {
  return server.app.db
    .update(songs)
    .set({
      loudnessStatus: "pending",
      integratedLufs: null,
      truePeakDb: null,
      gainDb: null,
      loudnessAttempts: attempts,
      loudnessNextAttemptAt: nextAttemptAt,
    })
    .where(eq(songs.id, songId))
    .returning({ at: songs.loudnessNextAttemptAt });
}
