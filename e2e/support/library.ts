import { readFileSync } from "node:fs";
import path from "node:path";
import {
  type Endpoint,
  type EndpointResponse,
  endpointPath,
  playlistsApi,
  songsApi,
  vaultApi,
} from "@fonika/shared";
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
  options: { params?: Record<string, string>; query?: string; body?: unknown; file?: string } = {},
): Promise<EndpointResponse<E>> {
  let body: BodyInit | undefined;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (options.file) {
    const form = new FormData();
    form.append("file", new Blob([readFileSync(path.join(fixtures, options.file))]), options.file);
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

/** Uploads a fixture (tone.mp3 is 'Ёлочка' by Хор Весна…); answers its song id. */
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
