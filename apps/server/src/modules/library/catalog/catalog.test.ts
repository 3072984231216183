import { CATALOG_KINDS, type CatalogKind } from "@fonika/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { audioFixture, uploadFile } from "../../../test/library.ts";

/**
 * Authors, copyright holders and genres through the real API: every call
 * of every kind, search (case, ё/е, paging), duplicate names, refusals that
 * change nothing, and the song count. Authors' documents are
 * author-attachments.test.ts.
 */

let server: TestServer;
let manager: SignedInUser;
let client: SignedInUser;
/** Staff who is not a content manager: sees every live playlist and song, never the trash (issue 13). */
let reader: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  manager = await createSignedInUser(server, { role: "role-content-manager" });
  client = await createSignedInUser(server, { role: "role-client" });
  reader = await createSignedInUser(server, { role: "role-support" });
  admin = await createSignedInUser(server, { role: "role-admin" });
});

afterAll(async () => {
  await server?.close();
});

const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";

const add = (kind: CatalogKind, name: unknown, token = manager.token) =>
  call(server, "POST", `/music/${kind}/add`, { token, body: { name } });

const change = (kind: CatalogKind, id: string, body: unknown, token = manager.token) =>
  call(server, "POST", `/music/${kind}/${id}/change`, { token, body });

const search = (kind: CatalogKind, query = "", token = client.token) =>
  call(server, "GET", `/music/${kind}${query ? `?${query}` : ""}`, { token });

/** Adds an entry that must be new, answering it. */
async function added(kind: CatalogKind, name: string): Promise<{ id: string; name: string }> {
  const answer = await add(kind, name);
  expect(answer.status, `${kind} ${name}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body;
}

/** Every entry of every kind as the API lists it: what a refusal must leave as it was. */
async function catalogState() {
  const state: Record<string, unknown> = {};
  for (const kind of CATALOG_KINDS) state[kind] = (await search(kind, "limit=500")).body;
  return state;
}

describe.each(CATALOG_KINDS)("/music/%s", (kind) => {
  it("adds, reads, renames, lists and removes an entry", async () => {
    const created = await add(kind, "  Первый   пробный  ");
    expect(created).toEqual({
      status: 201,
      body: { id: expect.any(String), name: "Первый пробный", songCount: 0 },
    });
    const id = created.body.id;

    const read = await call(server, "GET", `/music/${kind}/${id}`, { token: client.token });
    expect(read).toEqual({ status: 200, body: created.body });

    const renamed = await change(kind, id, { name: "Второй пробный" });
    expect(renamed).toEqual({
      status: 200,
      body: { id, name: "Второй пробный", songCount: 0 },
    });
    // Its own name in another letter case is no duplicate.
    expect((await change(kind, id, { name: "ВТОРОЙ пробный" })).body.name).toBe("ВТОРОЙ пробный");

    const listed = await search(kind, `text=${encodeURIComponent("второй")}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      data: [{ id, name: "ВТОРОЙ пробный", songCount: 0 }],
      total: 1,
      totalPages: 1,
    });

    const removed = await call(server, "POST", `/music/${kind}/${id}/remove`, {
      token: manager.token,
    });
    expect(removed).toEqual({ status: 200, body: { ok: true } });
    expect(
      (await call(server, "GET", `/music/${kind}/${id}`, { token: client.token })).body,
    ).toMatchObject({ type: "not-found" });
    expect((await search(kind, `text=${encodeURIComponent("второй")}`)).body.total).toBe(0);
  });

  it("refuses a name another entry has, in any letter case", async () => {
    const first = await added(kind, "Дубль Имя");
    const other = await added(kind, "Другое Имя");
    const before = await catalogState();
    const duplicate = await add(kind, "дубль имя");
    const reasons: Record<CatalogKind, string> = {
      author: "Автор с таким именем уже существует",
      "copyright-holder": "Правообладатель с таким названием уже существует",
      genre: "Жанр с таким названием уже существует",
    };
    expect(duplicate).toMatchObject({
      status: 400,
      body: { type: "duplicate-entry-error", reason: reasons[kind] },
    });
    const renamedOnto = await change(kind, other.id, { name: "ДУБЛЬ  ИМЯ" });
    expect(renamedOnto).toMatchObject({
      status: 400,
      body: { type: "duplicate-entry-error", reason: reasons[kind] },
    });
    expect(await catalogState()).toEqual(before);
    expect(first.name).toBe("Дубль Имя");

    // Two content managers adding one name at once: the database lets one in.
    const racing = await Promise.all([add(kind, "Гонка Имён"), add(kind, "гонка имён")]);
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect((await search(kind, `text=${encodeURIComponent("гонка")}`)).body.total).toBe(1);
  });
});

