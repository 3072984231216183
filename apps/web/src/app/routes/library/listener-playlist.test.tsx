import { MESSAGES, playersApi, playlistsApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildPlaylistWithTracks, buildSong, nextId } from "../../../test/library-factories.ts";
import { emulateMediaElement } from "../../../test/media-element.ts";
import { buildPlayer, buildPlayerPlaylist, onePage } from "../../../test/players-factories.ts";
import { on, replyError, type ScriptedRoute } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";
import { songRatingsServer } from "../../../test/song-ratings-server.ts";

const songs = [
  buildSong({ title: "Первая", artists: ["Квартет Ветер"], durationMs: 185_000 }),
  buildSong({
    title: "Вторая",
    artists: ["Хор", "Оркестр"],
    durationMs: 3_600_000,
    obsceneLexicon: true,
  }),
];
const playlist = buildPlaylistWithTracks({
  name: "Утро в кофейне",
  description: "Спокойная музыка к завтраку",
  tags: ["джаз", "утро"],
  tracks: songs.map((song, position) => ({ entryId: nextId(), position, song })),
});

afterEach(() => vi.restoreAllMocks());

function renderPlaylist(
  role: "role-client" | "role-content-manager" = "role-client",
  { shown = playlist, routes = [] }: { shown?: typeof playlist; routes?: ScriptedRoute[] } = {},
) {
  const asked: (string | null)[] = [];
  return {
    asked,
    app: renderSignedIn(
      role,
      `/playlists/edit/${playlist.id}`,
      ...routes,
      on(playlistsApi.getPlaylist, ({ params, query, reply }) => {
        asked.push(query.get("versionId"));
        return params.id === playlist.id
          ? reply(shown)
          : replyError(404, { type: "not-found", reason: "Плейлист не найден", message: "" });
      }),
      on(playlistsApi.listFavouritePlaylists, ({ params, reply }) => {
        expect(params.userId).toBe(SIGNED_IN_USER_ID);
        return reply({ data: [playlist], total: 1, totalPages: 1 });
      }),
    ),
  };
}

