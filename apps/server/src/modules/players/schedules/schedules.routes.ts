import { schedulesApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../../lib/endpoint-route.ts";
import type { SchedulesService } from "./schedules.service.ts";

/** The schedule calls of SPEC.md §7: a player's windows, its fallback, what it plays, a venue's week. */
export async function schedulesRoutes(
  app: FastifyInstance,
  options: { schedules: SchedulesService },
) {
  const { schedules } = options;
  registerEndpoint(app, schedulesApi.listPlaylistSchedule, async ({ actor, params }) => ({
    data: await schedules.listOfPlaylist(actor, params.id, params.playlistId),
  }));
  registerEndpoint(app, schedulesApi.addPlaylistSchedule, ({ actor, params, body }) =>
    schedules.add(actor, params.id, params.playlistId, body),
  );
  registerEndpoint(app, schedulesApi.changePlaylistSchedule, ({ actor, params, body }) =>
    schedules.change(actor, params.id, params.playlistId, params.scheduleId, body),
  );
  registerEndpoint(app, schedulesApi.removePlaylistSchedule, async ({ actor, params }) => {
    await schedules.remove(actor, params.id, params.playlistId, params.scheduleId);
    return { ok: true as const };
  });
  registerEndpoint(app, schedulesApi.setFallbackPlaylist, async ({ actor, params, body }) => ({
    fallbackPlaylistId: await schedules.setFallback(actor, params.id, body.playlistId),
  }));
  registerEndpoint(app, schedulesApi.playNow, ({ actor, params, query }) =>
    schedules.playNow(actor, params.id, query.at),
  );
  registerEndpoint(app, schedulesApi.playerQueue, ({ actor, params, query }) =>
    schedules.queue(actor, params.id, query.at),
  );
  registerEndpoint(app, schedulesApi.getEstablishmentSchedule, ({ actor, params }) =>
    schedules.week(actor, params.establishmentId),
  );
  registerEndpoint(app, schedulesApi.changeEstablishmentSchedule, ({ actor, params, body }) =>
    schedules.changeInWeek(actor, params.id, body),
  );
  registerEndpoint(app, schedulesApi.removeEstablishmentSchedule, ({ actor, params }) =>
    schedules.removeInWeek(actor, params.id, params.scheduleId),
  );
}
