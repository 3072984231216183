import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AllowedClient, allowedClient } from "../test/allowed-music.ts";
import { createSignedInUser, type SignedInUser } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/harness.ts";
import { audioFixture, uploadFile } from "../test/library.ts";
import { contentDisposition, FILE_CACHE_SECONDS } from "./send-file.ts";

/**
 * How long browsers keep the files the product sends (issue 27): clients'
 * songs and attachments at most a day, private, never `immutable`, so a
 * shared computer's browser cache does not hold them for a year.
 */

let server: TestServer;
let manager: SignedInUser;
let client: AllowedClient;
let songId: string;

beforeAll(async () => {
  server = await startTestServer();
  manager = await createSignedInUser(server, { role: "role-content-manager" });
  const uploaded = await uploadFile(server, "/music/song/add", audioFixture("tone.mp3"), {
    token: manager.token,
    filename: "tone.mp3",
  });
  expect(uploaded.status).toBe(201);
  songId = uploaded.body.song.id;
  client = await allowedClient(server, [songId]);
});

afterAll(async () => {
  await server?.close();
});

/** A Cache-Control that lets a private cache keep the file at most a day, without `immutable`. */
function expectKeptAtMostADay(header: string | null, what: string) {
  expect(header, what).not.toBeNull();
  const directives = (header ?? "").split(",").map((directive) => directive.trim());
  expect(directives, what).toContain("private");
  expect(directives, what).not.toContain("immutable");
  expect(directives, what).not.toContain("public");
  const maxAge = directives.find((directive) => directive.startsWith("max-age="));
  expect(Number(maxAge?.slice("max-age=".length)), what).toBeLessThanOrEqual(24 * 60 * 60);
}

describe("a song file's caching", () => {
  it("is private for at most a day, without immutable, in every answer of the file", async () => {
    expect(FILE_CACHE_SECONDS).toBeLessThanOrEqual(24 * 60 * 60);
    const url = `${server.url}/api/v1/music/song/${songId}/file`;
    const whole = await fetch(`${url}?access_token=${client.token}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("cache-control")).toBe(`private, max-age=${FILE_CACHE_SECONDS}`);
    const etag = whole.headers.get("etag") ?? "";
    await whole.arrayBuffer();
    const answers = {
      whole,
      range: await fetch(url, {
        headers: { authorization: `Bearer ${client.token}`, range: "bytes=0-9" },
      }),
      notModified: await fetch(url, {
        headers: { authorization: `Bearer ${client.token}`, "if-none-match": etag },
      }),
      head: await fetch(url, {
        method: "HEAD",
        headers: { authorization: `Bearer ${client.token}` },
      }),
    };
    expect(answers.range.status).toBe(206);
    expect(answers.notModified.status).toBe(304);
    for (const [what, answer] of Object.entries(answers)) {
      expectKeptAtMostADay(answer.headers.get("cache-control"), what);
    }
  });

  it("applies to a support attachment too", async () => {
    const text = Buffer.from("лог плеера\n");
    const uploaded = await uploadFile(server, "/support/attachments", text, {
      token: client.token,
      filename: "player.log",
    });
    expect(uploaded.status).toBe(201);
    const download = await fetch(`${server.url}/api/v1/support/attachments/${uploaded.body.id}`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(download.status).toBe(200);
    expectKeptAtMostADay(download.headers.get("cache-control"), "support attachment");
  });
});

describe("a download's file name", () => {
  it("loses bidi controls whatever the stored name holds, in both of its forms", () => {
    const header = contentDisposition("attachment", "счёт\u202Efdp.exe\u2066");
    expect(header).toBe(
      `attachment; filename="____fdp.exe"; filename*=UTF-8''${encodeURIComponent("счётfdp.exe")}`,
    );
    expect(decodeURIComponent(header)).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/u);
  });
});