describe("search", () => {
  beforeAll(async () => {
    for (const name of [
      "Поиск Алёна Апина",
      "ПОИСК АЛЕНА Свиридова",
      "поиск Елена Ваенга",
      "Поиск Beyoncé",
      "Поиск Йошкар",
      "Поиск Иошкар",
    ]) {
      await added("author", name);
    }
  });

  const found = async (query: string) => {
    const answer = await search("author", query);
    expect(answer.status, query).toBe(200);
    return answer.body.data.map((entry: { name: string }) => entry.name);
  };

  it("finds part of a name in any letter case, ё the same as е, accents dropped", async () => {
    expect(await found(`text=${encodeURIComponent("алена")}`)).toEqual([
      "Поиск Алёна Апина",
      "ПОИСК АЛЕНА Свиридова",
    ]);
    expect(await found(`text=${encodeURIComponent("АЛЁНА")}`)).toEqual([
      "Поиск Алёна Апина",
      "ПОИСК АЛЕНА Свиридова",
    ]);
    expect(await found("text=beyonce")).toEqual(["Поиск Beyoncé"]);
    expect(await found(`text=${encodeURIComponent("  ВАЕНГА ")}`)).toEqual(["поиск Елена Ваенга"]);
    // й is a letter of its own, not и with a mark.
    expect(await found(`text=${encodeURIComponent("йошкар")}`)).toEqual(["Поиск Йошкар"]);
    expect(await found(`text=${encodeURIComponent("%")}`)).toEqual([]);
    expect(await found(`text=${encodeURIComponent("нет такого")}`)).toEqual([]);
  });

  it("orders by name and pages with limit and offset", async () => {
    const all = await found(`text=${encodeURIComponent("поиск")}&limit=500`);
    expect(all).toEqual([
      "Поиск Beyoncé",
      "Поиск Алёна Апина",
      "ПОИСК АЛЕНА Свиридова",
      "поиск Елена Ваенга",
      "Поиск Иошкар",
      "Поиск Йошкар",
    ]);
    const pages = [];
    for (const offset of [0, 4]) {
      const page = await search(
        "author",
        `text=${encodeURIComponent("ПОИСК")}&limit=4&offset=${offset}`,
      );
      expect(page.body).toMatchObject({ total: 6, totalPages: 2 });
      pages.push(...page.body.data.map((entry: { name: string }) => entry.name));
    }
    expect(pages).toEqual(all);
    const past = await search("author", `text=${encodeURIComponent("поиск")}&offset=100`);
    expect(past.body).toEqual({ data: [], total: 6, totalPages: 1 });
  });

  it("lists every entry without text; every genre in one answer", async () => {
    const everyAuthor = await search("author", "limit=500");
    expect(everyAuthor.body.total).toBeGreaterThanOrEqual(6);
    expect(everyAuthor.body.data).toHaveLength(everyAuthor.body.total);
    expect((await search("author", "text=")).body.total).toBe(everyAuthor.body.total);
    // Authors and copyright holders page by 20 unless asked; genres answer all (up to 500).
    expect((await search("author")).body.data).toHaveLength(Math.min(20, everyAuthor.body.total));

    for (let index = 0; index < 25; index++) await added("genre", `Жанр номер ${index}`);
    const genres = await search("genre");
    expect(genres.body.total).toBeGreaterThanOrEqual(25);
    expect(genres.body.data).toHaveLength(genres.body.total);
    expect(genres.body.totalPages).toBe(1);
  });
});

