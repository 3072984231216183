import { PlayersStore } from "../modules/players/players.ts";
import type { SignedInUser } from "./factories.ts";
import type { TestServer } from "./harness.ts";
import { connect, nextOfType } from "./socket-client.ts";
import {
  addPlayer,
  deviceTokenFor,
  playlistOf,
  step,
  subscribedClient,
  type VenueStaff,
} from "./venues.ts";

/** A client's player that may fall silent, as the silence alert tests set it up. */
export interface ScheduledPlayer {
  client: SignedInUser;
  establishmentId: string;
  playerId: string;
  playlistId: string;
  deviceToken: string;
}

/**
 * A client's player with one playable playlist on it, scheduled as asked
 * (the fallback: music all the time; or one window every day), and a
 * device token of its venue; its device has not connected.
 */
export async function venuePlayer(
  server: TestServer,
  staff: VenueStaff,
  name: string,
  schedule: { fallback: true } | { window: { startTime: string; endTime: string } },
): Promise<ScheduledPlayer> {
  const playlist = await playlistOf(server, staff.contentManager, [], "Фон");
  const { client, establishmentId } = await subscribedClient(server, staff, [playlist.id]);
  const playerId = await addPlayer(server, client, {
    name,
    establishmentId,
    playlistIds: [playlist.id],
  });
  if ("fallback" in schedule) {
    await step(server, `/music/player/${playerId}/fallback`, client.token, {
      playlistId: playlist.id,
    });
  } else {
    await step(
      server,
      `/music/player/${playerId}/playlist/${playlist.id}/schedule/add`,
      client.token,
      {
        ...schedule.window,
        weekdays: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"],
      },
    );
  }
  const deviceToken = await deviceTokenFor(server, client, establishmentId);
  return { client, establishmentId, playerId, playlistId: playlist.id, deviceToken };
}

/** A player as `venuePlayer` makes it, whose device connected once and left: offline from then on. */
export async function scheduledPlayer(
  server: TestServer,
  staff: VenueStaff,
  name: string,
  schedule: { fallback: true } | { window: { startTime: string; endTime: string } },
): Promise<ScheduledPlayer> {
  const player = await venuePlayer(server, staff, name, schedule);
  const { playerId, deviceToken } = player;
  const device = await connect(server, deviceToken);
  await nextOfType(device, "playerState");
  device.socket.close();
  await device.closed;
  await waitFor(async () => {
    const state = await new PlayersStore(server.app.db).live.findState(playerId);
    return state?.lastSeenAt && state.heartbeatAt === null ? true : undefined;
  });
  return player;
}

/** Asks `find` every 50 ms until it answers something (5 s at most). */
export async function waitFor<T>(find: () => Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("Nothing arrived");
}
