import { songsApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../../lib/endpoint-route.ts";
import { sendStoredFile } from "../../../storage/send-file.ts";
import type { Library } from "../library.ts";

/** The /music/song calls (SPEC.md §7 Playlists and songs). */
export async function songsRoutes(app: FastifyInstance, { library }: { library: Library }) {
  const { songs, intake } = library;
  const { files } = app.storage;
  // A new song's loudness is `pending`: the intake's bus event wakes the workers.
  registerEndpoint(app, songsApi.addSong, ({ actor, upload }) => intake.add(actor, upload));
  registerEndpoint(app, songsApi.listSongs, ({ actor, query }) => songs.list(actor, query));
  registerEndpoint(app, songsApi.getSongFile, async ({ actor, params, request, reply }) =>
    sendStoredFile(files, request, reply, await songs.audioFile(actor, params.id)),
  );
  registerEndpoint(app, songsApi.getSongMeta, ({ actor, params }) => songs.get(actor, params.id));
  registerEndpoint(app, songsApi.changeSongMeta, ({ actor, params, body }) =>
    songs.changeMeta(actor, params.id, body),
  );
  registerEndpoint(app, songsApi.changeSongsCredits, ({ actor, body }) =>
    songs.changeCredits(actor, body),
  );
  registerEndpoint(app, songsApi.getSongAvatar, async ({ actor, params, request, reply }) =>
    sendStoredFile(files, request, reply, await songs.coverFile(actor, params.id)),
  );
  registerEndpoint(app, songsApi.changeSongAvatar, ({ actor, params, upload }) =>
    songs.changeCover(actor, params.id, upload),
  );
  registerEndpoint(app, songsApi.setRating, ({ actor, params }) =>
    songs.rate(actor, params.songId, params.rating),
  );
  registerEndpoint(app, songsApi.getSongRatings, async ({ actor, query }) => ({
    data: await songs.ratings(actor, query.songIds),
  }));
  registerEndpoint(app, songsApi.removeSong, async ({ actor, params }) => {
    await songs.remove(actor, params.id);
    return { ok: true as const };
  });
}
