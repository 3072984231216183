import { randomUUID } from "node:crypto";
import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playerAlerts } from "../db/schema.ts";
import { createSignedInUser, type SignedInUser } from "../test/factories.ts";
import { call, startTestServer, type TestServer } from "../test/harness.ts";
import { audioFixture, uploadFile } from "../test/library.ts";
import { connect, nextOfType } from "../test/socket-client.ts";
import {
  addPlayer,
  createVenueStaff,
  deviceTokenFor,
  playlistOf,
  subscribedClient,
  type VenueStaff,
} from "../test/venues.ts";

/**
 * GET /metrics on the real server (issue 16): absent without METRICS_TOKEN,
 * behind it as a bearer token otherwise, and every figure the operator
 * watches in Prometheus's text format.
 */

const TOKEN = "metrics-token-of-the-test-0123456789abcdef";

async function scrape(server: TestServer, authorization?: string) {
  const response = await fetch(`${server.url}/metrics`, {
    headers: authorization ? { authorization } : {},
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get("content-type"), text };
}

/** A series (`name{labels}`, as written) and its value, per line of the exposition format; throws on a line that is not one. */
function parseExposition(text: string): Map<string, number> {
  const series = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("# HELP ") || line.startsWith("# TYPE ")) continue;
    const match = /^([a-zA-Z_:][\w:]*(?:\{(?:[a-zA-Z_]\w*="(?:[^"\\]|\\.)*",?)*\})?) (\S+)$/.exec(
      line,
    );
    if (!match) throw new Error(`not a Prometheus line: ${line}`);
    // Prometheus reads floats as Go does: NaN in any case, ±Inf.
    const value = Number(match[2]?.replace(/^([+-]?)Inf$/, "$1Infinity"));
    if (Number.isNaN(value) && match[2]?.toLowerCase() !== "nan") {
      throw new Error(`not a value: ${line}`);
    }
    series.set(match[1] as string, value);
  }
  return series;
}

async function figures(server: TestServer): Promise<Map<string, number>> {
  const answer = await scrape(server, `Bearer ${TOKEN}`);
  expect(answer.status).toBe(200);
  return parseExposition(answer.text);
}

/** Scrapes until `name` reads `value` (figures follow sockets and requests a moment later). */
async function expectFigure(server: TestServer, name: string, value: number): Promise<void> {
  let last: number | undefined;
  for (let attempt = 0; attempt < 50; attempt++) {
    last = (await figures(server)).get(name);
    if (last === value) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(last, name).toBe(value);
}

describe("without METRICS_TOKEN", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("has no metrics endpoint: 404 as any unknown path, whatever is sent", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const answer = await scrape(server, authorization);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text)).toMatchObject({ type: "not-found", reason: "Не найдено" });
    }
  });
});

