import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { AUDIO_FIXTURES, audioFixture, uploadFile } from "../../../test/library.ts";
import { createVenueStaff, subscribedClient } from "../../../test/venues.ts";

/**
 * The library's search through the real API: every category, Russian and
 * Latin, case, 'ё'/'е', a typo, ranking, paging, what clients see, and bad
 * input. Fixtures: Ёлочка (Хор Весна, Зимние песни), Morning Light and
 * Evening Walk (Nordic Strings; Dawn, Dusk), Clear Water (Река), tone,
 * Cafe Jazz (Blue Trio, Open Late).
 */

let server: TestServer;
let manager: SignedInUser;
/** A client whose venue's tariff holds every fixture song and both playlists with tracks. */
let client: SignedInUser;
const songIds = new Map<string, string>();

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const post = (path: string, body: unknown): Promise<Answer> =>
  call(server, "POST", path, { token: manager.token, body });

async function playlist(name: string, tags: string[], songs: string[]) {
  const made = await post("/music/playlist/add", { name, tags });
  if (songs.length > 0) {
    const version = await post(`/vault/${made.body.entryId}/make-version`, {});
    await post(`/vault/${version.body.entryId}/make-song`, {
      songIds: songs.map((title) => songIds.get(title)),
    });
  }
  return made.body.id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  manager = await createSignedInUser(server, { role: "role-content-manager" });
  for (const name of AUDIO_FIXTURES) {
    const answer = await uploadFile(server, "/music/song/add", audioFixture(name), {
      token: manager.token,
      filename: name,
    });
    songIds.set(answer.body.song.title, answer.body.song.id);
  }
  await post(`/music/song/${songIds.get("Ёлочка")}/meta/change`, { obsceneLexicon: true });
  const licensed = [
    await playlist("Jazz Evening", ["Вечер"], ["Cafe Jazz"]),
    await playlist("Новогодний", ["Jazz", "Праздник"], ["Ёлочка"]),
    await playlist("Фонотека", [], [...songIds.keys()]),
  ];
  const empty = await playlist("Пустой джаз", ["Черновик"], []);
  const staff = await createVenueStaff(server);
  ({ client } = await subscribedClient(server, staff, [...licensed, empty]));
});

afterAll(async () => {
  await server?.close();
});

function search(text: string, token = client.token, extra = "") {
  return call(server, "GET", `/music/common-search?text=${encodeURIComponent(text)}${extra}`, {
    token,
  });
}

/** How many songs and playlists use a word of the typo vocabulary. */
async function wordUses(word: string): Promise<number> {
  const result = (await server.app.db.execute(
    sql`select uses from search_terms where kind = 'word' and key = ${word}`,
  )) as unknown as { rows: Array<{ uses: number }> };
  return result.rows[0]?.uses ?? 0;
}

const pairs = (answer: Answer) =>
  answer.body.data.map((item: { category: string; name: string }) => [item.category, item.name]);

