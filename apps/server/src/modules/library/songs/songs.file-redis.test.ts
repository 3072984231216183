import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedClient } from "../../../test/allowed-music.ts";
import { createSignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { audioFixture, uploadFile } from "../../../test/library.ts";

/**
 * Two server processes on one PostgreSQL and one Redis (CI's second pass
 * provides both): each answers song files from what it holds in memory,
 * and a song removed or brought back on one process is seen by the other
 * through the bus, not only when its memory expires; so is a client's
 * subscription ended on one process (the allowed rule, issue 13).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!redisUrl || !postgresUrl)("song files across two processes", () => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    first = await startTestServer({ REDIS_URL: redisUrl });
    second = await startTestServer({
      REDIS_URL: redisUrl,
      DATABASE_URL: first.config.databaseUrl,
      JWT_SECRET: first.config.jwtSecret,
      // One store for both: what the first stores, the second serves.
      ...(first.config.s3
        ? { S3_PREFIX: first.config.s3.prefix }
        : { DATA_DIR: first.config.dataDir }),
    });
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("a song removed on one process stops streaming on the other, and streams again when brought back", async () => {
    const manager = await createSignedInUser(first, { role: "role-content-manager" });
    const data = audioFixture("tone.wav");
    const added = await uploadFile(first, "/music/song/add", data, {
      token: manager.token,
      filename: "tone.wav",
    });
    const id: string = added.body.song.id;
    const client = await allowedClient(first, [id]);
    const streamOnSecond = async () =>
      (
        await fetch(`${second.url}/api/v1/music/song/${id}/file`, {
          headers: { authorization: `Bearer ${client.token}`, range: "bytes=0-9" },
        })
      ).status;
    // The second process now holds the song's file facts in memory.
    expect(await streamOnSecond()).toBe(206);

    const removed = await call(first, "POST", `/music/song/${id}/remove`, { token: manager.token });
    expect(removed.status).toBe(200);
    // Redis carries the event in about a millisecond; give it a moment.
    await expect.poll(streamOnSecond, { timeout: 2000 }).toBe(404);

    const back = await uploadFile(first, "/music/song/add", data, {
      token: manager.token,
      filename: "tone again.wav",
    });
    expect(back.body).toMatchObject({ alreadyInLibrary: true, song: { id } });
    await expect.poll(streamOnSecond, { timeout: 2000 }).toBe(206);
  });

  it("a subscription ended on one process stops the client's songs on the other", async () => {
    const manager = await createSignedInUser(first, { role: "role-content-manager" });
    const added = await uploadFile(first, "/music/song/add", audioFixture("tone.flac"), {
      token: manager.token,
      filename: "tone.flac",
    });
    const id: string = added.body.song.id;
    const client = await allowedClient(first, [id]);
    const streamOnSecond = async () =>
      (
        await fetch(`${second.url}/api/v1/music/song/${id}/file`, {
          headers: { authorization: `Bearer ${client.token}`, range: "bytes=0-9" },
        })
      ).status;
    // The second process now holds the client's allowed songs in memory.
    expect(await streamOnSecond()).toBe(206);

    const clientManager = await createSignedInUser(first, { role: "role-client-manager" });
    const ended = await call(first, "POST", `/subscription/${client.subscriptionId}/end`, {
      token: clientManager.token,
    });
    expect(ended.status).toBe(200);
    await expect.poll(streamOnSecond, { timeout: 2000 }).toBe(404);
  });
});
