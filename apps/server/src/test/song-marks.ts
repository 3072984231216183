import type { SignedInUser } from "./factories.ts";
import { call, type TestServer } from "./harness.ts";

/** Test helpers that change what the library says of a song, as a content manager does. */

/** Marks a song obsceneLexicon (or clears the mark) through the meta change, keeping the rest. */
export async function markExplicit(
  server: TestServer,
  contentManager: SignedInUser,
  songId: string,
  explicit = true,
): Promise<void> {
  const meta = await call(server, "GET", `/music/song/${songId}/meta`, {
    token: contentManager.token,
  });
  if (meta.status !== 200) throw new Error(`meta of ${songId} answered ${meta.status}`);
  const song = meta.body;
  const changed = await call(server, "POST", `/music/song/${songId}/meta/change`, {
    token: contentManager.token,
    body: {
      title: song.title,
      artists: song.artists,
      album: song.album,
      genreId: song.genre?.id ?? null,
      year: song.year,
      obsceneLexicon: explicit,
      isrc: song.isrc,
      copyrightHolderId: song.copyrightHolder?.id ?? null,
      authorIds: song.authors.map((author: { id: string }) => author.id),
    },
  });
  if (changed.status !== 200) {
    throw new Error(`meta change answered ${changed.status}: ${JSON.stringify(changed.body)}`);
  }
}

/** The song's loudness once the loudness job has measured it (polls its meta for up to 30 s). */
export async function measuredLoudness(
  server: TestServer,
  token: string,
  songId: string,
): Promise<{ status: string; gainDb: number | null; truePeakDb: number | null }> {
  const until = Date.now() + 30_000;
  for (;;) {
    const answer = await call(server, "GET", `/music/song/${songId}/meta`, { token });
    if (answer.status !== 200) throw new Error(`meta of ${songId} answered ${answer.status}`);
    if (answer.body.loudness.status !== "pending") return answer.body.loudness;
    if (Date.now() > until) throw new Error(`song ${songId} is still pending`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
