import { playlistsApi, type Role, type Suggestion, searchApi, songsApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildPlaylist } from "../../../test/library-factories.ts";
import { on, type ScriptedRoute } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";

const songId = "00000000-0000-4000-8000-00000000b001";
const playlistId = "00000000-0000-4000-8000-00000000b002";

const SONG: Suggestion = {
  name: "Ёлочка",
  category: "songs",
  id: songId,
  artist: "Детский хор",
  obsceneLexicon: true,
};
const ARTIST: Suggestion = { name: "Квартет Ветер", category: "artists" };
const ALBUM: Suggestion = { name: "Сезоны", category: "albums" };
const PLAYLIST: Suggestion = { name: "Утро в кофейне", category: "playlists", id: playlistId };
const TAG: Suggestion = { name: "джаз", category: "tags" };
const EVERY_CATEGORY = [SONG, ARTIST, ALBUM, PLAYLIST, TAG];

const emptyPage = { data: [], total: 0, totalPages: 0 };

/** What the screens a suggestion opens ask for, answered empty. */
const destinationScreens: ScriptedRoute[] = [
  on(playlistsApi.listPlaylists, ({ reply }) => reply(emptyPage)),
  on(playlistsApi.listFavouritePlaylists, ({ reply }) => reply(emptyPage)),
  on(playlistsApi.getPlaylist, ({ params, reply }) =>
    reply({ ...buildPlaylist({ id: params.id }), tracks: [] }),
  ),
  on(songsApi.listSongs, ({ reply }) => reply(emptyPage)),
];

/**
 * The app signed in as `role` on a screen of its own, the search answering
 * `answer(text)`; `asked` keeps the text of every search call.
 */
function renderSearch(
  role: Role,
  answer: (text: string) => Suggestion[] | Promise<Suggestion[]> = () => EVERY_CATEGORY,
) {
  const asked: string[] = [];
  const app = renderSignedIn(
    role,
    "/support/enquiries",
    on(searchApi.commonSearch, async ({ query, reply }) => {
      const text = query.get("text") ?? "";
      asked.push(text);
      return reply({ data: await answer(text), hasMore: false });
    }),
    ...destinationScreens,
  );
  const box = () => screen.getByRole("combobox", { name: "Поиск треков и плейлистов" });
  const location = () => {
    const { pathname, search } = app.router.state.location;
    return `${pathname}${decodeURIComponent(search.replace(/\+/g, " "))}`;
  };
  return { app, asked, box, location };
}

function options() {
  return within(screen.getByRole("listbox", { name: "Подсказки поиска" })).getAllByRole("option");
}

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, "innerWidth", { configurable: true, value: 1024 });
});