describe("refusals", () => {
  it("answers bad input, other roles, no token and unknown ids clearly, changing nothing", async () => {
    const victim = await added("copyright-holder", "Неприкосновенный");
    const before = await catalogState();
    const path = (kind: CatalogKind, id: string, action = "") => `/music/${kind}/${id}${action}`;
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
    const cases: Array<[string, Promise<{ status: number; body: any }>, number, string]> = [
      ["empty name", add("genre", ""), 400, "validation-error"],
      ["blank name", add("genre", "   \n\t "), 400, "validation-error"],
      ["name too long", add("genre", "Ж".repeat(201)), 400, "validation-error"],
      ["name a number", add("genre", 42), 400, "validation-error"],
      [
        "name missing",
        call(server, "POST", "/music/genre/add", { token: manager.token, body: {} }),
        400,
        "validation-error",
      ],
      [
        "unknown field",
        call(server, "POST", "/music/author/add", {
          token: manager.token,
          body: { name: "Лишнее", songCount: 5 },
        }),
        400,
        "validation-error",
      ],
      [
        "rename too long",
        change("copyright-holder", victim.id, { name: "x".repeat(201) }),
        400,
        "validation-error",
      ],
      [
        "rename blank",
        change("copyright-holder", victim.id, { name: " " }),
        400,
        "validation-error",
      ],
      [
        "malformed id: get",
        call(server, "GET", path("author", "123"), { token: client.token }),
        400,
        "validation-error",
      ],
      [
        "malformed id: change",
        change("author", "not-a-uuid", { name: "Имя" }),
        400,
        "validation-error",
      ],
      [
        "malformed id: remove",
        call(server, "POST", path("genre", "123", "/remove"), { token: manager.token }),
        400,
        "validation-error",
      ],
      [
        "unknown id: get",
        call(server, "GET", path("author", unknownId), { token: client.token }),
        404,
        "not-found",
      ],
      ["unknown id: change", change("genre", unknownId, { name: "Имя" }), 404, "not-found"],
      [
        "unknown id: remove",
        call(server, "POST", path("copyright-holder", unknownId, "/remove"), {
          token: manager.token,
        }),
        404,
        "not-found",
      ],
      ["client adds", add("author", "Чужой", client.token), 403, "forbidden"],
      ["admin adds", add("genre", "Чужой", admin.token), 403, "forbidden"],
      [
        "client renames",
        change("copyright-holder", victim.id, { name: "Чужой" }, client.token),
        403,
        "forbidden",
      ],
      [
        "client removes",
        call(server, "POST", path("copyright-holder", victim.id, "/remove"), {
          token: client.token,
        }),
        403,
        "forbidden",
      ],
      ["no token: list", call(server, "GET", "/music/genre"), 401, "unauthorized"],
      [
        "no token: add",
        call(server, "POST", "/music/genre/add", { body: { name: "Аноним" } }),
        401,
        "unauthorized",
      ],
      ["limit 0", search("author", "limit=0"), 400, "validation-error"],
      ["limit 501", search("genre", "limit=501"), 400, "validation-error"],
      ["offset -1", search("copyright-holder", "offset=-1"), 400, "validation-error"],
      ["text too long", search("author", `text=${"x".repeat(201)}`), 400, "validation-error"],
    ];
    const answers = [];
    for (const [name, answer] of cases) {
      const { status: got, body } = await answer;
      answers.push({
        name,
        status: got,
        type: body?.type,
        russian: /[а-я]/i.test(body?.reason ?? ""),
      });
    }
    expect(answers).toEqual(
      cases.map(([name, , status, type]) => ({ name, status, type, russian: true })),
    );
    expect(
      (await call(server, "GET", path("author", unknownId), { token: client.token })).body.reason,
    ).toBe("Автор не найден");
    expect(await catalogState()).toEqual(before);
  });
});

describe("song count", () => {
  it("counts the songs that point at an entry and are not removed", async () => {
    // tone.mp3 is tagged with the genre Поп: the upload finds or makes it.
    const upload = await uploadFile(server, "/music/song/add", audioFixture("tone.mp3"), {
      token: manager.token,
      filename: "tone.mp3",
    });
    expect(upload.status).toBe(201);
    const song = upload.body.song;
    const pop = await call(server, "GET", `/music/genre/${song.genre.id}`, { token: client.token });
    expect(pop.body).toEqual({ id: song.genre.id, name: "Поп", songCount: 1 });

    const genre = await added("genre", "Счётный жанр");
    const author = await added("author", "Счётный автор");
    const holder = await added("copyright-holder", "Счётный правообладатель");
    const meta = await call(server, "POST", `/music/song/${song.id}/meta/change`, {
      token: manager.token,
      body: { genreId: genre.id, authorId: author.id, copyrightHolderId: holder.id },
    });
    expect(meta.status).toBe(200);
    const countOf = async (kind: CatalogKind, id: string) =>
      (await call(server, "GET", `/music/${kind}/${id}`, { token: client.token })).body.songCount;
    expect(await countOf("genre", song.genre.id)).toBe(0);
    expect(await countOf("genre", genre.id)).toBe(1);
    expect(await countOf("author", author.id)).toBe(1);
    expect(await countOf("copyright-holder", holder.id)).toBe(1);
    const listed = await search("author", `text=${encodeURIComponent("счётный")}`);
    expect(listed.body.data).toEqual([{ ...author, songCount: 1 }]);

    // A renamed entry is what the song shows.
    await change("author", author.id, { name: "Переименованный автор" });
    const renamed = await call(server, "GET", `/music/song/${song.id}/meta`, {
      token: reader.token,
    });
    expect(renamed.body.author).toEqual({ id: author.id, name: "Переименованный автор" });

    // A removed entry: the song points at none.
    await call(server, "POST", `/music/copyright-holder/${holder.id}/remove`, {
      token: manager.token,
    });
    const orphaned = await call(server, "GET", `/music/song/${song.id}/meta`, {
      token: reader.token,
    });
    expect(orphaned.body.copyrightHolder).toBeNull();
    expect(orphaned.body.genre).toEqual({ id: genre.id, name: "Счётный жанр" });

    // A removed song counts no more.
    await call(server, "POST", `/music/song/${song.id}/remove`, { token: manager.token });
    expect(await countOf("genre", genre.id)).toBe(0);
    expect(await countOf("author", author.id)).toBe(0);
  });
});
