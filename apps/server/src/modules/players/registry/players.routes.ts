import { playersApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../../lib/endpoint-route.ts";
import type { PlayerPlaylistsService } from "./player-playlists.service.ts";
import type { PlayerRequestsService } from "./player-requests.service.ts";
import type { PlayersService } from "./players.service.ts";
import type { PlayersBaseService } from "./players-base.service.ts";

/**
 * The /music/player calls of SPEC.md §7 about players themselves, their
 * playlists, the players base and clients' requests about players.
 */
export async function playersRoutes(
  app: FastifyInstance,
  options: {
    players: PlayersService;
    base: PlayersBaseService;
    playlists: PlayerPlaylistsService;
    requests: PlayerRequestsService;
  },
) {
  const { players, base, playlists, requests } = options;
  registerEndpoint(app, playersApi.addPlayer, ({ actor, body }) => players.add(actor, body));
  registerEndpoint(app, playersApi.changePlayer, ({ actor, params, body }) =>
    players.change(actor, params.id, body),
  );
  registerEndpoint(app, playersApi.listAllPlayers, ({ actor, query }) =>
    base.listAll(actor, query),
  );
  registerEndpoint(app, playersApi.listPlayerRequests, ({ actor, query }) =>
    requests.listRequests(actor, query),
  );
  registerEndpoint(app, playersApi.getPlayer, ({ actor, params }) => players.get(actor, params.id));
  registerEndpoint(app, playersApi.getPlayerLive, ({ actor, params }) =>
    base.live(actor, params.id),
  );
  registerEndpoint(app, playersApi.listUserPlayers, ({ actor, params, query }) =>
    players.listOfUser(actor, params.userId, query),
  );
  registerEndpoint(app, playersApi.playHere, ({ actor, params, request }) =>
    players.playHere(actor, params.id, {
      ip: request.ip,
      userAgent: request.headers["user-agent"],
    }),
  );
  registerEndpoint(app, playersApi.removePlayer, async ({ actor, params }) => {
    await players.remove(actor, params.id, params.userId);
    return { ok: true as const };
  });
  registerEndpoint(app, playersApi.sendPlayerRequest, ({ actor, params, body }) =>
    requests.requestPurchase(actor, params.userId, body),
  );
  registerEndpoint(app, playersApi.leaveRequest, ({ actor, params, body }) =>
    requests.requestLeave(actor, params.userId, body),
  );
  registerEndpoint(app, playersApi.listPlayerPlaylists, async ({ actor, params }) => ({
    data: await playlists.playlists(actor, params.id),
  }));
  registerEndpoint(app, playersApi.addPlayerPlaylist, async ({ actor, params, body }) => ({
    data: await playlists.addPlaylist(actor, params.id, body.playlistId),
  }));
  registerEndpoint(app, playersApi.removePlayerPlaylist, async ({ actor, params }) => ({
    data: await playlists.removePlaylist(actor, params.id, params.playlistId),
  }));
  registerEndpoint(app, playersApi.listPlaylistPlayers, async ({ actor, params }) => ({
    data: await playlists.playersWithPlaylist(actor, params.userId, params.playlistId),
  }));
}
