import path from "node:path";
import { type AudioFormat, LIBRARY } from "@fonika/shared";
import { type IAudioMetadata, parseFile } from "music-metadata";
import { songErrors } from "./songs.errors.ts";
import { repairOptionalTagText, repairTagText } from "./tag-text.ts";

/** What the library keeps of an audio file, read from its content. */
export interface AudioFacts {
  format: AudioFormat;
  contentType: string;
  durationMs: number;
  bitrate: number | null;
  title: string;
  artists: string[];
  album: string | null;
  genre: string | null;
  /** Composers, lyricists and writers the tags credit (TCOM, TEXT, …), each once. */
  authors: string[];
  /** The publisher or label the tags name, else the copyright line's owner. */
  copyrightHolder: string | null;
  year: number | null;
  cover: { data: Uint8Array; contentType: string } | null;
}

/** The media type each accepted format is served with. */
export const AUDIO_CONTENT_TYPES: Record<AudioFormat, string> = {
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  flac: "audio/flac",
  wav: "audio/wav",
  m4a: "audio/mp4",
};

const COVER_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

/**
 * Reads format, duration, bitrate, tags and cover art of the audio file at
 * `filePath` (music-metadata, by content, never by its name). Throws the
 * 415 `unsupported-file` for anything that is not audio of an accepted
 * format and the 400 `unreadable-file` for a file whose duration cannot be
 * read. `originalName` gives the title when the tags have none.
 */
export async function readAudioFile(filePath: string, originalName: string): Promise<AudioFacts> {
  let metadata: IAudioMetadata;
  try {
    metadata = await parseFile(filePath, { duration: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/MIME-type not supported|Failed to determine audio format/i.test(message)) {
      throw songErrors.unsupportedAudio(message);
    }
    throw songErrors.unreadableAudio(message);
  }
  const { format, common } = metadata;
  const kind = formatOf(format.container, format.codec);
  if (!kind) {
    throw songErrors.unsupportedAudio(`Container ${format.container}, codec ${format.codec}`);
  }
  const duration = format.duration;
  if (!duration || !Number.isFinite(duration) || duration <= 0) {
    throw songErrors.unreadableAudio("No duration could be read");
  }
  const picture = common.picture?.find((candidate) => COVER_TYPES.has(candidate.format));
  return {
    format: kind,
    contentType: AUDIO_CONTENT_TYPES[kind],
    durationMs: Math.round(duration * 1000),
    bitrate: format.bitrate ? Math.round(format.bitrate) : null,
    // Tags in cp1251 or UTF-8 that were read as Latin-1 are read again (tag-text.ts).
    title: clean(repairOptionalTagText(common.title)) ?? titleFromName(originalName),
    artists: uniqueNames(
      (common.artists ?? (common.artist ? [common.artist] : [])).map(repairTagText),
    ),
    album: clean(repairOptionalTagText(common.album)),
    genre: clean(repairOptionalTagText(common.genre?.[0])),
    authors: uniqueNames(
      [...(common.composer ?? []), ...(common.lyricist ?? []), ...(common.writer ?? [])]
        .map(repairTagText)
        .flatMap(splitCredits),
      LIBRARY.maxAuthors,
    ),
    copyrightHolder: holderOf(common),
    year: common.year && common.year >= 1000 && common.year <= 2100 ? common.year : null,
    cover: picture ? { data: picture.data, contentType: picture.format } : null,
  };
}

function formatOf(container = "", codec = ""): AudioFormat | undefined {
  if (container === "MPEG" && /Layer 3/.test(codec)) return "mp3";
  if (container === "Ogg" && /opus/i.test(codec)) return "opus";
  if (container === "Ogg" && /vorbis/i.test(codec)) return "ogg";
  if (container === "FLAC") return "flac";
  if (container === "WAVE" && /PCM/i.test(codec)) return "wav";
  if (/^(M4A|mp4|isom|M4B)/i.test(container) && /AAC/i.test(codec)) return "m4a";
  return undefined;
}

const MAX_TEXT = 200;

function clean(value: string | undefined | null): string | null {
  const trimmed = value?.replace(/\s+/g, " ").trim();
  return trimmed ? trimmed.slice(0, MAX_TEXT) : null;
}

/**
 * One credit frame may name several people: ID3v2.3 writes "A/B", taggers
 * "A; B". A comma stays (it is part of names such as "Иванов, И.").
 */
function splitCredits(text: string): string[] {
  return text.split(/\s*[/;]\s*/);
}

/**
 * Who holds the rights, as the tags say: the publisher (TPUB), else the
 * label, else the copyright line (TCOP "℗ 1982 Мелодия") without its
 * mark and year.
 */
function holderOf(common: IAudioMetadata["common"]): string | null {
  const named = [...(common.publisher ?? []), ...(common.label ?? [])]
    .map((name) => clean(repairTagText(name)))
    .find((name) => name !== null);
  if (named) return named;
  const line = repairOptionalTagText(common.copyright);
  return clean(
    line?.replace(/^\s*((\(c\)|\(p\)|[©℗]|copyright)\s*)+(\d{4}(\s*[-–]\s*\d{4})?)?[\s,.]*/i, ""),
  );
}

function uniqueNames(names: string[], max: number = LIBRARY.maxArtists): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const name of names.map(clean)) {
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      result.push(name);
    }
  }
  return result.slice(0, max);
}

/** 'Ёлочка - final.mp3' → 'Ёлочка - final'; a nameless file is 'Без названия'. */
export function titleFromName(name: string): string {
  const base = path.basename(name || "").replace(/\.[^.]{1,5}$/, "");
  return clean(base.replace(/_/g, " ")) ?? "Без названия";
}
