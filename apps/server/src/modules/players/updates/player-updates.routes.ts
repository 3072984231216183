import { playerUpdatesApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../../lib/endpoint-route.ts";
import { sendStoredFile } from "../../../storage/send-file.ts";
import type { PlayerUpdatesService } from "./player-updates.service.ts";

/** The /music/player/update calls of SPEC.md §7: box firmware, and its file for the boxes. */
export async function playerUpdatesRoutes(
  app: FastifyInstance,
  options: { updates: PlayerUpdatesService },
) {
  const { updates } = options;
  registerEndpoint(app, playerUpdatesApi.uploadPlayerUpdate, ({ actor, query, upload }) =>
    updates.upload(actor, query, upload),
  );
  registerEndpoint(app, playerUpdatesApi.changePlayerUpdateMeta, ({ actor, params, body }) =>
    updates.changeMeta(actor, params.updateId, body),
  );
  registerEndpoint(app, playerUpdatesApi.listPlayerUpdates, ({ actor, query }) =>
    updates.list(actor, query),
  );
  registerEndpoint(
    app,
    playerUpdatesApi.getPlayerUpdateFile,
    async ({ actor, params, request, reply }) =>
      sendStoredFile(app.storage.files, request, reply, await updates.file(actor, params.updateId)),
  );
}
