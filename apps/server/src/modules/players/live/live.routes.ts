import { playerLiveApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../../lib/endpoint-route.ts";
import type { LiveService } from "./live.service.ts";

/** The remote control calls of SPEC.md §7: the socket's commands over HTTP. */
export async function liveRoutes(app: FastifyInstance, options: { live: LiveService }) {
  const { live } = options;
  registerEndpoint(app, playerLiveApi.play, ({ actor, params }) =>
    live.commandOverHttp(actor, { type: "play", playerId: params.id }),
  );
  registerEndpoint(app, playerLiveApi.pause, ({ actor, params }) =>
    live.commandOverHttp(actor, { type: "pause", playerId: params.id }),
  );
  registerEndpoint(app, playerLiveApi.playingStatus, async ({ actor, params }) => {
    const state = await live.stateFor(actor, params.id);
    const playing = state.online && state.playing && state.playlistId === params.playlistId;
    return { playerId: params.id, playlistId: params.playlistId, playing };
  });
  registerEndpoint(app, playerLiveApi.shuffleStatus, async ({ actor, params }) => ({
    shuffled: (await live.stateFor(actor, params.id)).shuffle,
  }));
  registerEndpoint(app, playerLiveApi.changeShuffleStatus, async ({ actor, params }) => ({
    shuffled: (
      await live.commandOverHttp(actor, {
        type: "shuffleRequested",
        playerId: params.id,
        playlistId: params.playlistId,
      })
    ).shuffle,
  }));
}
