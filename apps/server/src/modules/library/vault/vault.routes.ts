import { vaultApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../../lib/endpoint-route.ts";
import type { Library } from "../library.ts";

/** The /vault calls: the content manager's tree (SPEC.md §7 Library (vault)). */
export async function vaultRoutes(app: FastifyInstance, { library }: { library: Library }) {
  const { tree, transfers, placement } = library;
  registerEndpoint(app, vaultApi.listPartitions, ({ actor }) => tree.partitions(actor));
  registerEndpoint(app, vaultApi.listEntries, ({ actor, params, query }) =>
    tree.list(actor, params.id, query),
  );
  registerEndpoint(app, vaultApi.entryTree, ({ actor, params }) => tree.tree(actor, params.id));
  registerEndpoint(app, vaultApi.makeFolder, ({ actor, params, body }) =>
    tree.makeFolder(actor, params.id, body.name),
  );
  registerEndpoint(app, vaultApi.listUnplacedPlaylists, ({ actor, query }) =>
    placement.unplacedPlaylists(actor, query),
  );
  registerEndpoint(app, vaultApi.makePlaylist, ({ actor, params, body }) =>
    placement.makePlaylist(actor, params.id, body.playlistId),
  );
  registerEndpoint(app, vaultApi.makeVersion, ({ actor, params, body }) =>
    placement.makeVersion(actor, params.id, body.name),
  );
  registerEndpoint(app, vaultApi.makeSong, ({ actor, params, query, body }) =>
    placement.makeSongs(actor, params.id, body.songIds, query.policy),
  );
  registerEndpoint(app, vaultApi.deleteEntries, ({ actor, params, body }) =>
    transfers.delete(actor, params.id, body.deleteEntryIds),
  );
  registerEndpoint(app, vaultApi.deleteEntriesForever, ({ actor, params, body }) =>
    transfers.deleteForever(actor, params.id, body.deleteEntryIds),
  );
  registerEndpoint(app, vaultApi.restoreEntry, ({ actor, body }) =>
    transfers.restore(actor, body.restoreEntryId),
  );
  registerEndpoint(app, vaultApi.moveEntries, ({ actor, params, query, body }) =>
    transfers.move(actor, params.id, body.entryIds, query.policy),
  );
  registerEndpoint(app, vaultApi.copyEntries, ({ actor, params, query, body }) =>
    transfers.copy(actor, params.id, body.entryIds, query.policy),
  );
  registerEndpoint(app, vaultApi.editEntry, ({ actor, params, body }) =>
    tree.edit(actor, params.id, body.updatedEntryId, body.updatedName),
  );
  registerEndpoint(app, vaultApi.orderEntries, ({ actor, params, body }) =>
    tree.order(actor, params.id, body.entryIds),
  );
}
