import { randomBytes } from "node:crypto";
import net from "node:net";
import { API_BASE, MESSAGES, PLAYER_SOCKET_PATH } from "@fonika/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../test/factories.ts";
import { call, startTestServer, type TestServer } from "../test/harness.ts";
import {
  addPlayer,
  createVenueStaff,
  deviceTokenFor,
  songInPlaylist,
  subscribedClient,
} from "../test/venues.ts";

/**
 * A socket's 101 goes out with what the socket is first told, in one write
 * (issue 30: a reconnect storm spent a quarter of its time in write system
 * calls). Read here as a client reads it: the first bytes that arrive.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

/** Upgrades by hand and answers the first chunk the connection reads. */
function firstChunk(query: Record<string, string>): Promise<Buffer> {
  const url = new URL(server.url);
  const path = `${API_BASE}${PLAYER_SOCKET_PATH}?${new URLSearchParams(query)}`;
  return new Promise((resolve, reject) => {
    const connection = net.connect(Number(url.port), url.hostname, () => {
      connection.write(
        [
          `GET ${path} HTTP/1.1`,
          `Host: ${url.host}`,
          "Upgrade: websocket",
          "Connection: Upgrade",
          `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}`,
          "Sec-WebSocket-Version: 13",
          "",
          "",
        ].join("\r\n"),
      );
    });
    connection.once("data", (chunk) => {
      resolve(chunk);
      connection.destroy();
    });
    connection.once("error", reject);
  });
}

describe("player socket handshake", () => {
  it("sends a refused socket's 101 with its error and its close, in one write", async () => {
    // Signed out: the token is well formed and signed, and its session is read to refuse it.
    const user = await createSignedInUser(server, { role: "role-client" });
    const out = await call(server, "POST", "/auth/logout", {
      body: { refreshToken: user.refreshToken },
    });
    expect(out.status).toBe(200);
    const chunk = await firstChunk({ access_token: user.token });
    expect(chunk.toString("latin1")).toMatch(/^HTTP\/1\.1 101 Switching Protocols\r\n/);
    const error = chunk.indexOf(JSON.stringify({ type: "error", message: MESSAGES.accessDenied }));
    expect(error).toBeGreaterThan(0);
    // Then the close frame (0x88, its length, 4401 and the reason).
    const close = Buffer.concat([
      Buffer.from([0x88, 2 + 13, 4401 >> 8, 4401 & 0xff]),
      Buffer.from("Access denied"),
    ]);
    expect(chunk.indexOf(close)).toBeGreaterThan(error);
  });

  it("sends an admitted device's 101 with its player's state, in one write", async () => {
    const staff = await createVenueStaff(server);
    const { playlistId } = await songInPlaylist(server, staff.contentManager, "Рукопожатие");
    const { client, establishmentId } = await subscribedClient(server, staff, [playlistId]);
    const playerId = await addPlayer(server, client, {
      establishmentId,
      playlistIds: [playlistId],
    });
    const token = await deviceTokenFor(server, client, establishmentId);
    const chunk = await firstChunk({ access_token: token, playerId });
    expect(chunk.toString("latin1")).toMatch(/^HTTP\/1\.1 101 Switching Protocols\r\n/);
    const state = chunk.indexOf('{"type":"playerState"');
    expect(state).toBeGreaterThan(0);
    expect(chunk.indexOf(playerId, state)).toBeGreaterThan(state);
  });
});
