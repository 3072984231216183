import { type FileHandle, open } from "node:fs/promises";
import type { AuthorAttachment } from "@fonika/shared";

/**
 * What an uploaded document is, told by its content (never by its name):
 * PDF, JPEG and PNG by their first bytes; DOC by the "WordDocument" stream
 * in its OLE2 compound file; DOCX and ODT by what their ZIP holds.
 */

export type DocumentType = AuthorAttachment["contentType"];

const OLE2_SIGNATURE = Buffer.from("d0cf11e0a1b11ae1", "hex");
const PNG_SIGNATURE = Buffer.from("89504e470d0a1a0a", "hex");
const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;
const ZIP_END_OF_DIRECTORY = 0x06054b50;
const ODT_MIMETYPE = "application/vnd.oasis.opendocument.text";
/** A DOCX's or ODT's central directory is a few kilobytes; a bigger one is not a document. */
const MAX_ZIP_DIRECTORY_BYTES = 1024 * 1024;

/** The document type of the file at `filePath` (`size` bytes), or undefined when it is none. */
export async function detectDocumentType(
  filePath: string,
  size: number,
): Promise<DocumentType | undefined> {
  const handle = await open(filePath, "r");
  try {
    const head = await readAt(handle, 0, Math.min(size, 16));
    if (head.toString("latin1", 0, 5) === "%PDF-") return "application/pdf";
    if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
    if (head.subarray(0, 8).equals(PNG_SIGNATURE)) return "image/png";
    if (head.subarray(0, 8).equals(OLE2_SIGNATURE)) {
      return (await holdsWordDocumentStream(handle, size)) ? "application/msword" : undefined;
    }
    if (head.length >= 4 && head.readUInt32LE(0) === ZIP_LOCAL_HEADER) {
      return await zipDocumentType(handle, size);
    }
    return undefined;
  } finally {
    await handle.close();
  }
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(Math.max(0, length));
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
  return buffer.subarray(0, bytesRead);
}

/** A directory entry's name field: "WordDocument" in UTF-16LE with its terminating zero. */
const WORD_STREAM_NAME = Buffer.from("WordDocument\0", "utf16le");
const DIRECTORY_ENTRY_BYTES = 128;

/**
 * Whether an OLE2 compound file holds the stream a Word 97–2003 document
 * keeps its text in. Directory entries are 128 bytes and sectors are 512
 * or 4096, so every entry starts at a multiple of 128 in the file: the
 * file is read in aligned chunks and each aligned place where the name
 * stands is checked for the name's length (26) and the stream type (2).
 */
async function holdsWordDocumentStream(handle: FileHandle, size: number): Promise<boolean> {
  const chunkBytes = DIRECTORY_ENTRY_BYTES * 8192;
  for (let start = 0; start < size; start += chunkBytes) {
    const chunk = await readAt(handle, start, Math.min(chunkBytes, size - start));
    for (
      let found = chunk.indexOf(WORD_STREAM_NAME);
      found !== -1;
      found = chunk.indexOf(WORD_STREAM_NAME, found + 1)
    ) {
      if (found % DIRECTORY_ENTRY_BYTES !== 0 || found + 68 > chunk.length) continue;
      const nameBytes = chunk.readUInt16LE(found + 64);
      const objectType = chunk[found + 66];
      if (nameBytes === WORD_STREAM_NAME.length && objectType === 2) return true;
    }
  }
  return false;
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

/** DOCX (a Word main part and a content-types part) or ODT (its stored mimetype), else undefined. */
async function zipDocumentType(
  handle: FileHandle,
  size: number,
): Promise<DocumentType | undefined> {
  const entries = await readZipDirectory(handle, size);
  if (!entries) return undefined;
  const names = new Set(entries.map((entry) => entry.name));
  if (names.has("word/document.xml") && names.has("[Content_Types].xml")) {
    return "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
  }
  const mimetype = entries.find((entry) => entry.name === "mimetype");
  // ODF: the mimetype member is stored, not compressed, so that its bytes can be read as they are.
  if (mimetype && mimetype.method === 0 && mimetype.compressedSize === ODT_MIMETYPE.length) {
    const local = await readAt(handle, mimetype.localHeaderOffset, 30);
    if (local.length < 30 || local.readUInt32LE(0) !== ZIP_LOCAL_HEADER) return undefined;
    const dataStart =
      mimetype.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    const data = await readAt(handle, dataStart, mimetype.compressedSize);
    if (data.toString("latin1") === ODT_MIMETYPE) return "application/vnd.oasis.opendocument.text";
  }
  return undefined;
}

/** The entries of a ZIP's central directory; undefined when it cannot be read. */
async function readZipDirectory(handle: FileHandle, size: number): Promise<ZipEntry[] | undefined> {
  // The end record (22 bytes and a comment of up to 65535) closes the file.
  const tailStart = Math.max(0, size - (22 + 0xffff));
  const tail = await readAt(handle, tailStart, size - tailStart);
  let end = -1;
  for (let index = tail.length - 22; index >= 0; index--) {
    if (tail.readUInt32LE(index) === ZIP_END_OF_DIRECTORY) {
      end = index;
      break;
    }
  }
  if (end === -1) return undefined;
  const directoryBytes = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directoryBytes > MAX_ZIP_DIRECTORY_BYTES || directoryOffset + directoryBytes > size) {
    return undefined;
  }
  const directory = await readAt(handle, directoryOffset, directoryBytes);
  const entries: ZipEntry[] = [];
  let place = 0;
  while (place + 46 <= directory.length) {
    if (directory.readUInt32LE(place) !== ZIP_CENTRAL_HEADER) return undefined;
    const nameBytes = directory.readUInt16LE(place + 28);
    const extraBytes = directory.readUInt16LE(place + 30);
    const commentBytes = directory.readUInt16LE(place + 32);
    if (place + 46 + nameBytes > directory.length) return undefined;
    entries.push({
      name: directory.toString("utf8", place + 46, place + 46 + nameBytes),
      method: directory.readUInt16LE(place + 10),
      compressedSize: directory.readUInt32LE(place + 20),
      localHeaderOffset: directory.readUInt32LE(place + 42),
    });
    place += 46 + nameBytes + extraBytes + commentBytes;
  }
  return entries;
}
