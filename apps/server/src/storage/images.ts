import { createHash } from "node:crypto";
import { LIBRARY } from "@fonika/shared";
import { AppError } from "../lib/app-error.ts";
import { contentKey, type FileStore } from "./file-store.ts";

/** The Russian texts of a refused image, the same for every kind of cover. */
export const imageErrors = {
  unsupported: () =>
    new AppError(
      "unsupported-file",
      415,
      "Обложка должна быть изображением JPEG, PNG или WebP",
      "The image is not a JPEG, PNG or WebP image",
    ),
  tooLargeReason: () => `Изображение больше ${LIBRARY.maxImageMb} МБ`,
};

/** The first bytes of each accepted image type (covers, avatars). */
const IMAGE_SIGNATURES: Array<{ type: string; matches: (data: Uint8Array) => boolean }> = [
  {
    type: "image/jpeg",
    matches: (data) => data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff,
  },
  {
    type: "image/png",
    matches: (data) =>
      Buffer.from(data.subarray(0, 8)).equals(Buffer.from("89504e470d0a1a0a", "hex")),
  },
  {
    type: "image/webp",
    matches: (data) =>
      Buffer.from(data.subarray(0, 4)).toString("latin1") === "RIFF" &&
      Buffer.from(data.subarray(8, 12)).toString("latin1") === "WEBP",
  },
];

/** The type of a JPEG, PNG or WebP image by its content; undefined for anything else. */
export function imageTypeOf(data: Uint8Array): string | undefined {
  return IMAGE_SIGNATURES.find((signature) => signature.matches(data))?.type;
}

export interface StoredImage {
  key: string;
  contentType: string;
  size: number;
}

/**
 * Stores an image under `prefix` by its content hash, so that equal images
 * are one file; null when it is not a JPEG, PNG or WebP image. Each owner
 * (song covers, playlist covers…) has its own prefix, so that it alone
 * decides when a file is no longer used.
 */
export async function storeImage(
  files: FileStore,
  prefix: string,
  data: Uint8Array,
): Promise<StoredImage | null> {
  const contentType = imageTypeOf(data);
  if (!contentType) return null;
  const hash = createHash("sha256").update(data).digest("hex");
  const key = contentKey(prefix, hash);
  if (!(await files.exists(key))) await files.putBuffer(key, data, contentType);
  return { key, contentType, size: data.length };
}

/** Largest image decoded for re-encoding: 40 megapixels (a bomb is refused, not decoded). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Re-encodes an uploaded JPEG, PNG or WebP image as a WebP of at most
 * `side` pixels a side (cropped to a square, turned upright by its EXIF
 * orientation, metadata dropped) and stores it under `prefix` by content
 * hash. Null when the content is not such an image or cannot be decoded:
 * what is stored is always an image we made, never the bytes as sent.
 */
export async function storeResizedImage(
  files: FileStore,
  prefix: string,
  data: Uint8Array,
  side: number,
): Promise<StoredImage | null> {
  if (!imageTypeOf(data)) return null;
  // Loaded on the first image: most processes never re-encode one (issue 16, memory).
  const { default: sharp } = await import("sharp");
  let encoded: Buffer;
  try {
    encoded = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(side, side, { fit: "cover", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
  const key = contentKey(prefix, createHash("sha256").update(encoded).digest("hex"));
  if (!(await files.exists(key))) await files.putBuffer(key, encoded, "image/webp");
  return { key, contentType: "image/webp", size: encoded.length };
}