describe("a playlist as a client sees it", () => {
  it("shows its details and its current tracks, read-only, and marks it a favourite", async () => {
    const { asked } = renderPlaylist();
    expect(await screen.findByRole("heading", { name: "Утро в кофейне" })).toBeTruthy();
    expect(asked).toEqual([null]);
    expect(screen.getByText("Спокойная музыка к завтраку")).toBeTruthy();
    expect(screen.getByText("Треков: 2 · Общая длительность: 1 ч 3 м")).toBeTruthy();
    const tags = screen.getByRole("list", { name: "Теги" });
    expect(
      within(tags)
        .getAllByRole("listitem")
        .map((tag) => tag.textContent),
    ).toEqual(["джаз", "утро"]);

    const tracks = screen.getByRole("region", { name: "Треки плейлиста" });
    const rows = within(tracks).getAllByRole("listitem");
    expect(rows.map((row) => row.getAttribute("aria-label"))).toEqual(["Первая", "Вторая"]);
    expect(rows[0]?.textContent).toBe("1ПерваяКвартет Ветер3 м");
    expect(within(rows[1] as HTMLElement).getByText("Хор, Оркестр")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("1 ч")).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement).getByRole("img", { name: "Ненормативная лексика" }),
    ).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByRole("img")).toBeNull();

    const favourite = screen.getByRole("button", { name: "Избранное: Утро в кофейне" });
    await waitFor(() => expect(favourite.getAttribute("aria-pressed")).toBe("true"));

    // Nothing here changes the playlist.
    for (const name of [/Сохранить/, /Удалить/, /Создать версию/, /Убрать из версии/, /Выше/]) {
      expect(screen.queryByRole("button", { name })).toBeNull();
    }
    expect(screen.queryByRole("textbox")).toBeNull();
    const main = screen.getByRole("main");
    expect(within(main).getByRole("link", { name: "Плейлисты" }).getAttribute("href")).toBe(
      "/playlists",
    );
  });

  it("plays and pauses a track in the page's player", async () => {
    emulateMediaElement();
    renderPlaylist();
    await userEvent.click(await screen.findByRole("button", { name: "Слушать: Первая" }));
    const audio = document.querySelector("audio");
    expect(audio?.getAttribute("src")).toMatch(
      new RegExp(`/api/v1/music/song/${songs[0]?.id}/file\\?access_token=`),
    );
    expect(screen.getByRole("region", { name: "Прослушивание" }).textContent).toContain(
      "Первая — Квартет Ветер",
    );
    await userEvent.click(screen.getByRole("button", { name: "Пауза: Первая" }));
    expect(screen.getByRole("button", { name: "Слушать: Первая" })).toBeTruthy();
  });

  it("says why a playlist cannot be opened", async () => {
    renderSignedIn(
      "role-client",
      `/playlists/edit/${nextId()}`,
      on(playlistsApi.getPlaylist, () =>
        replyError(404, { type: "not-found", reason: "Плейлист не найден", message: "" }),
      ),
    );
    expect(await screen.findByText("Не удалось открыть плейлист")).toBeTruthy();
    expect(screen.getByText("Плейлист не найден")).toBeTruthy();
    // One outside the client's subscriptions is answered as not found: say how it comes to play.
    expect(screen.getByText(/заиграет, когда у вашего заведения будет подписка/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Тарифы и подписки" })).toBeTruthy();
  });

  it("is put on a player of a venue that offers it, from its page", async () => {
    const venue = nextId();
    const hall = buildPlayer({ name: "Зал", establishmentId: venue });
    const elsewhere = buildPlayer({ name: "Склад" });
    const added: string[] = [];
    renderPlaylist("role-client", {
      shown: { ...playlist, establishmentIds: [venue] },
      routes: [
        on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([hall, elsewhere]))),
        on(playersApi.listPlaylistPlayers, ({ reply }) =>
          reply({ data: added.includes(hall.id) ? [hall] : [] }),
        ),
        on(playersApi.addPlayerPlaylist, ({ params, body, reply }) => {
          added.push(params.id);
          return reply({ data: [buildPlayerPlaylist({ playlistId: body.playlistId })] });
        }),
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Добавить на плеер" }));
    const dialog = await screen.findByRole("dialog", { name: "Добавить на плеер" });
    expect(within(dialog).queryByText("Склад")).toBeNull();
    await userEvent.click(
      await within(dialog).findByRole("button", { name: "Добавить на плеер Зал" }),
    );
    await waitFor(() => expect(added).toEqual([hall.id]));
    expect(await within(dialog).findByText("Уже на плеере")).toBeTruthy();
  });

  it("offers no player when no venue of the client offers it", async () => {
    renderPlaylist("role-client", { shown: { ...playlist, establishmentIds: [] } });
    expect(await screen.findByRole("heading", { name: "Утро в кофейне" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Добавить на плеер" })).toBeNull();
  });

  it("stays the editor for a content manager", async () => {
    renderPlaylist("role-content-manager");
    expect(await screen.findByDisplayValue("Утро в кофейне")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Удалить плейлист" })).toBeTruthy();
  });
});

describe("rating the tracks of a playlist", () => {
  const [first, second] = songs.map((song) => song.id) as [string, string];
  const stars = (title: string) => screen.findByRole("group", { name: `Оценка трека «${title}»` });
  const pressed = (group: HTMLElement) =>
    within(group)
      .getAllByRole("button")
      .filter((star) => star.getAttribute("aria-pressed") === "true")
      .map((star) => star.getAttribute("aria-label"));

  it("shows each track's average and the client's own, read once for the list, and rates a track", async () => {
    const { routes, backend } = songRatingsServer([
      { songId: first, others: [3], mine: 4 },
      { songId: second, others: [], mine: null },
    ]);
    renderPlaylist("role-client", { routes });
    const firstStars = await stars("Первая");
    const rows = within(screen.getByRole("region", { name: "Треки плейлиста" })).getAllByRole(
      "listitem",
    );
    expect(pressed(firstStars)).toEqual(["Оценить на 4 из 5"]);
    expect(rows[0]?.textContent).toContain("Средняя оценка 3,5 · 2 оценки · ваша 4");
    expect(rows[1]?.textContent).toContain("Оценок пока нет");
    // One read for the whole list, not one per track.
    expect(backend.reads).toEqual([[first, second]]);

    const secondStars = await stars("Вторая");
    expect(pressed(secondStars)).toEqual([]);
    await userEvent.click(within(secondStars).getByRole("button", { name: "Оценить на 2 из 5" }));
    expect(pressed(secondStars)).toEqual(["Оценить на 2 из 5"]);
    await waitFor(() => expect(backend.rated).toEqual([`${second} 2`]));
    await waitFor(() =>
      expect(rows[1]?.textContent).toContain("Средняя оценка 2 · 1 оценка · ваша 2"),
    );
    // The ratings are read again after a rating, still in one request.
    await waitFor(() => expect(backend.reads).toHaveLength(2));
    expect(backend.reads[1]).toEqual([first, second]);
    expect(screen.queryByText(MESSAGES.ratingFailed)).toBeNull();
  });

  it("puts the rating back and says «Не удалось задать рейтинг» when the server refuses", async () => {
    // The second track is not one the client may rate: the server leaves it out.
    const { routes, backend } = songRatingsServer([{ songId: first, others: [3], mine: 4 }], {
      refuseRating: true,
    });
    renderPlaylist("role-client", { routes });
    const firstStars = await stars("Первая");
    expect(screen.queryByRole("group", { name: "Оценка трека «Вторая»" })).toBeNull();
    await userEvent.click(within(firstStars).getByRole("button", { name: "Оценить на 1 из 5" }));
    expect(await screen.findByText(MESSAGES.ratingFailed)).toBeTruthy();
    expect(backend.rated).toEqual([`${first} 1`]);
    // The spec's text, not the server's reason.
    expect(screen.queryByText("Трек не найден")).toBeNull();
    await waitFor(() => expect(pressed(firstStars)).toEqual(["Оценить на 4 из 5"]));
    expect(firstStars.parentElement?.textContent).toContain("3,5 · 2 оценки · ваша 4");
  });
});
