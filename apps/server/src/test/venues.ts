import { eq } from "drizzle-orm";
import { licencePeriods, subscriptions } from "../db/schema.ts";
import { payerOf, readyToSubscribe, tariffInput } from "./clients.ts";
import { createSignedInUser, type SignedInUser } from "./factories.ts";
import { call, type TestServer } from "./harness.ts";
import { audioFixture, uploadFile } from "./library.ts";

/**
 * Test data of venues that play: playlists with songs, clients subscribed
 * to tariffs holding them, players and their devices. Every step goes
 * through the API as a person would; a step that fails throws with the
 * server's answer, so a broken setup names itself.
 */

/** The staff who make a venue: tariffs (admin), activation (client manager), playlists (content manager). */
export interface VenueStaff {
  admin: SignedInUser;
  clientManager: SignedInUser;
  contentManager: SignedInUser;
}

export async function createVenueStaff(server: TestServer): Promise<VenueStaff> {
  const [admin, clientManager, contentManager] = await Promise.all([
    createSignedInUser(server, { role: "role-admin" }),
    createSignedInUser(server, { role: "role-client-manager" }),
    createSignedInUser(server, { role: "role-content-manager" }),
  ]);
  return { admin, clientManager, contentManager };
}

/** POSTs and answers the body; throws on an answer that is not 2xx. */
export async function step(
  server: TestServer,
  path: string,
  token: string | undefined,
  body: unknown = {},
  // biome-ignore lint/suspicious/noExplicitAny: setup reads answers of every shape
): Promise<any> {
  const answer = await call(server, "POST", path, { token, body });
  if (answer.status >= 300) {
    throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

let counter = 0;

export interface TestPlaylist {
  id: string;
  name: string;
  /** The vault entry of its current version (songs are put there). */
  versionEntryId: string;
}

/** A playlist whose current version holds these songs, one track each, in this order. */
export async function playlistOf(
  server: TestServer,
  contentManager: SignedInUser,
  songIds: readonly string[],
  name = "Плейлист",
): Promise<TestPlaylist> {
  counter += 1;
  const fullName = `${name} ${counter}-${Date.now()}`;
  const made = await step(server, "/music/playlist/add", contentManager.token, { name: fullName });
  const version = await step(server, `/vault/${made.entryId}/make-version`, contentManager.token);
  for (const songId of songIds) {
    await step(server, `/vault/${version.entryId}/make-song`, contentManager.token, {
      songIds: [songId],
    });
  }
  return { id: made.id, name: fullName, versionEntryId: version.entryId };
}

export interface SubscribedClient {
  client: SignedInUser;
  establishmentId: string;
  tariffId: string;
  subscriptionId: string;
  /** Who pays: the client's organization and its settlement account. */
  organizationId: string;
  paymentMethodId: string;
}

/** A client with one establishment subscribed (active) to a new tariff holding `playlistIds`. */
export async function subscribedClient(
  server: TestServer,
  staff: Pick<VenueStaff, "admin" | "clientManager">,
  playlistIds: readonly string[],
  /** A tariff to subscribe to instead of a new one of `playlistIds`. */
  existingTariff?: { id: string },
): Promise<SubscribedClient> {
  const client = await createSignedInUser(server, { role: "role-client" });
  const ready = await readyToSubscribe(server, client);
  const tariff =
    existingTariff ??
    (await step(
      server,
      "/tariff/add",
      staff.admin.token,
      tariffInput({ playlistIds: [...playlistIds] }),
    ));
  const subscription = await step(server, `/subscription/${client.id}/add`, client.token, {
    ...ready,
    tariffId: tariff.id,
    itemIds: [],
    periodMonths: 1,
  });
  await step(server, `/subscription/${subscription.id}/activate`, staff.clientManager.token);
  return {
    client,
    establishmentId: ready.establishmentId as string,
    tariffId: tariff.id,
    subscriptionId: subscription.id,
    organizationId: ready.organizationId,
    paymentMethodId: ready.paymentMethodId,
  };
}

/**
 * Subscribes another venue of a subscribed client to the same tariff
 * through the same payer, and activates it unless `activate` is false: a
 * licence is one venue's (issue 27). Answers the subscription's id.
 */
export async function subscribeVenue(
  server: TestServer,
  staff: Pick<VenueStaff, "clientManager">,
  subscribed: SubscribedClient,
  establishmentId: string,
  { activate = true }: { activate?: boolean } = {},
): Promise<string> {
  const subscription = await step(
    server,
    `/subscription/${subscribed.client.id}/add`,
    subscribed.client.token,
    {
      establishmentId,
      organizationId: subscribed.organizationId,
      paymentMethodId: subscribed.paymentMethodId,
      tariffId: subscribed.tariffId,
      itemIds: [],
      periodMonths: 1,
    },
  );
  if (activate) {
    await step(server, `/subscription/${subscription.id}/activate`, staff.clientManager.token);
  }
  return subscription.id;
}

export interface PlayerInput {
  name?: string;
  type?: "web" | "boxPlayer";
  serialBoxNumber?: string;
  address?: string;
  establishmentId?: string;
  /** Put on the player after it is added, as its owner's choice (see `firstMusic`). */
  playlistIds?: readonly string[];
  /**
   * Keep the first music a new player starts with (issue 28: its venue's
   * first playlist as its fallback). By default the owner replaces it:
   * the player holds `playlistIds` only and plays nothing outside its
   * windows, as most tests of schedules and the remote begin.
   */
  firstMusic?: boolean;
}

/** Adds a player (a web one in the hall by default) and puts playlists on it; answers its id. */
export async function addPlayer(
  server: TestServer,
  owner: SignedInUser,
  { playlistIds = [], firstMusic = false, ...input }: PlayerInput = {},
): Promise<string> {
  const player = await step(server, "/music/player/add", owner.token, {
    name: "Зал",
    type: "web",
    address: "Москва, Тверская, 7",
    ...input,
  });
  const started: string | null = player.fallbackPlaylistId;
  if (started && !firstMusic) {
    await step(server, `/music/player/${player.id}/fallback`, owner.token, { playlistId: null });
    if (!playlistIds.includes(started)) {
      await step(server, `/music/player/${player.id}/playlist/${started}/remove`, owner.token);
    }
  }
  for (const playlistId of playlistIds) {
    if (playlistId === started) continue;
    await step(server, `/music/player/${player.id}/playlist/add`, owner.token, { playlistId });
  }
  return player.id;
}

/** A device session signed in for the establishment by its owner (second-device approval). */
export async function deviceTokenFor(
  server: TestServer,
  owner: SignedInUser,
  establishmentId: string,
): Promise<string> {
  const created = await step(server, "/auth/code/create-code", undefined);
  await step(server, "/auth/code/approve-code", owner.token, {
    code: created.code,
    establishmentId,
  });
  const polled = await step(server, "/auth/code/wait-for-verification", undefined, {
    verificationId: created.verificationId,
  });
  return polled.tokens.token;
}

/**
 * Makes a subscription's licence have begun at `since` (its active stretch
 * and its period's start; its paid period runs a month from now), as if
 * activated then: for tests that file plays of the past, which the history
 * judges by the licence of their moment.
 */
export async function licensedSince(
  server: TestServer,
  subscriptionId: string,
  since: Date,
): Promise<void> {
  const { db } = server.app;
  await db
    .update(subscriptions)
    .set({ startsAt: since, endsAt: new Date(Date.now() + 31 * 86_400_000) })
    .where(eq(subscriptions.id, subscriptionId));
  await db
    .update(licencePeriods)
    .set({ startedAt: since })
    .where(eq(licencePeriods.subscriptionId, subscriptionId));
  await server.app.bus.publish({ kind: "music-access-changed", rooms: [] });
}

/**
 * Licenses a client's existing venue for these playlists since `since`: a
 * new tariff of them, the client's payer, an active subscription whose
 * licence began then. Answers the subscription's id.
 */
export async function licenseVenueSince(
  server: TestServer,
  staff: Pick<VenueStaff, "admin" | "clientManager">,
  client: SignedInUser,
  establishmentId: string,
  playlistIds: readonly string[],
  since: Date,
): Promise<string> {
  const tariff = await step(
    server,
    "/tariff/add",
    staff.admin.token,
    tariffInput({ playlistIds: [...playlistIds] }),
  );
  const subscription = await step(server, `/subscription/${client.id}/add`, client.token, {
    establishmentId,
    ...(await payerOf(server, client)),
    tariffId: tariff.id,
    itemIds: [],
    periodMonths: 1,
  });
  await step(server, `/subscription/${subscription.id}/activate`, staff.clientManager.token);
  await licensedSince(server, subscription.id, since);
  return subscription.id;
}

/** A song uploaded from an audio fixture and a playlist whose current version holds it. */
export async function songInPlaylist(
  server: TestServer,
  contentManager: SignedInUser,
  name: string,
  fixture = "tone.mp3",
): Promise<{ songId: string; playlistId: string }> {
  const uploaded = await uploadFile(server, "/music/song/add", audioFixture(fixture), {
    token: contentManager.token,
    filename: fixture,
  });
  if (uploaded.status !== 201) throw new Error(`could not upload ${fixture}`);
  const songId = uploaded.body.song.id as string;
  return { songId, playlistId: (await playlistOf(server, contentManager, [songId], name)).id };
}
