import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Endpoint,
  type EndpointResponse,
  endpointPath,
  playlistsApi,
  songsApi,
  vaultApi,
} from "@fonika/shared";
import { renderTone } from "../../apps/server/src/demo/tones.ts";
import { E2E } from "./environment.ts";

/**
 * A library made through the real API for flows that start from one (a
 * client searching it): songs uploaded from the test fixtures, playlists
 * with a version of tracks. The content manager's own flow builds its
 * library in the browser instead.
 */

const fixtures = path.resolve("apps/server/src/test/fixtures/audio");

async function send<E extends Endpoint>(
  endpoint: E,
  token: string,
  options: {
    params?: Record<string, string>;
    query?: string;
    body?: unknown;
    /** A fixture's name, or a path of a file made for the flow. */
    file?: string;
  } = {},
): Promise<EndpointResponse<E>> {
  let body: BodyInit | undefined;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (options.file) {
    const form = new FormData();
    const file = path.isAbsolute(options.file) ? options.file : path.join(fixtures, options.file);
    form.append("file", new Blob([readFileSync(file)]), path.basename(file));
    body = form;
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const url = `${E2E.baseUrl}/api/v1${endpointPath(endpoint.path, options.params)}${options.query ?? ""}`;
  const response = await fetch(url, { method: endpoint.method, headers, body });
  if (!response.ok) {
    throw new Error(
      `${endpoint.method} ${url} answered ${response.status}: ${await response.text()}`,
    );
  }
  return (await response.json()) as EndpointResponse<E>;
}

/** Uploads a fixture (tone.mp3 is 'Ёлочка' by Хор Весна…) or a file made for the flow; answers its song id. */
export async function uploadFixture(token: string, file: string): Promise<string> {
  const answer = await send(songsApi.addSong, token, { file });
  return answer.song.id;
}

/** A playlist with one version holding these songs, in the Playlists root. */
export async function makePlaylist(
  token: string,
  name: string,
  songIds: string[],
): Promise<string> {
  const playlist = await send(playlistsApi.addPlaylist, token, { body: { name } });
  const version = await send(vaultApi.makeVersion, token, {
    params: { id: playlist.entryId as string },
    body: {},
  });
  await send(vaultApi.makeSong, token, {
    params: { id: version.entryId },
    query: "?policy=nothing",
    body: { songIds },
  });
  return playlist.id;
}

/**
 * Songs that differ (the library keeps one song per content): chords made
 * by the bundled ffmpeg, `seconds` long, uploaded in order; answers their ids.
 */
export async function uploadTones(
  token: string,
  label: string,
  seconds: number,
  count: number,
  album?: string,
): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "fonika-e2e-tones-"));
  const run = Date.now() % 1_000_000;
  const ids: string[] = [];
  try {
    for (let n = 0; n < count; n++) {
      const file = await renderTone(
        {
          title: `${label} ${n + 1}`,
          artist: "Хор тонов",
          ...(album ? { album } : {}),
          seconds,
          // A different chord per song and per run.
          chord: [220 + ((run + n * 37) % 200), 330 + n * 11, 440 + n * 7],
        },
        dir,
        `tone-${n}`,
      );
      ids.push(await uploadFixture(token, file));
    }
    return ids;
  } finally {
    // Uploaded, the rendered files are the server's: none is left behind (500 a day of runs were).
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every stored file of the e2e server (its DATA_DIR/files), by path. */
export function storedFiles(): Set<string> {
  const root = path.join(E2E.dataDir, "files");
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.add(full);
    }
  };
  if (existsSync(root)) walk(root);
  return files;
}

/**
 * Uploads one more tone and then spoils its stored audio (every byte
 * zero, the length kept): a song whose file a browser cannot play, as a
 * damaged upload or a failing disk would leave it.
 */
export async function uploadBrokenTone(token: string, label: string): Promise<string> {
  const before = storedFiles();
  const [songId] = await uploadTones(token, label, 3, 1);
  const added = [...storedFiles()].filter((file) => !before.has(file));
  if (!songId || added.length === 0) throw new Error("the broken tone's stored file was not found");
  for (const file of added) writeFileSync(file, Buffer.alloc(statSync(file).size));
  return songId;
}