describe("with METRICS_TOKEN", () => {
  let server: TestServer;
  let staff: VenueStaff;
  let user: SignedInUser;

  beforeAll(async () => {
    // No loudness worker: an uploaded song stays in the loudness queue.
    server = await startTestServer({ METRICS_TOKEN: TOKEN, LOUDNESS_WORKER: "off" });
    staff = await createVenueStaff(server);
    user = await createSignedInUser(server, { role: "role-client" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses a scrape without the token, with a wrong one or not as a bearer, as CONTRACT.md says", async () => {
    for (const authorization of [
      undefined,
      "Bearer wrong-token",
      `Bearer ${TOKEN}x`,
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${user.token}`,
    ]) {
      const answer = await scrape(server, authorization);
      expect(answer.status, String(authorization)).toBe(401);
      expect(JSON.parse(answer.text)).toMatchObject({ type: "unauthorized" });
      expect(answer.text).not.toContain("# TYPE");
    }
  });

  it("answers every figure in Prometheus's text format", async () => {
    const answer = await scrape(server, `Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const series = parseExposition(answer.text);
    const names = new Set([...series.keys()].map((key) => key.replace(/\{.*$/, "")));
    for (const name of [
      "http_requests_total",
      "http_request_duration_seconds_bucket",
      "http_request_duration_seconds_count",
      "fonika_sockets_open",
      "fonika_players_online",
      "fonika_players_playing",
      "fonika_silence_alerts_open",
      "fonika_loudness_queue",
      "fonika_uploads_in_progress",
      "fonika_db_pool_total",
      "fonika_db_pool_idle",
      "fonika_db_pool_waiting",
      "fonika_bus_lag_seconds",
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
      "process_resident_memory_bytes",
    ]) {
      expect(names, name).toContain(name);
    }
    // The pool has served the requests so far; the in-process bus delivers at once.
    expect(series.get("fonika_db_pool_total")).toBeGreaterThan(0);
    expect(series.get("fonika_db_pool_idle")).toBeLessThanOrEqual(
      series.get("fonika_db_pool_total") as number,
    );
    expect(series.get("fonika_db_pool_waiting")).toBe(0);
    expect(series.get("fonika_bus_lag_seconds")).toBe(0);
  });

  it("counts a request under its route template, never its ids, and unknown paths as unmatched", async () => {
    const foreignId = randomUUID();
    const own = await call(server, "GET", `/personal-info/${user.id}`, { token: user.token });
    const unknown = await call(server, "GET", `/no-such-thing/${foreignId}`);
    expect(unknown.status).toBe(404);

    const answer = await scrape(server, `Bearer ${TOKEN}`);
    const series = parseExposition(answer.text);
    expect(
      series.get(
        `http_requests_total{method="GET",route="/api/v1/personal-info/:userId",status="${own.status}"}`,
      ),
    ).toBe(1);
    expect(
      series.get(`http_requests_total{method="GET",route="unmatched",status="404"}`),
    ).toBeGreaterThanOrEqual(1);
    expect(
      series.get(
        `http_request_duration_seconds_count{method="GET",route="/api/v1/personal-info/:userId"}`,
      ),
    ).toBe(1);
    expect(answer.text).not.toContain(user.id);
    expect(answer.text).not.toContain(foreignId);
  });

  it("shows a socket while it is open", async () => {
    await expectFigure(server, "fonika_sockets_open", 0);
    const socket = await connect(server, user.token);
    await expectFigure(server, "fonika_sockets_open", 1);
    socket.socket.close();
    await socket.closed;
    await expectFigure(server, "fonika_sockets_open", 0);
  });

  it("shows an upload while it is received, and not once the client gave up", async () => {
    await expectFigure(server, "fonika_uploads_in_progress", 0);
    const boundary = "metrics-test-boundary";
    const request = http.request(`${server.url}/api/v1/music/song/add`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${staff.contentManager.token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
    });
    request.on("error", () => undefined);
    // Only the start of the file: the server waits for the rest.
    request.write(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="tone.mp3"\r\n` +
        "content-type: audio/mpeg\r\n\r\n",
    );
    request.write(audioFixture("tone.mp3").subarray(0, 1024));
    await expectFigure(server, "fonika_uploads_in_progress", 1);
    request.destroy();
    await expectFigure(server, "fonika_uploads_in_progress", 0);
  });

  it("counts players online and playing, open silence alerts and songs awaiting loudness", async () => {
    const uploaded = await uploadFile(server, "/music/song/add", audioFixture("tone.ogg"), {
      token: staff.contentManager.token,
      filename: "tone.ogg",
    });
    expect(uploaded.status).toBe(201);
    const songId = uploaded.body.song.id as string;
    await expectFigure(server, "fonika_loudness_queue", 1);

    const playlist = await playlistOf(server, staff.contentManager, [songId], "Метрики");
    const venue = await subscribedClient(server, staff, [playlist.id]);
    const playerId = await addPlayer(server, venue.client, {
      establishmentId: venue.establishmentId,
      playlistIds: [playlist.id],
    });
    await expectFigure(server, "fonika_players_online", 0);
    const device = await connect(
      server,
      await deviceTokenFor(server, venue.client, venue.establishmentId),
    );
    await nextOfType(device, "status");
    await expectFigure(server, "fonika_players_online", 1);
    await expectFigure(server, "fonika_players_playing", 0);

    device.send({
      type: "playerStatus",
      playerId,
      songId,
      playlistId: playlist.id,
      positionSeconds: 1,
      volume: 80,
      playing: true,
    });
    await expectFigure(server, "fonika_players_playing", 1);

    // A silence only noticed is not an alert yet; one raised (its owner mailed) is.
    await server.app.db.insert(playerAlerts).values({ playerId, silentSince: new Date() });
    await expectFigure(server, "fonika_silence_alerts_open", 0);
    await server.app.db.update(playerAlerts).set({ raisedAt: new Date() });
    await expectFigure(server, "fonika_silence_alerts_open", 1);

    device.socket.close();
    await device.closed;
    await expectFigure(server, "fonika_players_online", 0);
    await expectFigure(server, "fonika_players_playing", 0);
  });

  it("answers NaN for the product's figures, and still the rest, when their query fails", async () => {
    await server.app.db.execute(sql`alter table player_states rename to player_states_away`);
    try {
      const series = await figures(server);
      for (const name of [
        "fonika_players_online",
        "fonika_players_playing",
        "fonika_silence_alerts_open",
        "fonika_loudness_queue",
      ]) {
        expect(series.get(name), name).toBeNaN();
      }
      expect(series.get("fonika_db_pool_total")).toBeGreaterThan(0);
      expect(server.logs.some((line) => line.msg === "metrics: product figures unreadable")).toBe(
        true,
      );
    } finally {
      await server.app.db.execute(sql`alter table player_states_away rename to player_states`);
    }
    expect((await figures(server)).get("fonika_players_online")).toBe(0);
  });
});
