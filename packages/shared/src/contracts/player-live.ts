import { defineEndpoint, uuidSchema } from "../endpoint.ts";
import { CLIENT_STATES } from "../roles.ts";
import { playerLiveStateSchema } from "../socket.ts";
import { z } from "../zod.ts";

/**
 * A player's remote control over HTTP (SPEC.md §7): the same commands as the
 * player socket, through the same service, for the player's owner and its
 * device. A command for a player whose device is not connected is 409.
 */

const tags = ["players"];
const playerParams = z.object({ id: uuidSchema });
const playlistParams = z.object({ id: uuidSchema, playlistId: uuidSchema });
const sessions = ["browser", "device"] as const;

export const play = defineEndpoint({
  method: "POST",
  path: "/music/player/:id/play",
  summary: "Tell the player to play; answers its state",
  tags,
  auth: "bearer",
  roles: CLIENT_STATES,
  sessions,
  params: playerParams,
  response: playerLiveStateSchema,
});

export const pause = defineEndpoint({
  method: "POST",
  path: "/music/player/:id/pause",
  summary: "Tell the player to pause; answers its state",
  tags,
  auth: "bearer",
  roles: CLIENT_STATES,
  sessions,
  params: playerParams,
  response: playerLiveStateSchema,
});

export const playingStatus = defineEndpoint({
  method: "GET",
  path: "/music/player/:id/:playlistId/playing/status",
  summary: "Whether the player is playing this playlist now",
  tags,
  auth: "bearer",
  roles: CLIENT_STATES,
  sessions,
  params: playlistParams,
  response: z.object({ playerId: uuidSchema, playlistId: uuidSchema, playing: z.boolean() }),
});

export const shuffleStatus = defineEndpoint({
  method: "GET",
  path: "/music/player/:id/:playlistId/shuffle/status",
  summary: "Whether the player shuffles",
  tags,
  auth: "bearer",
  roles: CLIENT_STATES,
  sessions,
  params: playlistParams,
  response: z.object({ shuffled: z.boolean() }),
});

export const changeShuffleStatus = defineEndpoint({
  method: "POST",
  path: "/music/player/:id/:playlistId/shuffle/change-status",
  summary: "Turn shuffle on or off (it toggles, as the socket's shuffleRequested)",
  tags,
  auth: "bearer",
  roles: CLIENT_STATES,
  sessions,
  params: playlistParams,
  response: z.object({ shuffled: z.boolean() }),
});
