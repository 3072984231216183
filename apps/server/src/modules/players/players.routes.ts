import { playersApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import type { PlayersService } from "./players.service.ts";

/** The /music/player calls of SPEC.md §7 about players themselves and their playlists. */
export async function playersRoutes(app: FastifyInstance, options: { players: PlayersService }) {
  const { players } = options;
  registerEndpoint(app, playersApi.addPlayer, ({ actor, body }) => players.add(actor, body));
  registerEndpoint(app, playersApi.changePlayer, ({ actor, params, body }) =>
    players.change(actor, params.id, body),
  );
  registerEndpoint(app, playersApi.listAllPlayers, ({ actor, query }) =>
    players.listAll(actor, query),
  );
  registerEndpoint(app, playersApi.listPlayerRequests, ({ actor, query }) =>
    players.listRequests(actor, query),
  );
  registerEndpoint(app, playersApi.getPlayer, ({ actor, params }) => players.get(actor, params.id));
  registerEndpoint(app, playersApi.getPlayerLive, ({ actor, params }) =>
    players.live(actor, params.id),
  );
  registerEndpoint(app, playersApi.listUserPlayers, ({ actor, params, query }) =>
    players.listOfUser(actor, params.userId, query),
  );
  registerEndpoint(app, playersApi.removePlayer, async ({ actor, params }) => {
    await players.remove(actor, params.id, params.userId);
    return { ok: true as const };
  });
  registerEndpoint(app, playersApi.sendPlayerRequest, ({ actor, params, body }) =>
    players.requestPurchase(actor, params.userId, body),
  );
  registerEndpoint(app, playersApi.leaveRequest, ({ actor, params, body }) =>
    players.requestLeave(actor, params.userId, body),
  );
  registerEndpoint(app, playersApi.listPlayerPlaylists, async ({ actor, params }) => ({
    data: await players.playlists(actor, params.id),
  }));
  registerEndpoint(app, playersApi.addPlayerPlaylist, async ({ actor, params, body }) => ({
    data: await players.addPlaylist(actor, params.id, body.playlistId),
  }));
  registerEndpoint(app, playersApi.removePlayerPlaylist, async ({ actor, params }) => ({
    data: await players.removePlaylist(actor, params.id, params.playlistId),
  }));
  registerEndpoint(app, playersApi.listPlaylistPlayers, async ({ actor, params }) => ({
    data: await players.playersWithPlaylist(actor, params.userId, params.playlistId),
  }));
}
