import { PARTITION_IDS, type Playlist, playersApi, playlistsApi, vaultApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  buildListing,
  buildPartition,
  buildPlaylist,
  nextId,
} from "../../../test/library-factories.ts";
import { buildPlayer, buildPlayerPlaylist, onePage } from "../../../test/players-factories.ts";
import { on, replyError, type ScriptedRoute } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

const morning = buildPlaylist({
  name: "Утро в кофейне",
  tags: ["джаз", "утро"],
  tracksCount: 12,
  tracksDuration: 3_985_000,
});
const evening = buildPlaylist({
  name: "Вечер пятницы в баре у моря",
  tags: [],
  tracksCount: 3,
  tracksDuration: 600_000,
  hasCover: true,
});

interface Backend {
  /** The query of every list call. */
  listed: URLSearchParams[];
  favourites: Set<string>;
  /** Every favourite change: `add <id>` or `remove <id>`, with the user it was for. */
  changes: string[];
}

/**
 * The app signed in as `role` at `path`; the list answers `pageOf(query)`
 * and the favourites are kept like the server keeps them.
 */
function renderCatalog(
  path: string,
  {
    role = "role-client",
    pageOf = () => ({ data: [morning, evening], total: 2, totalPages: 1 }),
    favourites = [],
    refuseFavourites = false,
    routes = [],
  }: {
    role?: "role-client" | "role-content-manager";
    pageOf?: (query: URLSearchParams) => { data: Playlist[]; total: number; totalPages: number };
    favourites?: string[];
    refuseFavourites?: boolean;
    routes?: ScriptedRoute[];
  } = {},
) {
  const backend: Backend = { listed: [], favourites: new Set(favourites), changes: [] };
  const app = renderSignedIn(
    role,
    path,
    on(playlistsApi.listPlaylists, ({ query, reply }) => {
      backend.listed.push(query);
      return reply(pageOf(query));
    }),
    on(playlistsApi.listFavouritePlaylists, ({ params, reply }) => {
      expect(params.userId).toBe(SIGNED_IN_USER_ID);
      const data = [morning, evening].filter((playlist) => backend.favourites.has(playlist.id));
      return reply({ data, total: data.length, totalPages: data.length ? 1 : 0 });
    }),
    on(playlistsApi.addFavouritePlaylist, ({ params, body, reply }) => {
      backend.changes.push(`add ${body.playlistId} for ${params.userId}`);
      if (refuseFavourites) {
        return replyError(404, { type: "not-found", reason: "Плейлист не найден", message: "" });
      }
      backend.favourites.add(body.playlistId);
      return reply({ ok: true });
    }),
    on(playlistsApi.removeFavouritePlaylist, ({ params, body, reply }) => {
      backend.changes.push(`remove ${body.playlistId} for ${params.userId}`);
      backend.favourites.delete(body.playlistId);
      return reply({ ok: true });
    }),
    ...routes,
  );
  const location = () => {
    const { pathname, search } = app.router.state.location;
    return `${pathname}${decodeURIComponent(search.replace(/\+/g, " "))}`;
  };
  return { app, backend, location };
}

/** The filters of a list call, without paging. */
function filtersOf(query: URLSearchParams | undefined) {
  const filters = Object.fromEntries(query ?? []);
  delete filters.limit;
  delete filters.offset;
  return filters;
}

