import { type SongRating, songsApi } from "@fonika/shared";
import { on, replyError } from "./scripted-server.ts";

/** A song's ratings as the scripted server keeps them: everyone else's and the caller's own. */
export interface ScriptedSongRatings {
  songId: string;
  /** The other people's ratings. */
  others: number[];
  /** The caller's own rating, null when they gave none. */
  mine: number | null;
}

function presentRating({ songId, others, mine }: ScriptedSongRatings): SongRating {
  const all = mine === null ? others : [...others, mine];
  const sum = all.reduce((total, value) => total + value, 0);
  return {
    songId,
    averageRating: all.length === 0 ? null : Math.round((sum / all.length) * 100) / 100,
    ratingsCount: all.length,
    myRating: mine,
  };
}

/**
 * Songs' ratings as the server keeps them: a read answers the songs asked
 * that are known here (others are left out, as the server leaves out those
 * the caller may not rate), a rating given changes what the next read
 * answers. Every read's ids and every rating sent are kept for the test.
 * With `refuseRating`, setting a rating is answered 404 and changes nothing.
 */
export function songRatingsServer(
  songs: ScriptedSongRatings[],
  options: { refuseRating?: boolean } = {},
) {
  const bySong = new Map(songs.map((song) => [song.songId, { ...song }]));
  const backend = { reads: [] as string[][], rated: [] as string[] };
  const routes = [
    on(songsApi.getSongRatings, ({ query, reply }) => {
      const asked = (query.get("songIds") ?? "").split(",");
      backend.reads.push(asked);
      return reply({
        data: asked.flatMap((id) => {
          const song = bySong.get(id);
          return song ? [presentRating(song)] : [];
        }),
      });
    }),
    on(songsApi.setRating, ({ params, reply }) => {
      const rating = Number(params.rating);
      backend.rated.push(`${params.songId} ${rating}`);
      const song = bySong.get(params.songId);
      if (!song || options.refuseRating) {
        return replyError(404, { type: "not-found", reason: "Трек не найден", message: "" });
      }
      song.mine = rating;
      const { averageRating } = presentRating(song);
      return reply({ songId: song.songId, rating, averageRating: averageRating ?? rating });
    }),
  ];
  return { routes, backend };
}
