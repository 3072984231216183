import { randomUUID } from "node:crypto";
import { LIBRARY } from "@fonika/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AllowedClient, allowedClient } from "../../../test/allowed-music.ts";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { uploadFixtureSongs } from "../../../test/library.ts";

/**
 * Reading songs' ratings through the real API (`GET /music/song/ratings`):
 * a page of songs at once, each with its average, count and the caller's
 * own; a caller reads the ratings of exactly the songs it may rate, and a
 * rating given is read back at once.
 */

let server: TestServer;
let manager: SignedInUser;
/** Songs A, B (both clients may hear them), C (only staff), D (removed). */
let songIds: string[];
let client: AllowedClient;
let otherClient: AllowedClient;

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const read = (ids: string, token: string): Promise<Answer> =>
  call(server, "GET", `/music/song/ratings?songIds=${ids}`, { token });
const rate = (songId: string, rating: number, token: string): Promise<Answer> =>
  call(server, "POST", `/music/setrating/${songId}/${rating}`, { token });
const song = (index: number) => songIds[index] as string;
const unrated = (songId: string) => ({
  songId,
  averageRating: null,
  ratingsCount: 0,
  myRating: null,
});

beforeAll(async () => {
  server = await startTestServer();
  manager = await createSignedInUser(server, { role: "role-content-manager" });
  songIds = await uploadFixtureSongs(server, manager.token, 4);
  client = await allowedClient(server, [song(0), song(1), song(3)]);
  otherClient = await allowedClient(server, [song(0), song(1)]);
  const removed = await call(server, "POST", `/music/song/${song(3)}/remove`, {
    token: manager.token,
  });
  expect(removed.status).toBe(200);
});

afterAll(async () => {
  await server?.close();
});

describe("GET /music/song/ratings", () => {
  it("answers each asked song's average, count and the caller's own rating, in the order asked", async () => {
    expect(await read(`${song(1)},${song(0)}`, client.token)).toEqual({
      status: 200,
      body: { data: [unrated(song(1)), unrated(song(0))] },
    });
    // Staff may rate every song in the library, so they read them all.
    const staff = await read(`${song(2)},${song(0)}`, manager.token);
    expect(staff.body.data).toEqual([unrated(song(2)), unrated(song(0))]);
  });

  it("shows a rating at once: the new average, the count and the rater's own", async () => {
    expect((await rate(song(0), 4, client.token)).status).toBe(200);
    expect((await read(song(0), client.token)).body.data).toEqual([
      { songId: song(0), averageRating: 4, ratingsCount: 1, myRating: 4 },
    ]);
    await rate(song(0), 1, otherClient.token);
    await rate(song(0), 2, manager.token);
    // Rating again replaces the rater's own rating.
    await rate(song(0), 5, client.token);
    const both = `${song(0)},${song(1)}`;
    expect((await read(both, client.token)).body.data).toEqual([
      { songId: song(0), averageRating: 2.67, ratingsCount: 3, myRating: 5 },
      unrated(song(1)),
    ]);
    // Each caller reads their own rating beside the same average.
    expect((await read(both, otherClient.token)).body.data[0]).toEqual({
      songId: song(0),
      averageRating: 2.67,
      ratingsCount: 3,
      myRating: 1,
    });
  });

  it("leaves out the songs the caller may not rate: another's, removed, unknown, none for other roles", async () => {
    const unknown = randomUUID();
    const asked = [song(0), song(2), song(3), unknown, song(1)].join(",");
    // C is not in the client's licence, D was removed, the last is no song at all:
    // left out alike, as setRating refuses them alike.
    const answer = await read(asked, client.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((rating: { songId: string }) => rating.songId)).toEqual([
      song(0),
      song(1),
    ]);
    for (const refused of [song(2), song(3), unknown]) {
      expect((await rate(refused, 3, client.token)).status, refused).toBe(404);
    }
    // A removed song is left out for staff too, as they may not rate it either.
    expect(
      (await read(asked, manager.token)).body.data.map(
        (rating: { songId: string }) => rating.songId,
      ),
    ).toEqual([song(0), song(2), song(1)]);

    // A client without a subscription, and an account still on its way, may rate nothing.
    const unsubscribed = await createSignedInUser(server, { role: "role-client" });
    const waiting = await createSignedInUser(server, { role: "wait-activation" });
    for (const caller of [unsubscribed, waiting]) {
      expect(await read(asked, caller.token)).toEqual({ status: 200, body: { data: [] } });
    }
    expect((await read(asked, "")).status).toBe(401);
  });

  it("refuses a malformed, missing, repeated or too long list", async () => {
    const tooMany = Array.from({ length: LIBRARY.maxRatingsRead + 1 }, () => randomUUID());
    const atMost = tooMany.slice(0, LIBRARY.maxRatingsRead);
    const refusals: Array<[Answer, string]> = [
      [await read("123", client.token), "malformed"],
      [await read(`${song(0)},not-a-uuid`, client.token), "one malformed"],
      [await read("", client.token), "empty"],
      [await read(`${song(0)},,${song(1)}`, client.token), "an empty item"],
      [await call(server, "GET", "/music/song/ratings", { token: client.token }), "missing"],
      [await read(`${song(0)},${song(1)},${song(0)}`, client.token), "repeated"],
      [await read(tooMany.join(","), client.token), "too many"],
    ];
    for (const [answer, what] of refusals) {
      expect({ what, status: answer.status, type: answer.body.type }).toEqual({
        what,
        status: 400,
        type: "validation-error",
      });
    }
    expect(refusals[5]?.[0].body.reason).toMatch(/указан дважды/);
    // As many as allowed is a page, answered (none of these is a song).
    expect(await read(atMost.join(","), client.token)).toEqual({
      status: 200,
      body: { data: [] },
    });
  });
});
