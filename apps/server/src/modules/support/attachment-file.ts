import { open } from "node:fs/promises";

/**
 * What an uploaded support file is, told by its content (never by its
 * name or the browser's claim): PNG, JPEG, WebP and PDF by their first
 * bytes; a log as plain text: valid UTF-8 without control characters
 * other than tab, line ends, form feed and the escape of terminal colours.
 */

export type SupportFileType =
  | "image/png"
  | "image/jpeg"
  | "image/webp"
  | "application/pdf"
  | "text/plain";

const PNG_SIGNATURE = Buffer.from("89504e470d0a1a0a", "hex");
const CHUNK_BYTES = 64 * 1024;
/** C0 controls a text log may hold: \t \n \f \r and ESC. */
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x1b]);

/** The type of the file at `filePath`, or undefined when it is none of those allowed. */
export async function detectSupportFileType(
  filePath: string,
): Promise<SupportFileType | undefined> {
  const handle = await open(filePath, "r");
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const start = head.subarray(0, bytesRead);
    if (start.toString("latin1", 0, 5) === "%PDF-") return "application/pdf";
    if (start[0] === 0xff && start[1] === 0xd8 && start[2] === 0xff) return "image/jpeg";
    if (start.subarray(0, 8).equals(PNG_SIGNATURE)) return "image/png";
    if (start.toString("latin1", 0, 4) === "RIFF" && start.toString("latin1", 8, 12) === "WEBP") {
      return "image/webp";
    }
    // Text is read through in chunks: a binary file shows itself early.
    const decoder = new TextDecoder("utf-8", { fatal: true });
    const chunk = Buffer.alloc(CHUNK_BYTES);
    for (let position = 0; ; ) {
      const read = await handle.read(chunk, 0, chunk.length, position);
      if (read.bytesRead === 0) break;
      const bytes = chunk.subarray(0, read.bytesRead);
      for (const byte of bytes) {
        if ((byte < 0x20 && !ALLOWED_CONTROLS.has(byte)) || byte === 0x7f) return undefined;
      }
      decoder.decode(bytes, { stream: true });
      position += read.bytesRead;
    }
    decoder.decode();
    return "text/plain";
  } catch (error) {
    if (error instanceof TypeError) return undefined; // not UTF-8
    throw error;
  } finally {
    await handle.close();
  }
}

/** The extension a nameless upload is given, by its content. */
export const SUPPORT_FILE_EXTENSIONS: Record<SupportFileType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "application/pdf": "pdf",
  "text/plain": "txt",
};
