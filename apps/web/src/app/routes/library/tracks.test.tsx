import {
  catalogApi,
  licenceDayOf,
  playlistsApi,
  type Song,
  songsApi,
  vaultApi,
} from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderLibrary } from "../../../test/library-app.tsx";
import {
  buildEntry,
  buildListing,
  buildPlaylist,
  buildSong,
  nextId,
} from "../../../test/library-factories.ts";
import { on } from "../../../test/scripted-server.ts";
import { songRatingsServer } from "../../../test/song-ratings-server.ts";

const playlistEntry = buildEntry({ entryType: "playlist", name: "Утро", playlistId: nextId() });
const version = buildEntry({
  entryType: "version",
  name: "Версия 1",
  parentId: playlistEntry.entryId,
});
const songs = [
  buildSong({ title: "Летний вечер", artists: ["Квартет Ветер"] }),
  buildSong({ title: "Осень", artists: ["Квартет Ветер"] }),
];

describe("AddAudios", () => {
  it("lists the songs of an artist and adds the chosen ones to the target version", async () => {
    const asked: URLSearchParams[] = [];
    const added: string[] = [];
    renderLibrary(
      `/tracks?filterBy=artist&filterValue=${encodeURIComponent("Квартет Ветер")}&target=${version.entryId}`,
      on(songsApi.listSongs, ({ query, reply }) => {
        asked.push(query);
        return reply({ data: songs, total: 2, totalPages: 1 });
      }),
      on(vaultApi.listEntries, ({ params, reply }) => {
        expect(params.id).toBe(version.entryId);
        return reply(buildListing(version, [], { path: [playlistEntry] }));
      }),
      on(vaultApi.makeSong, ({ params, query, body, reply }) => {
        added.push(`${params.id} ${query.get("policy")} ${body.songIds.join(",")}`);
        if (query.get("policy") === "nothing") {
          return reply({
            entries: [buildEntry({ entryType: "track" })],
            failedEntries: [
              {
                entryId: songs[1]?.id ?? "",
                name: "Осень",
                type: "duplicate-entry-error",
                reason: "Этот трек здесь уже есть",
              },
            ],
          });
        }
        return reply({ entries: [buildEntry({ entryType: "track" })], failedEntries: [] });
      }),
    );
    expect(await screen.findByRole("row", { name: /Летний вечер/ })).toBeTruthy();
    expect(asked[0]?.get("artistName")).toBe("Квартет Ветер");
    expect(asked[0]?.get("albumName")).toBeNull();
    expect(screen.getByText("Исполнитель:")).toBeTruthy();
    expect(
      (await screen.findByRole("link", { name: "Утро / Версия 1" })).getAttribute("href"),
    ).toBe(`/playlists/edit/${playlistEntry.playlistId}?version=${version.entryId}`);

    const add = screen.getByRole("button", { name: "Добавить в версию" });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole("checkbox", { name: "Выбрать все" }));
    await userEvent.click(add);
    const dialog = await screen.findByRole("dialog", { name: "Не всё удалось выполнить" });
    expect(added).toEqual([`${version.entryId} nothing ${songs[0]?.id},${songs[1]?.id}`]);
    const failed = within(dialog).getAllByRole("row")[1];
    expect(failed?.textContent).toBe("ОсеньДобавлениеЭтот трек здесь уже есть");
    await userEvent.click(within(dialog).getByRole("button", { name: "Оставить оба" }));
    await waitFor(() => expect(added[1]).toBe(`${version.entryId} both ${songs[1]?.id}`));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the preselected song first and chosen", async () => {
    const preselected = buildSong({ title: "Найденная песня" });
    renderLibrary(
      `/tracks?preselect=${preselected.id}`,
      on(songsApi.listSongs, ({ reply }) => reply({ data: songs, total: 2, totalPages: 1 })),
      on(songsApi.getSongMeta, ({ params, reply }) => {
        expect(params.id).toBe(preselected.id);
        return reply(preselected);
      }),
    );
    const row = await screen.findByRole("row", { name: /Найденная песня/ });
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows[0]).toBe(row);
    expect((within(row).getByRole("checkbox") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("Выбрано: 1")).toBeTruthy();
  });

  it("adds to a version picked from a found playlist when no target is given", async () => {
    const current = nextId();
    const older = nextId();
    const playlist = buildPlaylist({
      name: "Очень длинное название плейлиста",
      versions: [
        { entryId: older, name: "Весна", tracksCount: 0, tracksDuration: 0, isCurrent: false },
        { entryId: current, name: "Лето", tracksCount: 0, tracksDuration: 0, isCurrent: true },
      ],
    });
    const searched: (string | null)[] = [];
    const added: string[] = [];
    renderLibrary(
      "/tracks",
      on(songsApi.listSongs, ({ reply }) => reply({ data: songs, total: 2, totalPages: 1 })),
      on(playlistsApi.listPlaylists, ({ query, reply }) => {
        searched.push(query.get("text"));
        return reply({ data: [playlist], total: 1, totalPages: 1 });
      }),
      on(vaultApi.makeSong, ({ params, body, reply }) => {
        added.push(`${params.id} ${body.songIds.join(",")}`);
        return reply({ entries: [buildEntry({ entryType: "track" })], failedEntries: [] });
      }),
    );
    await userEvent.click(await screen.findByRole("checkbox", { name: "Выбрать «Осень»" }));
    expect(
      (screen.getByRole("button", { name: "Добавить в версию" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await userEvent.type(screen.getByLabelText("Найти плейлист"), "утро");
    await waitFor(() => expect(searched).toContain("утро"));
    const option = await screen.findByRole("option", { name: "Очень длинное наз…" });
    expect(option.getAttribute("title")).toBe("Очень длинное название плейлиста");
    await userEvent.selectOptions(screen.getByLabelText("Плейлист"), playlist.id);
    expect((screen.getByLabelText("Версия") as HTMLSelectElement).value).toBe(current);
    await userEvent.selectOptions(screen.getByLabelText("Версия"), older);
    await userEvent.click(screen.getByRole("button", { name: "Добавить в версию" }));
    await waitFor(() => expect(added).toEqual([`${older} ${songs[1]?.id}`]));
    expect(await screen.findByText("Добавлено в версию: 1")).toBeTruthy();
  });

  it("credits the chosen tracks with the same authors at once, keeping their holder when not ticked", async () => {
    const author = { id: nextId(), name: "Альбомный Композитор", songCount: 0 };
    const credited: unknown[] = [];
    renderLibrary(
      "/tracks",
      on(songsApi.listSongs, ({ reply }) => reply({ data: songs, total: 2, totalPages: 1 })),
      on(catalogApi.listAuthors, ({ reply }) => reply({ data: [author], total: 1, totalPages: 1 })),
      on(songsApi.changeSongsCredits, ({ body, reply }) => {
        credited.push(body);
        return reply({ changed: body.songIds.length });
      }),
    );
    const credit = await screen.findByRole("button", { name: "Авторы и правообладатель" });
    expect((credit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(await screen.findByRole("checkbox", { name: "Выбрать все" }));
    await userEvent.click(credit);
    const dialog = await screen.findByRole("dialog", {
      name: "Авторы и правообладатель: треков 2",
    });
    await userEvent.type(within(dialog).getByLabelText("Авторы"), "Альбом");
    await userEvent.click(
      await within(dialog).findByRole("button", { name: /Альбомный Композитор/ }),
    );
    await userEvent.click(
      within(dialog).getByRole("checkbox", { name: "Заменить правообладателя" }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Применить ко всем" }));
    await waitFor(() =>
      expect(credited).toEqual([{ songIds: songs.map((song) => song.id), authorIds: [author.id] }]),
    );
    // Its holder was not ticked: the toast names only what changed.
    expect(await screen.findByText("Авторы указаны у треков: 2")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("marks a song no venue plays for want of its holder's licence, and one that soon falls out", async () => {
    const soon = licenceDayOf(Date.now() + 5 * 86_400_000);
    const holder = { id: nextId(), name: "Лейбл «Север»" };
    const [first, second] = songs as [Song, Song];
    const marked = [
      { ...first, copyrightHolder: holder, licence: { barred: true, lastDay: null } },
      { ...second, licence: { barred: false, lastDay: soon } },
    ];
    renderLibrary(
      "/tracks",
      on(songsApi.listSongs, ({ reply }) => reply({ data: marked, total: 2, totalPages: 1 })),
    );
    const barred = await screen.findByText("Не звучит");
    expect(barred.getAttribute("title")).toBe(
      "Не звучит: у правообладателя «Лейбл «Север»» нет действующей лицензии",
    );
    expect(screen.getByText(`До ${soon.split("-").reverse().join(".")}`)).toBeTruthy();
  });

  it("gives the chosen tracks the same performers alone, asking for one at least", async () => {
    const credited: unknown[] = [];
    renderLibrary(
      "/tracks",
      on(songsApi.listSongs, ({ reply }) => reply({ data: songs, total: 2, totalPages: 1 })),
      on(songsApi.changeSongsCredits, ({ body, reply }) => {
        credited.push(body);
        return reply({ changed: body.songIds.length });
      }),
    );
    await userEvent.click(await screen.findByRole("checkbox", { name: "Выбрать все" }));
    await userEvent.click(screen.getByRole("button", { name: "Авторы и правообладатель" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Авторы и правообладатель: треков 2",
    });
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Заменить исполнителей" }));
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Заменить авторов" }));
    await userEvent.click(
      within(dialog).getByRole("checkbox", { name: "Заменить правообладателя" }),
    );
    const apply = within(dialog).getByRole("button", { name: "Применить ко всем" });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText("Укажите хотя бы одного исполнителя")).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText("Исполнители"), "Хор, Оркестр «Восток»");
    await userEvent.click(apply);
    await waitFor(() =>
      expect(credited).toEqual([
        { songIds: songs.map((song) => song.id), artists: ["Хор", "Оркестр «Восток»"] },
      ]),
    );
    expect(await screen.findByText("Исполнители указаны у треков: 2")).toBeTruthy();
  });

  it("shows each track's rating, read once for the page, and rates a track from its row", async () => {
    const [first, second] = songs.map((song) => song.id) as [string, string];
    const { routes, backend } = songRatingsServer([
      { songId: first, others: [5, 4], mine: null },
      { songId: second, others: [2], mine: 3 },
    ]);
    renderLibrary(
      "/tracks",
      on(songsApi.listSongs, ({ reply }) => reply({ data: songs, total: 2, totalPages: 1 })),
      ...routes,
    );
    expect(await screen.findByRole("columnheader", { name: "Рейтинг" })).toBeTruthy();
    const stars = await screen.findByRole("group", { name: "Оценка трека «Летний вечер»" });
    const row = screen.getByRole("row", { name: /Летний вечер/ });
    expect(row.textContent).toContain("Средняя оценка 4,5 · 2 оценки");
    expect(row.textContent).not.toContain("ваша");
    expect(screen.getByRole("row", { name: /Осень/ }).textContent).toContain(
      "Средняя оценка 2,5 · 2 оценки · ваша 3",
    );
    expect(backend.reads).toEqual([[first, second]]);

    await userEvent.click(within(stars).getByRole("button", { name: "Оценить на 5 из 5" }));
    await waitFor(() => expect(backend.rated).toEqual([`${first} 5`]));
    await waitFor(() =>
      expect(row.textContent).toContain("Средняя оценка 4,7 · 3 оценки · ваша 5"),
    );
    expect(
      within(stars).getByRole("button", { name: "Оценить на 5 из 5" }).getAttribute("aria-pressed"),
    ).toBe("true");
    // Choosing the row is not rating it, nor the other way round.
    expect((within(row).getByRole("checkbox") as HTMLInputElement).checked).toBe(false);
  });
});
