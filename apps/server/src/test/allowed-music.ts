import { readyToSubscribe, tariffInput } from "./clients.ts";
import { createSignedInUser, type SignedInUser } from "./factories.ts";
import { call, type TestServer } from "./harness.ts";

/** A client allowed to hear some songs, and the playlist that allows them. */
export interface AllowedClient extends SignedInUser {
  playlistId: string;
  /** The vault entry of the playlist's current version (songs are put there). */
  versionEntryId: string;
  establishmentId: string;
  tariffId: string;
  subscriptionId: string;
}

let counter = 0;

/**
 * A client who may hear exactly these songs (issue 13's allowed rule): a
 * playlist whose current version holds them, a tariff holding the playlist
 * and an active subscription of the client's establishment to it. Staff
 * are made for the steps.
 */
export async function allowedClient(
  server: TestServer,
  songIds: readonly string[],
): Promise<AllowedClient> {
  counter += 1;
  const [admin, clientManager, contentManager, client] = await Promise.all([
    createSignedInUser(server, { role: "role-admin" }),
    createSignedInUser(server, { role: "role-client-manager" }),
    createSignedInUser(server, { role: "role-content-manager" }),
    createSignedInUser(server, { role: "role-client" }),
  ]);
  const step = async (path: string, token: string, body: unknown = {}) => {
    const answer = await call(server, "POST", path, { token, body });
    if (answer.status >= 300) {
      throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  };
  const playlist = await step("/music/playlist/add", contentManager.token, {
    name: `Разрешённый ${counter}-${Date.now()}`,
  });
  const version = await step(`/vault/${playlist.entryId}/make-version`, contentManager.token);
  if (songIds.length > 0) {
    await step(`/vault/${version.entryId}/make-song`, contentManager.token, { songIds });
  }
  const ready = await readyToSubscribe(server, client);
  const tariff = await step(
    "/tariff/add",
    admin.token,
    tariffInput({ playlistIds: [playlist.id] }),
  );
  const subscription = await step(`/subscription/${client.id}/add`, client.token, {
    ...ready,
    tariffId: tariff.id,
    itemIds: [],
    periodMonths: 1,
  });
  await step(`/subscription/${subscription.id}/activate`, clientManager.token);
  return {
    ...client,
    playlistId: playlist.id,
    versionEntryId: version.entryId,
    establishmentId: ready.establishmentId,
    tariffId: tariff.id,
    subscriptionId: subscription.id,
  };
}
