import iconv from "iconv-lite";

/**
 * Tag text that came out of music-metadata as mojibake, read back right.
 *
 * Russian catalogs carry cp1251 bytes where tags promise Latin-1 (ID3v1,
 * ID3v2 frames of encoding 0) and UTF-8 bytes in WAV `LIST/INFO` chunks
 * that have no `CSET`; music-metadata reads both as Latin-1, so "Звёздный"
 * becomes "Çâ¸çäíûé" or "Ð\u0097Ð²Ñ\u0091…" (shown by Windows-1252 viewers
 * as "Ð—Ð²Ñ‘…"). A string read as Latin-1 still holds its bytes, one per
 * character, so they can be read again. The decision is made per value
 * (docs/decisions.md "Tag encodings"):
 *
 * 1. Text with a character that is neither Latin-1 nor a Windows-1252
 *    extra is real Unicode (a UTF-8/UTF-16 frame, or already repaired):
 *    kept. So is plain ASCII.
 * 2. Its bytes, when they are valid UTF-8 (they have bytes ≥ 0x80 by now,
 *    so multi-byte sequences) that gives no control characters, are read
 *    as UTF-8. Western Latin-1 names are never valid UTF-8 in practice.
 * 3. Otherwise its bytes are read as cp1251 and kept when that is plausibly
 *    Cyrillic: no word mixes Cyrillic and Latin letters (a Russian word in
 *    cp1251 is all bytes ≥ 0xC0, while "Motörhead" would become
 *    "Motцrhead"), and there is a Cyrillic word of two letters or more, or
 *    no Latin letter at all (a lone "à" in "à la carte" is French).
 *
 * Statistical guessers (chardet) were left aside: on a few-letter tag they
 * guess, and these rules are what the bytes themselves say.
 */
export function repairTagText(value: string): string {
  if (!/[^\p{ASCII}]/u.test(value)) return value;
  const bytes = bytesOf(value);
  if (!bytes) return value;
  const utf8 = decodeUtf8(bytes);
  if (utf8 !== undefined && !hasControls(utf8)) return utf8;
  const cyrillic = iconv.decode(bytes, "win1251");
  return looksCyrillic(cyrillic) ? cyrillic : value;
}

/** `repairTagText` for a value that may be missing. */
export function repairOptionalTagText<T extends string | null | undefined>(value: T): T {
  return (typeof value === "string" ? repairTagText(value) : value) as T;
}

/** Bytes 0x80–0x9F as a Windows-1252 reading shows them ("—" is 0x97). */
const WINDOWS_1252_EXTRAS = new Map<string, number>();
for (let byte = 0x80; byte <= 0x9f; byte++) {
  const char = iconv.decode(Buffer.of(byte), "win1252");
  if (char !== "\uFFFD") WINDOWS_1252_EXTRAS.set(char, byte);
}

/** The bytes a Latin-1 (or Windows-1252) reading made this text of; null for real Unicode. */
function bytesOf(value: string): Buffer | null {
  const bytes = Buffer.alloc(value.length);
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    const byte = code <= 0xff ? code : WINDOWS_1252_EXTRAS.get(value.charAt(index));
    if (byte === undefined) return null;
    bytes[index] = byte;
  }
  return bytes;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function hasControls(text: string): boolean {
  return /[\p{Cc}\uFFFD]/u.test(text.replace(/[\t\n\r]/g, ""));
}

const LATIN = /\p{Script=Latin}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;

function looksCyrillic(text: string): boolean {
  if (hasControls(text)) return false;
  const words = text.match(/\p{L}+/gu) ?? [];
  let cyrillicWords = 0;
  let longCyrillicWord = false;
  let latinLetters = false;
  for (const word of words) {
    const cyrillic = CYRILLIC.test(word);
    const latin = LATIN.test(word);
    if (cyrillic && latin) return false;
    if (cyrillic) {
      cyrillicWords++;
      if ([...word].length >= 2) longCyrillicWord = true;
    }
    if (latin) latinLetters = true;
  }
  return cyrillicWords > 0 && (longCyrillicWord || !latinLetters);
}
