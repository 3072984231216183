import { vaultApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../../lib/endpoint-route.ts";
import type { PlaylistsService } from "../playlists/playlists.service.ts";
import type { VaultService } from "./vault.service.ts";

/** The /vault calls: the content manager's tree (SPEC.md §7 Library (vault)). */
export async function vaultRoutes(
  app: FastifyInstance,
  { vault, playlists }: { vault: VaultService; playlists: PlaylistsService },
) {
  registerEndpoint(app, vaultApi.listPartitions, ({ actor }) => vault.partitions(actor));
  registerEndpoint(app, vaultApi.listEntries, ({ actor, params, query }) =>
    vault.list(actor, params.id, query),
  );
  registerEndpoint(app, vaultApi.entryTree, ({ actor, params }) => vault.tree(actor, params.id));
  registerEndpoint(app, vaultApi.makeFolder, ({ actor, params, body }) =>
    vault.makeFolder(actor, params.id, body.name),
  );
  registerEndpoint(app, vaultApi.makePlaylist, async ({ actor, params, body }) =>
    vault.makePlaylist(actor, params.id, await playlists.placement(body.playlistId)),
  );
  registerEndpoint(app, vaultApi.makeVersion, ({ actor, params, body }) =>
    vault.makeVersion(actor, params.id, body.name),
  );
  registerEndpoint(app, vaultApi.makeSong, ({ actor, params, query, body }) =>
    vault.makeSongs(actor, params.id, body.songIds, query.policy),
  );
  registerEndpoint(app, vaultApi.deleteEntries, ({ actor, params, body }) =>
    vault.delete(actor, params.id, body.deleteEntryIds),
  );
  registerEndpoint(app, vaultApi.deleteEntriesForever, ({ actor, params, body }) =>
    vault.deleteForever(actor, params.id, body.deleteEntryIds),
  );
  registerEndpoint(app, vaultApi.restoreEntry, ({ actor, body }) =>
    vault.restore(actor, body.restoreEntryId),
  );
  registerEndpoint(app, vaultApi.moveEntries, ({ actor, params, query, body }) =>
    vault.move(actor, params.id, body.entryIds, query.policy),
  );
  registerEndpoint(app, vaultApi.copyEntries, ({ actor, params, query, body }) =>
    vault.copy(actor, params.id, body.entryIds, query.policy),
  );
  registerEndpoint(app, vaultApi.editEntry, ({ actor, params, body }) =>
    vault.edit(actor, params.id, body.updatedEntryId, body.updatedName),
  );
  registerEndpoint(app, vaultApi.orderEntries, ({ actor, params, body }) =>
    vault.order(actor, params.id, body.entryIds),
  );
}
