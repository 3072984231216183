import iconv from "iconv-lite";
import { audioFixture } from "./library.ts";

/**
 * Audio files with tags written byte by byte, as the taggers of real
 * Russian catalogs wrote them: ID3v1 and ID3v2 frames marked ISO-8859-1
 * holding cp1251, WAV `LIST/INFO` holding UTF-8, and correct UTF-8/UTF-16
 * frames for comparison. The audio itself is the MPEG frames of the mp3
 * fixture, or a second of PCM silence.
 */

export interface TagValues {
  title?: string;
  artist?: string;
  album?: string;
  genre?: string;
  /** ID3v2 only: TCOM, TEXT, TPUB, TCOP. */
  composer?: string;
  lyricist?: string;
  publisher?: string;
  copyright?: string;
}

/** Text in an encoding iconv-lite knows ("win1251", "latin1", "utf8", "utf16le"). */
export function bytesIn(text: string, encoding: string): Buffer {
  return iconv.encode(text, encoding);
}

/** The MPEG frames of the mp3 fixture, without its ID3v2 tag. */
export function mpegFrames(): Buffer {
  const mp3 = audioFixture("tone.mp3");
  if (mp3.subarray(0, 3).toString("latin1") !== "ID3") return mp3;
  const size = ((mp3[6] ?? 0) << 21) | ((mp3[7] ?? 0) << 14) | ((mp3[8] ?? 0) << 7) | (mp3[9] ?? 0);
  return mp3.subarray(10 + size);
}

/** A 128-byte ID3v1 tag; each field's bytes in `encoding`, cut to 30 bytes. */
export function id3v1(tags: TagValues, encoding: string): Buffer {
  const field = (text: string | undefined, length: number) => {
    const out = Buffer.alloc(length);
    if (text) bytesIn(text, encoding).copy(out, 0, 0, length);
    return out;
  };
  return Buffer.concat([
    Buffer.from("TAG", "latin1"),
    field(tags.title, 30),
    field(tags.artist, 30),
    field(tags.album, 30),
    Buffer.from("2001", "latin1"),
    field(undefined, 30),
    // Genre 255: none (ID3v1 genres are numbers).
    Buffer.of(255),
  ]);
}

/** ID3v2 text frames' encoding byte: 0 ISO-8859-1, 1 UTF-16 with BOM, 3 UTF-8 (v2.4). */
export type Id3v2TextEncoding = 0 | 1 | 3;

/**
 * An ID3v2 tag (version 3 or 4) of text frames TIT2, TPE1, TALB, TCON (and
 * TCOM, TEXT, TPUB, TCOP when given), all
 * marked with `marked`; the bytes are the text in `encoding` (for marked 0,
 * cp1251 is what Russian taggers wrote).
 */
export function id3v2(
  tags: TagValues,
  options: { version: 3 | 4; marked: Id3v2TextEncoding; encoding: string },
): Buffer {
  const frames: Buffer[] = [];
  const ids: Array<[keyof TagValues, string]> = [
    ["title", "TIT2"],
    ["artist", "TPE1"],
    ["album", "TALB"],
    ["genre", "TCON"],
    ["composer", "TCOM"],
    ["lyricist", "TEXT"],
    ["publisher", "TPUB"],
    ["copyright", "TCOP"],
  ];
  for (const [key, id] of ids) {
    const text = tags[key];
    if (!text) continue;
    const encoded =
      options.marked === 1
        ? Buffer.concat([Buffer.of(0xff, 0xfe), bytesIn(text, "utf16le")])
        : bytesIn(text, options.encoding);
    const body = Buffer.concat([Buffer.of(options.marked), encoded]);
    const header = Buffer.alloc(10);
    header.write(id, 0, "latin1");
    if (options.version === 4) header.writeUInt32BE(syncsafe(body.length), 4);
    else header.writeUInt32BE(body.length, 4);
    frames.push(header, body);
  }
  const content = Buffer.concat(frames);
  const header = Buffer.alloc(10);
  header.write("ID3", 0, "latin1");
  header[3] = options.version;
  header.writeUInt32BE(syncsafe(content.length), 6);
  return Buffer.concat([header, content]);
}

function syncsafe(value: number): number {
  return (
    ((value & 0x0fe00000) << 3) |
    ((value & 0x001fc000) << 2) |
    ((value & 0x00003f80) << 1) |
    (value & 0x7f)
  );
}

/** An mp3: an optional ID3v2 tag, the fixture's MPEG frames, an optional ID3v1 tag. */
export function mp3With(tags: { v2?: Buffer; v1?: Buffer }): Buffer {
  return Buffer.concat([tags.v2 ?? Buffer.alloc(0), mpegFrames(), tags.v1 ?? Buffer.alloc(0)]);
}

/**
 * A WAV (one second of 8 kHz mono 16-bit silence) with a `LIST/INFO` chunk
 * of INAM, IART, IPRD, IGNR in `encoding` and no `CSET` (as Windows tools
 * and ffmpeg write it).
 */
export function wavWith(tags: TagValues, encoding: string): Buffer {
  const chunk = (id: string, body: Buffer) => {
    const header = Buffer.alloc(8);
    header.write(id, 0, "latin1");
    header.writeUInt32LE(body.length, 4);
    return Buffer.concat([header, body, Buffer.alloc(body.length % 2)]);
  };
  const info: Buffer[] = [Buffer.from("INFO", "latin1")];
  const ids: Array<[keyof TagValues, string]> = [
    ["title", "INAM"],
    ["artist", "IART"],
    ["album", "IPRD"],
    ["genre", "IGNR"],
  ];
  for (const [key, id] of ids) {
    const text = tags[key];
    if (text) info.push(chunk(id, Buffer.concat([bytesIn(text, encoding), Buffer.of(0)])));
  }
  const sampleRate = 8000;
  const format = Buffer.alloc(16);
  format.writeUInt16LE(1, 0); // PCM
  format.writeUInt16LE(1, 2); // mono
  format.writeUInt32LE(sampleRate, 4);
  format.writeUInt32LE(sampleRate * 2, 8);
  format.writeUInt16LE(2, 12);
  format.writeUInt16LE(16, 14);
  const body = Buffer.concat([
    Buffer.from("WAVE", "latin1"),
    chunk("fmt ", format),
    chunk("LIST", Buffer.concat(info)),
    chunk("data", Buffer.alloc(sampleRate * 2)),
  ]);
  return chunk("RIFF", body);
}
