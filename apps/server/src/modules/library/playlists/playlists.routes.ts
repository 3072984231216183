import { playlistsApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../../lib/endpoint-route.ts";
import { sendStoredFile } from "../../../storage/send-file.ts";
import type { Library } from "../library.ts";

/** The /music/playlist and /music/favourite-playlist calls (SPEC.md §7 Playlists and songs). */
export async function playlistsRoutes(app: FastifyInstance, { library }: { library: Library }) {
  const { playlists } = library;
  const ok = { ok: true as const };
  const { files } = app.storage;

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
  registerEndpoint(app, playlistsApi.getPlaylistAvatar, async ({ actor, params, request, reply }) =>
    sendStoredFile(files, request, reply, await playlists.coverFile(actor, params.id)),
  );
  registerEndpoint(app, playlistsApi.changePlaylistAvatar, ({ actor, params, upload }) =>
    playlists.changeCover(actor, params.id, upload),
  );
  registerEndpoint(
    app,
    playlistsApi.getPlaylistSummaryTrack,
    async ({ actor, params, request, reply }) =>
      sendStoredFile(files, request, reply, await playlists.summaryFile(actor, params.id)),
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
