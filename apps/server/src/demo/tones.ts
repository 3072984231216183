import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { findFfmpeg } from "../lib/ffmpeg.ts";

/**
 * Short pieces of music made on the spot by the bundled ffmpeg — chords
 * of sine tones with a soft attack and release — free of any licence
 * because nobody wrote them. The demo fills its library with them, and
 * browser tests use them where they need songs that differ (the library
 * keeps one song per content).
 */

const run = promisify(execFile);

export interface ToneSpec {
  title: string;
  artist: string;
  seconds: number;
  /** Frequencies of the chord, Hz. */
  chord: readonly number[];
  /** Peak level of the whole chord, 0–1 (a quiet or a loud master, for the loudness job). */
  level?: number;
}

/** Renders a tone as an MP3 with its title and artist in the tags; answers its path. */
export async function renderTone(spec: ToneSpec, dir: string, name: string): Promise<string> {
  const file = path.join(dir, `${name}.mp3`);
  const level = (spec.level ?? 0.5) / spec.chord.length;
  const voices = spec.chord.map((hz) => `${level.toFixed(4)}*sin(2*PI*${hz}*t)`).join("+");
  const fade = Math.min(1, spec.seconds / 4);
  await run(findFfmpeg(), [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `aevalsrc=${voices}:s=44100:d=${spec.seconds}`,
    "-af",
    `afade=t=in:d=${fade},afade=t=out:st=${spec.seconds - fade}:d=${fade}`,
    "-ac",
    "2",
    "-c:a",
    "libmp3lame",
    "-b:a",
    "128k",
    "-metadata",
    `title=${spec.title}`,
    "-metadata",
    `artist=${spec.artist}`,
    file,
  ]);
  return file;
}
