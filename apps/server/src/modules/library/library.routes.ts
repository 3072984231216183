import type { FastifyInstance } from "fastify";
import { catalogRoutes } from "./catalog/catalog.routes.ts";
import type { Library } from "./library.ts";
import { playlistsRoutes } from "./playlists/playlists.routes.ts";
import { searchRoutes } from "./search/search.routes.ts";
import { songsRoutes } from "./songs/songs.routes.ts";
import { vaultRoutes } from "./vault/vault.routes.ts";

/** Every call of the library: songs, the vault, playlists, search and the catalog. */
export async function libraryRoutes(app: FastifyInstance, { library }: { library: Library }) {
  await app.register(songsRoutes, { library });
  await app.register(vaultRoutes, { library });
  await app.register(playlistsRoutes, { library });
  await app.register(searchRoutes, { library });
  await app.register(catalogRoutes, { library });
}
