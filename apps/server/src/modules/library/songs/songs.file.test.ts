import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AllowedClient, allowedClient } from "../../../test/allowed-music.ts";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { startTestServer, type TestServer } from "../../../test/harness.ts";
import { audioFixture, uploadFile } from "../../../test/library.ts";

/**
 * GET /music/song/{id}/file as `<audio src>` and players use it (CONTRACT.md
 * Audio): whole file, every kind of byte range, 416, ETag and 304, the token
 * in the query, HEAD, and refusals.
 */

let server: TestServer;
let manager: SignedInUser;
/** A client allowed to hear the songs of these tests (issue 13's allowed rule). */
let client: AllowedClient;
let songId: string;
const data = audioFixture("tone.mp3");

beforeAll(async () => {
  server = await startTestServer();
  manager = await createSignedInUser(server, { role: "role-content-manager" });
  const answer = await uploadFile(server, "/music/song/add", data, {
    token: manager.token,
    filename: "tone.mp3",
  });
  songId = answer.body.song.id;
  client = await allowedClient(server, [songId]);
});

afterAll(async () => {
  await server?.close();
});

function fetchFile(headers: Record<string, string> = {}, query = "", method = "GET", id = songId) {
  return fetch(`${server.url}/api/v1/music/song/${id}/file${query}`, {
    method,
    headers: { authorization: `Bearer ${client.token}`, ...headers },
  });
}

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe("song file", () => {
  it("is kept where the configuration says: S3 when CI's second pass gives one, else DATA_DIR", () => {
    expect(server.app.storage.files.kind).toBe(process.env.TEST_S3_ENDPOINT ? "s3" : "local");
  });

  it("sends the whole file with its length, type, validator and range support", async () => {
    const response = await fetchFile();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect(response.headers.get("content-length")).toBe(String(data.length));
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
    expect(await bytesOf(response)).toEqual(data);
  });

  it("answers each kind of range with exactly its bytes", async () => {
    const size = data.length;
    const cases: Array<[string, number, number]> = [
      ["bytes=0-99", 0, 99],
      ["bytes=100-", 100, size - 1],
      ["bytes=-50", size - 50, size - 1],
      ["bytes=1000-1000", 1000, 1000],
      // An end past the file is cut to its last byte.
      [`bytes=${size - 10}-${size + 1000}`, size - 10, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await fetchFile({ range });
      expect({ range, status: response.status }).toEqual({ range, status: 206 });
      expect(response.headers.get("content-range")).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers.get("content-length")).toBe(String(end - start + 1));
      expect((await bytesOf(response)).equals(data.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it("answers 416 for a range outside the file, and ignores one it cannot read", async () => {
    const outside = await fetchFile({ range: `bytes=${data.length}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe(`bytes */${data.length}`);
    expect(await outside.json()).toMatchObject({ type: "range-not-satisfiable" });

    for (const range of ["bytes=abc", "pages=1-2", "bytes=0-1,5-6,100-200"]) {
      const ignored = await fetchFile({ range });
      expect({ range, status: ignored.status }).toEqual({ range, status: 200 });
      expect((await bytesOf(ignored)).length).toBe(data.length);
    }
  });

  it("answers 304 to a matching If-None-Match, and If-Range decides about the range", async () => {
    const etag = (await fetchFile()).headers.get("etag") ?? "";
    const notModified = await fetchFile({ "if-none-match": etag });
    expect(notModified.status).toBe(304);
    expect((await bytesOf(notModified)).length).toBe(0);
    expect((await fetchFile({ "if-none-match": `W/${etag}` })).status).toBe(304);
    expect((await fetchFile({ "if-none-match": '"something-else"' })).status).toBe(200);

    expect((await fetchFile({ range: "bytes=0-9", "if-range": etag })).status).toBe(206);
    const stale = await fetchFile({ range: "bytes=0-9", "if-range": '"older"' });
    expect(stale.status).toBe(200);
    expect((await bytesOf(stale)).length).toBe(data.length);
  });

  it("takes the token from the query, as <audio src> sends it, and answers HEAD without a body", async () => {
    const viaQuery = await fetch(
      `${server.url}/api/v1/music/song/${songId}/file?access_token=${client.token}`,
      { headers: { range: "bytes=0-9" } },
    );
    expect(viaQuery.status).toBe(206);
    expect((await bytesOf(viaQuery)).equals(data.subarray(0, 10))).toBe(true);

    const head = await fetchFile({}, "", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(data.length));
    expect((await bytesOf(head)).length).toBe(0);
  });

  it("refuses a missing or bad token, an unknown song and a malformed id", async () => {
    const anonymous = await fetch(`${server.url}/api/v1/music/song/${songId}/file`);
    expect(anonymous.status).toBe(401);
    const badQuery = await fetch(
      `${server.url}/api/v1/music/song/${songId}/file?access_token=nonsense`,
    );
    expect(badQuery.status).toBe(401);
    expect(((await badQuery.json()) as { type: string }).type).toBe("unauthorized");
    const unknown = await fetchFile({}, "", "GET", "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b");
    expect(unknown.status).toBe(404);
    const malformed = await fetchFile({}, "", "GET", "not-an-id");
    expect(malformed.status).toBe(400);
  });
});

describe("song file from memory", () => {
  /** Uploads a fixture and reads a range of it, so that its file facts are held in memory. */
  async function streamedSong(fixture: string) {
    const added = await uploadFile(server, "/music/song/add", audioFixture(fixture), {
      token: manager.token,
      filename: fixture,
    });
    const id: string = added.body.song.id;
    const placed = await fetch(`${server.url}/api/v1/vault/${client.versionEntryId}/make-song`, {
      method: "POST",
      headers: { authorization: `Bearer ${manager.token}`, "content-type": "application/json" },
      body: JSON.stringify({ songIds: [id] }),
    });
    expect(placed.status).toBe(200);
    expect((await fetchFile({ range: "bytes=0-9" }, "", "GET", id)).status).toBe(206);
    return id;
  }

  const status = async (id: string, token = client.token) =>
    (
      await fetch(`${server.url}/api/v1/music/song/${id}/file`, {
        headers: { authorization: `Bearer ${token}`, range: "bytes=0-9" },
      })
    ).status;

  it("stops streaming a removed song at once, and streams it again when an upload brings it back", async () => {
    const id = await streamedSong("tone.ogg");
    const removed = await fetch(`${server.url}/api/v1/music/song/${id}/remove`, {
      method: "POST",
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(removed.status).toBe(200);
    expect(await status(id)).toBe(404);
    // Content managers still hear what they removed.
    expect(await status(id, manager.token)).toBe(206);

    const back = await uploadFile(server, "/music/song/add", audioFixture("tone.ogg"), {
      token: manager.token,
      filename: "tone again.ogg",
    });
    expect(back.body).toMatchObject({ alreadyInLibrary: true, song: { id } });
    expect(await status(id)).toBe(206);
  });

  it("streams a removed song again when the operator's import brings it back", async () => {
    const id = await streamedSong("tone.flac");
    await server.app.modules.library.songs.remove(
      await server.app.authenticateToken(manager.token),
      id,
    );
    expect(await status(id)).toBe(404);

    const directory = mkdtempSync(path.join(tmpdir(), "fonika-import-"));
    try {
      writeFileSync(path.join(directory, "tone.flac"), audioFixture("tone.flac"));
      const [outcome] = await server.app.modules.library.intake.importFiles([
        path.join(directory, "tone.flac"),
      ]);
      expect(outcome).toMatchObject({ id, alreadyInLibrary: true });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
    expect(await status(id)).toBe(206);
  });
});