describe("the client's playlists", () => {
  it("lists the playlists of the URL's filter, shown as a chip that removes it", async () => {
    const { backend, location } = renderCatalog(
      `/playlists?filterBy=song&filterValue=${encodeURIComponent("Ёлочка")}`,
    );
    const list = await screen.findByRole("list", { name: "Плейлисты" });
    expect(filtersOf(backend.listed[0])).toEqual({ song: "Ёлочка" });
    expect(backend.listed[0]?.get("offset")).toBe("0");
    expect(screen.getByText("Трек: Ёлочка")).toBeTruthy();

    const link = within(list).getByRole("link", { name: "Утро в кофейне" });
    expect(link.getAttribute("href")).toBe(`/playlists/edit/${morning.id}`);
    const card = link.closest("li") as HTMLElement;
    expect(within(card).getByText("Треков: 12 · 1 ч 6 м")).toBeTruthy();
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((tag) => tag.textContent),
    ).toEqual(["джаз", "утро"]);
    // §9: a playlist name longer than 20 shows 20 and an ellipsis; the link keeps the full name.
    const long = within(list).getByRole("link", { name: "Вечер пятницы в баре у моря" });
    expect(long.textContent).toBe("Вечер пятницы в баре…");
    const cover = (long.closest("li") as HTMLElement).querySelector("img");
    expect(cover?.getAttribute("src")).toMatch(
      new RegExp(`/api/v1/music/playlist/${evening.id}/avatar-file\\?access_token=`),
    );

    await userEvent.click(screen.getByRole("button", { name: "Убрать фильтр «Трек: Ёлочка»" }));
    await waitFor(() => expect(location()).toBe("/playlists"));
    await waitFor(() => expect(filtersOf(backend.listed.at(-1))).toEqual({}));
    expect(screen.queryByText("Трек: Ёлочка")).toBeNull();
  });

  it("reads the artist, album and tag filters too, and ignores one it does not know", async () => {
    const cases: [string, Record<string, string>, string | null][] = [
      ["filterBy=artist&filterValue=Квартет", { artist: "Квартет" }, "Исполнитель: Квартет"],
      ["filterBy=album&filterValue=Сезоны", { album: "Сезоны" }, "Альбом: Сезоны"],
      ["filterBy=tag&filterValue=джаз", { tag: "джаз" }, "Тег: джаз"],
      ["filterBy=genre&filterValue=джаз", {}, null],
    ];
    for (const [query, filters, chip] of cases) {
      const { backend, app } = renderCatalog(`/playlists?${query}`);
      await screen.findByRole("list", { name: "Плейлисты" });
      expect(filtersOf(backend.listed[0]), query).toEqual(filters);
      if (chip) expect(screen.getByText(chip)).toBeTruthy();
      else expect(screen.queryByRole("button", { name: /Убрать фильтр/ })).toBeNull();
      app.unmount();
    }
  });

  it("searches by words once typing pauses and pages through the results", async () => {
    const { backend, location } = renderCatalog("/playlists?filterBy=tag&filterValue=джаз", {
      pageOf: () => ({ data: [morning], total: 25, totalPages: 2 }),
    });
    await userEvent.type(
      await screen.findByRole("searchbox", { name: "Поиск плейлистов" }),
      "утро",
    );
    await waitFor(() =>
      expect(filtersOf(backend.listed.at(-1))).toEqual({ tag: "джаз", text: "утро" }),
    );
    expect(backend.listed.map((query) => query.get("text"))).toEqual([null, "утро"]);
    expect(location()).toBe("/playlists?filterBy=tag&filterValue=джаз&text=утро");

    await userEvent.click(screen.getByRole("button", { name: "Следующая страница" }));
    await waitFor(() => expect(backend.listed.at(-1)?.get("offset")).toBe("20"));
    expect(screen.getByText("Страница 2 из 2")).toBeTruthy();
    expect(location()).toBe("/playlists?filterBy=tag&filterValue=джаз&text=утро&page=2");
  });

  it("says 'Плейлисты не найдены' and offers to drop the filter", async () => {
    const { backend, location } = renderCatalog("/playlists?filterBy=song&filterValue=Нет такой", {
      pageOf: (query) =>
        query.get("song")
          ? { data: [], total: 0, totalPages: 0 }
          : { data: [morning], total: 1, totalPages: 1 },
    });
    expect(await screen.findByText("Плейлисты не найдены")).toBeTruthy();
    expect(
      screen.getByText(
        "С фильтром «Трек: Нет такой» плейлистов нет. Уберите фильтр, чтобы увидеть все плейлисты.",
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Показать все плейлисты" }));
    expect(await screen.findByRole("link", { name: "Утро в кофейне" })).toBeTruthy();
    expect(location()).toBe("/playlists");
    expect(filtersOf(backend.listed.at(-1))).toEqual({});
  });

  it("marks and unmarks favourites of the signed-in user", async () => {
    const { backend } = renderCatalog("/playlists", { favourites: [morning.id] });
    const morningButton = await screen.findByRole("button", { name: "Избранное: Утро в кофейне" });
    const eveningButton = screen.getByRole("button", {
      name: "Избранное: Вечер пятницы в баре у моря",
    });
    await waitFor(() => expect(morningButton.getAttribute("aria-pressed")).toBe("true"));
    expect(eveningButton.getAttribute("aria-pressed")).toBe("false");

    await userEvent.click(eveningButton);
    await waitFor(() =>
      expect(backend.changes).toEqual([`add ${evening.id} for ${SIGNED_IN_USER_ID}`]),
    );
    await waitFor(() => expect(eveningButton.getAttribute("aria-pressed")).toBe("true"));

    await userEvent.click(morningButton);
    await waitFor(() =>
      expect(backend.changes[1]).toBe(`remove ${morning.id} for ${SIGNED_IN_USER_ID}`),
    );
    await waitFor(() => expect(morningButton.getAttribute("aria-pressed")).toBe("false"));
    expect([...backend.favourites]).toEqual([evening.id]);
  });

  it("puts a refused favourite back and says why", async () => {
    renderCatalog("/playlists", { refuseFavourites: true });
    const button = await screen.findByRole("button", { name: "Избранное: Утро в кофейне" });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(button);
    expect(await screen.findByText("Плейлист не найден")).toBeTruthy();
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("false"));
  });

  it("shows the playlists the client's subscriptions do not let play without a link, marked", async () => {
    renderCatalog("/playlists", {
      routes: [
        on(playlistsApi.listAllowedPlaylists, ({ params, reply }) => {
          expect(params.userId).toBe(SIGNED_IN_USER_ID);
          return reply({ data: [{ ...morning, songCount: 12 }], total: 1, totalPages: 1 });
        }),
      ],
    });
    const lockedName = await screen.findByText(/Вечер пятницы/, {
      selector: ".playlist-card__name",
    });
    const locked = lockedName.closest("li") as HTMLElement;
    expect(within(locked).queryByRole("link")).toBeNull();
    expect(within(locked).getByText("Нет в ваших подписках")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Утро в кофейне" })).toBeTruthy();
    expect(screen.getByText(/играют только по тарифу, в который входят/)).toBeTruthy();
  });

  it("says how playlists come to play when no subscription lets any play yet", async () => {
    renderCatalog("/playlists", {
      routes: [
        on(playlistsApi.listAllowedPlaylists, ({ reply }) =>
          reply({ data: [], total: 0, totalPages: 0 }),
        ),
      ],
    });
    expect(
      await screen.findByText(/Плейлисты заиграют, когда у вашего заведения будет подписка/),
    ).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Утро в кофейне" })).toBeNull();
    expect(screen.getByRole("link", { name: "Тарифы и подписки" })).toBeTruthy();
  });

  it("is in the client's side menu, after the objects and their players", async () => {
    renderCatalog("/playlists");
    const menu = await screen.findByRole("complementary", { name: "Главное меню" });
    const labels = within(menu)
      .getAllByRole("link")
      .map((link) => link.textContent?.trim());
    expect(
      labels.slice(labels.indexOf("Мои заведения"), labels.indexOf("Мои заведения") + 3),
    ).toEqual(["Мои заведения", "Плееры", "Плейлисты"]);
  });
});

describe("a client's playlist put on a player", () => {
  const cafe = nextId();
  const bar = nextId();
  const storage = nextId();
  const hall = buildPlayer({ name: "Зал", establishmentId: cafe, establishmentName: "Кофейня" });
  const terrace = buildPlayer({
    name: "Веранда",
    establishmentId: cafe,
    establishmentName: "Кофейня",
  });
  const counter = buildPlayer({ name: "Стойка", establishmentId: bar, establishmentName: "Бар" });
  const backroom = buildPlayer({
    name: "Подсобка",
    establishmentId: storage,
    establishmentName: "Склад",
  });
  // The server names the client's venues whose subscription offers each playlist.
  const offered = buildPlaylist({
    name: "Лаунж",
    description: "Спокойный лаунж для вечера: без слов, с мягким битом.",
    establishmentIds: [cafe, bar],
  });
  const offeredNowhere = buildPlaylist({ name: "Нигде", establishmentIds: [] });

  /** The catalogue of these playlists; players and what holds `offered` kept as the server keeps them. */
  function renderWithPlayers({ refuse = false }: { refuse?: boolean } = {}) {
    const holders = new Set([hall.id]);
    const added: Array<{ playerId: string; playlistId: string }> = [];
    const app = renderCatalog("/playlists", {
      pageOf: () => onePage([offered, offeredNowhere]),
      routes: [
        on(playersApi.listUserPlayers, ({ params, reply }) => {
          expect(params.userId).toBe(SIGNED_IN_USER_ID);
          return reply(onePage([hall, terrace, counter, backroom]));
        }),
        on(playersApi.listPlaylistPlayers, ({ params, reply }) => {
          expect(params).toEqual({ userId: SIGNED_IN_USER_ID, playlistId: offered.id });
          return reply({
            data: [hall, terrace, counter].filter((player) => holders.has(player.id)),
          });
        }),
        on(playersApi.addPlayerPlaylist, ({ params, body, reply }) => {
          added.push({ playerId: params.id, playlistId: body.playlistId });
          if (refuse) {
            return replyError(409, {
              type: "conflict",
              reason: "Плейлист уже добавлен на плеер",
              message: "",
            });
          }
          holders.add(params.id);
          return reply({ data: [buildPlayerPlaylist({ playlistId: body.playlistId })] });
        }),
      ],
    });
    return { ...app, added };
  }

  it("shows each playlist's description", async () => {
    renderWithPlayers();
    const link = await screen.findByRole("link", { name: "Лаунж" });
    const card = link.closest("li") as HTMLElement;
    expect(within(card).getByText(offered.description as string)).toBeTruthy();
  });

  it("lists the players at the venues that offer it, marks the one holding it and adds it to another", async () => {
    const { added } = renderWithPlayers();
    await userEvent.click(await screen.findByRole("button", { name: "Добавить на плеер: Лаунж" }));
    const dialog = await screen.findByRole("dialog", { name: "Добавить на плеер" });
    const players = within(dialog).getByRole("list", { name: "Плееры" });
    // The storage room's venue does not offer it: its player is not offered.
    expect(
      within(players)
        .getAllByRole("listitem")
        .map((item) => item.firstElementChild?.firstChild?.textContent),
    ).toEqual(["Зал", "Веранда", "Стойка"]);
    const hallRow = within(players).getByText("Зал").closest("li") as HTMLElement;
    expect(await within(hallRow).findByText("Уже на плеере")).toBeTruthy();
    expect(within(hallRow).queryByRole("button")).toBeNull();

    await userEvent.click(within(dialog).getByRole("button", { name: "Добавить на плеер Стойка" }));
    await waitFor(() => expect(added).toEqual([{ playerId: counter.id, playlistId: offered.id }]));
    expect(await screen.findByText("Плейлист «Лаунж» добавлен на плеер «Стойка»")).toBeTruthy();
    const counterRow = within(players).getByText("Стойка").closest("li") as HTMLElement;
    expect(await within(counterRow).findByText("Уже на плеере")).toBeTruthy();
  });

  it("says why the server refused", async () => {
    const { added } = renderWithPlayers({ refuse: true });
    await userEvent.click(await screen.findByRole("button", { name: "Добавить на плеер: Лаунж" }));
    const dialog = await screen.findByRole("dialog", { name: "Добавить на плеер" });
    await userEvent.click(
      await within(dialog).findByRole("button", { name: "Добавить на плеер Веранда" }),
    );
    expect(await within(dialog).findByRole("alert")).toHaveProperty(
      "textContent",
      "Плейлист уже добавлен на плеер",
    );
    expect(added).toHaveLength(1);
    expect(within(dialog).getByRole("button", { name: "Добавить на плеер Веранда" })).toBeTruthy();
  });

  it("is not offered for a playlist no venue of the client offers", async () => {
    renderWithPlayers();
    const link = await screen.findByRole("link", { name: "Нигде" });
    const card = link.closest("li") as HTMLElement;
    expect(within(card).queryByRole("button", { name: /Добавить на плеер/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Добавить на плеер: Лаунж" })).toBeTruthy();
  });

  it("says where to add a player when the venues that offer it have none", async () => {
    renderCatalog("/playlists", {
      pageOf: () => onePage([offered]),
      routes: [
        on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([backroom]))),
        on(playersApi.listPlaylistPlayers, ({ reply }) => reply({ data: [] })),
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Добавить на плеер: Лаунж" }));
    const dialog = await screen.findByRole("dialog", { name: "Добавить на плеер" });
    expect(within(dialog).getByText("Нет подходящих плееров")).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Мои заведения" })).toBeTruthy();
  });
});

describe("a content manager's playlists", () => {
  it("stay the library without a filter", async () => {
    const opened: string[] = [];
    const { backend } = renderCatalog("/playlists", {
      role: "role-content-manager",
      routes: [
        on(vaultApi.listEntries, ({ params, reply }) => {
          opened.push(params.id);
          return reply(buildListing(buildPartition("playlists"), []));
        }),
      ],
    });
    expect(await screen.findByRole("searchbox", { name: "Поиск в папке" })).toBeTruthy();
    expect(opened[0]).toBe(PARTITION_IDS.playlists);
    expect(screen.queryByRole("searchbox", { name: "Поиск плейлистов" })).toBeNull();
    expect(backend.listed).toEqual([]);
  });

  it("show the catalogue of a tag the search sent them to, with the tariffs of each playlist", async () => {
    const { backend } = renderCatalog("/playlists?filterBy=tag&filterValue=джаз", {
      role: "role-content-manager",
      pageOf: () =>
        onePage([
          { ...morning, tariffs: [{ id: nextId(), name: "Базовый", active: true }] },
          { ...evening, tariffs: [] },
        ]),
    });
    const link = await screen.findByRole("link", { name: "Утро в кофейне" });
    expect(link.getAttribute("href")).toBe(`/playlists/edit/${morning.id}`);
    expect(filtersOf(backend.listed[0])).toEqual({ tag: "джаз" });
    expect(screen.getByText("Тег: джаз")).toBeTruthy();
    expect(within(link.closest("li") as HTMLElement).getByText("Тарифы: Базовый")).toBeTruthy();
    expect(screen.getByText("Тарифы: Ни в одном тарифе")).toBeTruthy();
    // Staff have no players to put it on.
    expect(screen.queryByRole("button", { name: /Добавить на плеер/ })).toBeNull();
  });
});
