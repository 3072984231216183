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
  /** The album tag, when the tone belongs to one. */
  album?: string;
}

/** What an MP3 made from an `aevalsrc` expression is: its source, its filters and its tags. */
export interface Mp3Render {
  /** The `aevalsrc` source (expression, rate and length), commas escaped. */
  source: string;
  filters: readonly string[];
  tags: Readonly<Record<string, string>>;
}

/** Renders an expression to a 128 kbit/s stereo MP3 at `file` with the bundled ffmpeg. */
export async function renderMp3({ source, filters, tags }: Mp3Render, file: string): Promise<void> {
  await run(findFfmpeg(), [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `aevalsrc=${source}`,
    "-af",
    filters.join(","),
    "-ac",
    "2",
    "-c:a",
    "libmp3lame",
    "-b:a",
    "128k",
    ...Object.entries(tags).flatMap(([key, value]) => ["-metadata", `${key}=${value}`]),
    file,
  ]);
}

/** Renders a tone as an MP3 with its title, artist (and album) in the tags; answers its path. */
export async function renderTone(spec: ToneSpec, dir: string, name: string): Promise<string> {
  const file = path.join(dir, `${name}.mp3`);
  const level = (spec.level ?? 0.5) / spec.chord.length;
  const voices = spec.chord.map((hz) => `${level.toFixed(4)}*sin(2*PI*${hz}*t)`).join("+");
  const fade = Math.min(1, spec.seconds / 4);
  await renderMp3(
    {
      source: `${voices}:s=44100:d=${spec.seconds}`,
      filters: [`afade=t=in:d=${fade}`, `afade=t=out:st=${spec.seconds - fade}:d=${fade}`],
      tags: {
        title: spec.title,
        artist: spec.artist,
        ...(spec.album ? { album: spec.album } : {}),
      },
    },
    file,
  );
  return file;
}