describe("the header suggestions search", () => {
  it("asks once typing pauses and lists each suggestion with its category, a song's artist and explicit mark", async () => {
    const { asked, box } = renderSearch("role-client");
    await userEvent.type(
      await screen.findByRole("combobox", { name: "Поиск треков и плейлистов" }),
      "ёлк",
    );
    expect(await screen.findByRole("option", { name: "Ёлочка" })).toBeTruthy();
    expect(asked).toEqual(["ёлк"]);
    expect(box().getAttribute("aria-expanded")).toBe("true");

    expect(options().map((option) => option.getAttribute("aria-label"))).toEqual([
      "Ёлочка",
      "Квартет Ветер",
      "Сезоны",
      "Утро в кофейне",
      "джаз",
    ]);
    expect(options().map((option) => option.textContent)).toEqual([
      "ЁлочкаEТреки · Детский хор",
      "Квартет ВетерИсполнители",
      "СезоныАльбомы",
      "Утро в кофейнеПлейлисты",
      "джазТеги",
    ]);
    const song = screen.getByRole("option", { name: "Ёлочка" });
    expect(within(song).getByRole("img", { name: "Ненормативная лексика" })).toBeTruthy();
    expect(
      within(screen.getByRole("option", { name: "Квартет Ветер" })).queryByRole("img"),
    ).toBeNull();
  });

  it("shows the loading state, then 'Ничего не найдено' when nothing matches", async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderSearch("role-client", async () => {
      await answered;
      return [];
    });
    await userEvent.type(
      await screen.findByRole("combobox", { name: "Поиск треков и плейлистов" }),
      "ъъъ",
    );
    expect(screen.getByRole("status").textContent).toBe("Поиск…");
    release();
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Ничего не найдено"));
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("cuts a name longer than 20 characters to 17 and an ellipsis, keeping the full name", async () => {
    const long = "Очень длинное название плейлиста";
    renderSearch("role-client", () => [{ name: long, category: "tags" }]);
    await userEvent.type(
      await screen.findByRole("combobox", { name: "Поиск треков и плейлистов" }),
      "оч",
    );
    const option = await screen.findByRole("option", { name: long });
    expect(option.textContent).toBe("Очень длинное наз…Теги");
    expect(option.getAttribute("title")).toBe(long);
  });

  it("sends a client to the playlists holding the song, artist, album or tag, and to a playlist by id", async () => {
    const { box, location } = renderSearch("role-client");
    const expected: [string, string][] = [
      ["Ёлочка", "/playlists?filterBy=song&filterValue=Ёлочка"],
      ["Квартет Ветер", "/playlists?filterBy=artist&filterValue=Квартет Ветер"],
      ["Сезоны", "/playlists?filterBy=album&filterValue=Сезоны"],
      ["джаз", "/playlists?filterBy=tag&filterValue=джаз"],
      ["Утро в кофейне", `/playlists/edit/${playlistId}`],
    ];
    await screen.findByRole("combobox", { name: "Поиск треков и плейлистов" });
    for (const [name, url] of expected) {
      await userEvent.clear(box());
      await userEvent.type(box(), "поиск");
      await userEvent.click(await screen.findByRole("option", { name }));
      await waitFor(() => expect(location()).toBe(url));
      expect(screen.queryByRole("listbox")).toBeNull();
      expect(box().getAttribute("aria-expanded")).toBe("false");
    }
    expect(await screen.findByRole("heading", { name: "Утро в кофейне" })).toBeTruthy();
  });

  it("sends a content manager to AddAudios for a song, artist or album and to the playlists for a tag", async () => {
    const { box, location } = renderSearch("role-content-manager");
    const expected: [string, string][] = [
      ["Ёлочка", `/tracks?preselect=${songId}`],
      ["Квартет Ветер", "/tracks?filterBy=artist&filterValue=Квартет Ветер"],
      ["Сезоны", "/tracks?filterBy=album&filterValue=Сезоны"],
      ["джаз", "/playlists?filterBy=tag&filterValue=джаз"],
      ["Утро в кофейне", `/playlists/edit/${playlistId}`],
    ];
    await screen.findByRole("combobox", { name: "Поиск треков и плейлистов" });
    for (const [name, url] of expected) {
      await userEvent.clear(box());
      await userEvent.type(box(), "поиск");
      await userEvent.click(await screen.findByRole("option", { name }));
      await waitFor(() => expect(location()).toBe(url));
    }
  });

  it("is driven by the keyboard: arrows move the highlight, Enter opens, Escape closes", async () => {
    const { box, location } = renderSearch("role-client");
    await userEvent.type(
      await screen.findByRole("combobox", { name: "Поиск треков и плейлистов" }),
      "а",
    );
    await screen.findByRole("listbox");
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}");
    const active = options()[1];
    expect(active?.getAttribute("aria-selected")).toBe("true");
    expect(box().getAttribute("aria-activedescendant")).toBe(active?.id);

    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(location()).toBe("/support/enquiries");

    await userEvent.keyboard("{ArrowDown}");
    await screen.findByRole("listbox");
    await userEvent.keyboard("{ArrowUp}{Enter}");
    await waitFor(() => expect(location()).toBe("/playlists?filterBy=tag&filterValue=джаз"));
  });

  it("logs a song or playlist that came without an id and stays where it is", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { location } = renderSearch("role-client", () => [
      { name: "Потерянный трек", category: "songs", artist: "Никто" },
      { name: "Потерянный плейлист", category: "playlists" },
    ]);
    await userEvent.type(
      await screen.findByRole("combobox", { name: "Поиск треков и плейлистов" }),
      "пот",
    );
    await userEvent.click(await screen.findByRole("option", { name: "Потерянный трек" }));
    await userEvent.click(screen.getByRole("option", { name: "Потерянный плейлист" }));
    expect(logged.mock.calls.map((call) => String(call[0]))).toEqual([
      'Search suggestion "Потерянный трек" (songs) came without an id: there is nothing to open',
      'Search suggestion "Потерянный плейлист" (playlists) came without an id: there is nothing to open',
    ]);
    expect(location()).toBe("/support/enquiries");
    expect(screen.getByRole("listbox")).toBeTruthy();
  });

  it("on a mobile layout suggests the best of each category, five at most", async () => {
    Object.defineProperty(window, "innerWidth", { configurable: true, value: 800 });
    renderSearch("role-client", () => [
      { ...SONG, name: "Трек 1" },
      { ...SONG, name: "Трек 2", id: "00000000-0000-4000-8000-00000000b003" },
      { ...TAG, name: "Тег 1" },
      { ...ARTIST, name: "Исполнитель 1" },
      { ...ARTIST, name: "Исполнитель 2" },
      { ...ALBUM, name: "Альбом 1" },
      { ...PLAYLIST, name: "Плейлист 1" },
      { ...TAG, name: "Тег 2" },
    ]);
    await userEvent.type(
      await screen.findByRole("combobox", { name: "Поиск треков и плейлистов" }),
      "1",
    );
    await screen.findByRole("listbox");
    expect(options().map((option) => option.getAttribute("aria-label"))).toEqual([
      "Трек 1",
      "Тег 1",
      "Исполнитель 1",
      "Альбом 1",
      "Плейлист 1",
    ]);
  });
});
