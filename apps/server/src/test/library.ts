import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestServer } from "./harness.ts";

/** Test helpers of the music library: audio fixtures, uploads, what storage holds. */

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "audio");

/** The small tagged files made by scripts/make-audio-fixtures.sh. */
export const AUDIO_FIXTURES = [
  "tone.mp3",
  "tone.opus",
  "tone.ogg",
  "tone.flac",
  "tone.wav",
  "tone.m4a",
];

export function audioFixture(name: string): Buffer {
  return readFileSync(path.join(fixtures, name));
}

export interface UploadOptions {
  token?: string;
  filename?: string;
  type?: string;
  /** The multipart field; CONTRACT.md's is `file`. */
  field?: string;
}

/** POSTs one file as multipart/form-data, as the browser does; answers status and body. */
export async function uploadFile(
  server: Pick<TestServer, "url">,
  pathName: string,
  data: Uint8Array,
  options: UploadOptions = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append(
    options.field ?? "file",
    new Blob([data], { type: options.type ?? "application/octet-stream" }),
    options.filename ?? "upload.bin",
  );
  const response = await fetch(`${server.url}/api/v1${pathName}`, {
    method: "POST",
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Uploads the first `count` audio fixtures as a content manager would; answers the songs' ids in order. */
export async function uploadFixtureSongs(
  server: Pick<TestServer, "url">,
  token: string,
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (const name of AUDIO_FIXTURES.slice(0, count)) {
    const uploaded = await uploadFile(server, "/music/song/add", audioFixture(name), {
      token,
      filename: name,
    });
    if (uploaded.status !== 201) throw new Error(`could not upload ${name}`);
    ids.push(uploaded.body.song.id as string);
  }
  return ids;
}

/** Every stored file's key under a prefix, in whichever store the server uses. */
export function storedKeys(server: TestServer, prefix = ""): Promise<string[]> {
  return server.app.storage.files.list(prefix);
}

/** Temporary uploads left in DATA_DIR (there must be none after a request ends). */
export function temporaryUploads(server: TestServer): string[] {
  try {
    return readdirSync(path.join(server.config.dataDir, "tmp", "uploads"));
  } catch {
    return [];
  }
}
