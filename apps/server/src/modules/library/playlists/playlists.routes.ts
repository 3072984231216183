import { playlistsApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../../lib/endpoint-route.ts";
import type { PlaylistsService } from "./playlists.service.ts";

/** The /music/playlist and /music/favourite-playlist calls (SPEC.md §7 Playlists and songs). */
export async function playlistsRoutes(
  app: FastifyInstance,
  { playlists }: { playlists: PlaylistsService },
) {
  const ok = { ok: true as const };

  registerEndpoint(app, playlistsApi.addPlaylist, ({ actor, body }) => playlists.add(actor, body));
  registerEndpoint(app, playlistsApi.listPlaylists, ({ actor, query }) =>
    playlists.list(actor, query),
  );
  registerEndpoint(app, playlistsApi.getPlaylist, ({ actor, params, query }) =>
    playlists.get(actor, params.id, query),
  );
  registerEndpoint(app, playlistsApi.changePlaylist, ({ actor, params, body }) =>
    playlists.change(actor, params.id, body),
  );
  registerEndpoint(app, playlistsApi.removePlaylist, async ({ actor, params }) => {
    await playlists.remove(actor, params.id);
    return ok;
  });
  registerEndpoint(app, playlistsApi.getPlaylistAvatar, ({ actor, params, request, reply }) =>
    playlists.sendCover(actor, params.id, request, reply),
  );
  registerEndpoint(app, playlistsApi.changePlaylistAvatar, ({ actor, params, upload }) =>
    playlists.changeCover(actor, params.id, upload),
  );
  registerEndpoint(app, playlistsApi.getPlaylistSummaryTrack, ({ actor, params, request, reply }) =>
    playlists.sendSummary(actor, params.id, request, reply),
  );
  registerEndpoint(app, playlistsApi.changePlaylistSummaryTrack, ({ actor, params, upload }) =>
    playlists.changeSummary(actor, params.id, upload),
  );
  registerEndpoint(app, playlistsApi.listAllowedPlaylists, ({ actor, params, query }) =>
    playlists.allowed(actor, params.userId, query),
  );
  registerEndpoint(app, playlistsApi.addFavouritePlaylist, async ({ actor, params, body }) => {
    await playlists.addFavourite(actor, params.userId, body.playlistId);
    return ok;
  });
  registerEndpoint(app, playlistsApi.removeFavouritePlaylist, async ({ actor, params, body }) => {
    await playlists.removeFavourite(actor, params.userId, body.playlistId);
    return ok;
  });
  registerEndpoint(app, playlistsApi.listFavouritePlaylists, ({ actor, params, query }) =>
    playlists.favourites(actor, params.userId, query),
  );
}