describe("common search", () => {
  it("finds a song whatever the case and 'ё', with its artist and explicit flag", async () => {
    for (const text of ["елочка", "ЁЛОЧКА", "Ёлоч"]) {
      const answer = await search(text);
      expect(answer.status, text).toBe(200);
      expect(answer.body.data[0], text).toEqual({
        category: "songs",
        name: "Ёлочка",
        id: songIds.get("Ёлочка"),
        artist: "Хор Весна",
        obsceneLexicon: true,
      });
    }
  });

  it("finds artists, albums, playlists and tags, Latin and Cyrillic", async () => {
    expect(pairs(await search("nordic"))).toEqual([["artists", "Nordic Strings"]]);
    expect(pairs(await search("зимние"))).toEqual([["albums", "Зимние песни"]]);
    expect(pairs(await search("новогод"))).toContainEqual(["playlists", "Новогодний"]);
    expect(pairs(await search("праздн"))).toEqual([["tags", "Праздник"]]);
    expect(pairs(await search("Весна"))).toEqual([["artists", "Хор Весна"]]);
  });

  it("forgives a typo", async () => {
    expect(pairs(await search("Evenng Walk"))).toContainEqual(["songs", "Evening Walk"]);
    expect(pairs(await search("Морнинг")).length).toBe(0);
    expect(pairs(await search("Mornin Ligt"))).toContainEqual(["songs", "Morning Light"]);
    // The last word still being typed, and a short one, are taken as they are.
    expect(pairs(await search("Evenng Wa"))).toContainEqual(["songs", "Evening Walk"]);
    expect(pairs(await search("Evenng Wxyz"))).toEqual([]);
  });

  it("corrects typos against the words of titles, artists, albums, playlists and tags, as they change", async () => {
    expect(pairs(await search("Новогдний"))).toContainEqual(["playlists", "Новогодний"]);
    expect(pairs(await search("Празднк"))).toContainEqual(["tags", "Праздник"]);
    expect(pairs(await search("Нордик Стрингс"))).toEqual([]);
    expect(pairs(await search("Nordc"))).toContainEqual(["artists", "Nordic Strings"]);

    // A song of its own (other bytes after the last frame): the fixtures stay as they are.
    const bytes = Buffer.concat([audioFixture("tone.mp3"), Buffer.from("search-vocabulary")]);
    const added = await uploadFile(server, "/music/song/add", bytes, {
      token: manager.token,
      filename: "dream.mp3",
    });
    const id = added.body.song.id as string;
    expect([...songIds.values()]).not.toContain(id);
    await post(`/music/song/${id}/meta/change`, { title: "Сновидение" });
    expect(await wordUses("сновидение")).toBe(1);
    // (A content manager's search: the song is in no playlist a client may play.)
    expect(pairs(await search("Сновиденье", manager.token))).toContainEqual([
      "songs",
      "Сновидение",
    ]);
    await post(`/music/song/${id}/meta/change`, { title: "Другое" });
    expect(await wordUses("сновидение")).toBe(0);
    expect(pairs(await search("Сновиденье", manager.token))).toEqual([]);
    // Counting plays or removing: a removed song's words leave the vocabulary.
    await post(`/music/song/${id}/remove`, {});
    expect(await wordUses("другое")).toBe(0);
  });

  it("ranks exact matches, then prefixes, then the rest", async () => {
    const found = pairs(await search("jazz"));
    expect(found.slice(0, 3)).toEqual([
      ["tags", "Jazz"],
      ["playlists", "Jazz Evening"],
      ["songs", "Cafe Jazz"],
    ]);
  });

  it("shows clients only playlists they can play; content managers every one", async () => {
    expect(pairs(await search("джаз"))).toEqual([]);
    expect(pairs(await search("джаз", manager.token))).toEqual([["playlists", "Пустой джаз"]]);
    expect(pairs(await search("Черновик"))).toEqual([]);
  });

  it("pages with offset and limit and says whether more follow", async () => {
    // 'ing': Evening Walk, Morning Light, Nordic Strings, Jazz Evening.
    const first = await search("ing", client.token, "&limit=2");
    expect(first.body.data).toHaveLength(2);
    expect(first.body.hasMore).toBe(true);
    const second = await search("ing", client.token, "&limit=2&offset=2");
    expect(second.body.data[0]).not.toEqual(first.body.data[0]);
    const all = await search("ing", client.token, "&limit=500");
    expect(all.body.hasMore).toBe(false);
    expect(all.body.data.slice(0, 4)).toEqual([...first.body.data, ...second.body.data]);
  });

  it("matches one or two letters at the start of words only", async () => {
    expect(pairs(await search("ev"))).toEqual([
      ["songs", "Evening Walk"],
      ["playlists", "Jazz Evening"],
    ]);
  });

  it("lists to a client nothing its meta would refuse: songs, artists and albums outside its tariff are not found", async () => {
    const bytes = Buffer.concat([audioFixture("tone.ogg"), Buffer.from("outside-the-tariff")]);
    const added = await uploadFile(server, "/music/song/add", bytes, {
      token: manager.token,
      filename: "outside.ogg",
    });
    const id = added.body.song.id as string;
    await post(`/music/song/${id}/meta/change`, {
      title: "Запретный плод",
      artists: ["Ансамбль Запретный"],
      album: "Альбом Запретный",
    });
    expect(pairs(await search("Запретн", manager.token))).toEqual(
      expect.arrayContaining([
        ["songs", "Запретный плод"],
        ["artists", "Ансамбль Запретный"],
        ["albums", "Альбом Запретный"],
      ]),
    );
    expect(pairs(await search("Запретн"))).toEqual([]);
    const songSearch = await call(server, "GET", "/music/song/search?text=Запретный", {
      token: client.token,
    });
    expect(songSearch.body).toEqual({ data: [], total: 0, totalPages: 0 });
    // As its meta and its rating are refused.
    expect(
      (await call(server, "GET", `/music/song/${id}/meta`, { token: client.token })).status,
    ).toBe(404);
    const rated = await call(server, "POST", `/music/setrating/${id}/5`, { token: client.token });
    expect(rated.status).toBe(404);
    const ratedAllowed = await call(
      server,
      "POST",
      `/music/setrating/${songIds.get("Evening Walk")}/4`,
      { token: client.token },
    );
    expect(ratedAllowed.status).toBe(200);
  });

  it("refuses bad input", async () => {
    for (const query of [
      "",
      "?text=",
      `?text=${"x".repeat(201)}`,
      "?text=a&limit=501",
      "?text=a&offset=-1",
    ]) {
      const answer = await call(server, "GET", `/music/common-search${query}`, {
        token: client.token,
      });
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
    }
    expect((await call(server, "GET", "/music/common-search?text=a")).status).toBe(401);
  });
});

describe("song search", () => {
  it("searches the fields asked, best first", async () => {
    const songs = (answer: Answer) => answer.body.data.map((song: { title: string }) => song.title);
    const byArtist = await call(
      server,
      "GET",
      "/music/song/search?text=nordic&searchFields=artist",
      {
        token: client.token,
      },
    );
    expect(byArtist.body.total).toBe(2);
    expect(songs(byArtist).sort()).toEqual(["Evening Walk", "Morning Light"]);
    const byTitle = await call(server, "GET", "/music/song/search?text=nordic&searchFields=title", {
      token: client.token,
    });
    expect(byTitle.body).toEqual({ data: [], total: 0, totalPages: 0 });
    const everywhere = await call(server, "GET", "/music/song/search?text=dusk", {
      token: client.token,
    });
    expect(songs(everywhere)).toEqual(["Evening Walk"]);
    const bad = await call(server, "GET", "/music/song/search?text=a&searchFields=colour", {
      token: client.token,
    });
    expect(bad.status).toBe(400);
  });
});
