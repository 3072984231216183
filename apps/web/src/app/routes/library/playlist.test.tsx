import {
  licenceDayOf,
  PARTITION_IDS,
  type PlaylistTrack,
  playlistsApi,
  vaultApi,
} from "@fonika/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { installDragEvent, MemoryDataTransfer } from "../../../test/drag.ts";
import { renderLibrary } from "../../../test/library-app.tsx";
import {
  buildEntry,
  buildListing,
  buildPartition,
  buildPlaylistWithTracks,
  buildSong,
  buildTreeNode,
  nextId,
} from "../../../test/library-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";

beforeAll(installDragEvent);

const current = nextId();
const other = nextId();
const songs = [
  buildSong({ title: "Первая", durationMs: 185_000 }),
  buildSong({ title: "Вторая", durationMs: 200_000 }),
  buildSong({ title: "Третья", durationMs: 3_600_000 }),
];
const tracks = songs.map((song, position) => ({ entryId: nextId(), position, song }));
const playlist = buildPlaylistWithTracks({
  name: "Утро в кофейне",
  description: "Спокойная музыка",
  tags: ["джаз", "утро"],
  currentVersionId: current,
  versions: [
    {
      entryId: current,
      name: "Версия 1",
      tracksCount: 3,
      tracksDuration: 3_985_000,
      isCurrent: true,
    },
    { entryId: other, name: "Версия 2", tracksCount: 0, tracksDuration: 0, isCurrent: false },
  ],
  tracks,
});

function editor(...routes: Parameters<typeof renderLibrary>[1][]) {
  const versionsAsked: (string | null)[] = [];
  const app = renderLibrary(
    `/playlists/edit/${playlist.id}`,
    on(playlistsApi.getPlaylist, ({ params, query, reply }) => {
      expect(params.id).toBe(playlist.id);
      versionsAsked.push(query.get("versionId"));
      return reply(query.get("versionId") === other ? { ...playlist, tracks: [] } : playlist);
    }),
    ...routes,
  );
  return { app, versionsAsked };
}

describe("the playlist editor", () => {
  it("shows the details, the versions and the current version's tracks with their total", async () => {
    editor();
    expect(await screen.findByDisplayValue("Утро в кофейне")).toBeTruthy();
    expect(screen.getByDisplayValue("Спокойная музыка")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Убрать тег «джаз»" })).toBeTruthy();
    const list = screen.getByRole("region", { name: "Треки версии «Версия 1»" });
    expect(within(list).getByText("Треков: 3 · Общая длительность: 1 ч 6 м")).toBeTruthy();
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.getAttribute("aria-label")),
    ).toEqual(["Первая", "Вторая", "Третья"]);
    expect(screen.getByRole("button", { name: "Сделать текущей: Версия 2" })).toBeTruthy();
  });

  it("marks the tracks that fall out for want of their holder's licence, and counts them", async () => {
    const dayIn = (days: number) => licenceDayOf(Date.now() + days * 86_400_000);
    const holder = { id: nextId(), name: "Лейбл «Север»" };
    const [first, second, third] = tracks as [PlaylistTrack, PlaylistTrack, PlaylistTrack];
    const withHolder = (track: PlaylistTrack) => ({
      ...track.song,
      copyrightHolder: holder,
    });
    const marked: PlaylistTrack[] = [
      { ...first, song: withHolder(first), licence: { barred: true, lastDay: null } },
      { ...second, song: withHolder(second), licence: { barred: false, lastDay: dayIn(10) } },
      // Its licences end after the month the catalog warns of: no news yet.
      { ...third, licence: { barred: false, lastDay: dayIn(200) } },
    ];
    renderLibrary(
      `/playlists/edit/${playlist.id}`,
      on(playlistsApi.getPlaylist, ({ reply }) => reply({ ...playlist, tracks: marked })),
    );
    const list = await screen.findByRole("region", { name: "Треки версии «Версия 1»" });
    expect(within(list).getByRole("status").textContent).toContain(
      "Не звучит 1 трек: нет лицензии правообладателя; 1 трек выпадет в ближайшие 30 дней: кончается лицензия.",
    );
    const [firstRow, secondRow, thirdRow] = within(list).getAllByRole("listitem");
    expect(
      within(firstRow as HTMLElement).getByText(
        "Не звучит: у правообладателя «Лейбл «Север»» нет действующей лицензии",
      ),
    ).toBeTruthy();
    expect(
      within(secondRow as HTMLElement).getByText(
        `Звучит по ${dayIn(10).split("-").reverse().join(".")}: кончается лицензия правообладателя «Лейбл «Север»»`,
      ),
    ).toBeTruthy();
    expect((thirdRow as HTMLElement).textContent).not.toContain("лиценз");
  });

  it("names the tariffs that hold the playlist, or marks it in none", async () => {
    const basic = { id: nextId(), name: "Базовый", active: true };
    const archived = { id: nextId(), name: "Архив", active: false };
    const first = renderLibrary(
      `/playlists/edit/${playlist.id}`,
      on(playlistsApi.getPlaylist, ({ reply }) =>
        reply({ ...playlist, tariffs: [archived, basic] }),
      ),
    );
    expect(await screen.findByText("Архив (не в продаже), Базовый")).toBeTruthy();
    expect(screen.queryByText("Ни в одном тарифе")).toBeNull();
    first.unmount();

    renderLibrary(
      `/playlists/edit/${playlist.id}`,
      on(playlistsApi.getPlaylist, ({ reply }) => reply({ ...playlist, tariffs: [] })),
    );
    expect(await screen.findByText("Ни в одном тарифе")).toBeTruthy();
    expect(screen.getByText(/пока администратор не добавит его в тариф/)).toBeTruthy();
  });

  it("reorders tracks by dragging and by the arrows, saving the whole order", async () => {
    const orders: string[][] = [];
    editor(
      on(vaultApi.orderEntries, ({ params, body, reply }) => {
        expect(params.id).toBe(current);
        orders.push(body.entryIds);
        return reply([]);
      }),
    );
    const list = await screen.findByRole("region", { name: "Треки версии «Версия 1»" });
    const items = () => within(list).getAllByRole("listitem");
    const transfer = new MemoryDataTransfer();
    fireEvent.dragStart(items()[0] as HTMLElement, { dataTransfer: transfer });
    fireEvent.dragOver(items()[1] as HTMLElement, { dataTransfer: transfer });
    fireEvent.dragOver(items()[2] as HTMLElement, { dataTransfer: transfer });
    fireEvent.drop(items()[2] as HTMLElement, { dataTransfer: transfer });
    await waitFor(() =>
      expect(orders).toEqual([[tracks[1]?.entryId, tracks[2]?.entryId, tracks[0]?.entryId]]),
    );
    expect(items().map((item) => item.getAttribute("aria-label"))).toEqual([
      "Вторая",
      "Третья",
      "Первая",
    ]);

    await userEvent.click(within(list).getByRole("button", { name: "Выше: Третья" }));
    await waitFor(() => expect(orders).toHaveLength(2));
    expect(orders[1]).toEqual([tracks[2]?.entryId, tracks[1]?.entryId, tracks[0]?.entryId]);
  });

  it("removes a track to the trash, makes another version current and shows its tracks", async () => {
    const calls: unknown[] = [];
    const { versionsAsked } = editor(
      on(vaultApi.deleteEntries, ({ params, body, reply }) => {
        calls.push({ delete: body.deleteEntryIds, from: params.id });
        return reply({ entries: [buildEntry({ entryType: "track" })], failedEntries: [] });
      }),
      on(playlistsApi.changePlaylist, ({ body, reply }) => {
        calls.push(body);
        return reply(playlist);
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Убрать из версии: Вторая" }));
    await waitFor(() => expect(calls).toEqual([{ delete: [tracks[1]?.entryId], from: current }]));

    await userEvent.click(screen.getByRole("button", { name: "Сделать текущей: Версия 2" }));
    await waitFor(() => expect(calls[1]).toEqual({ currentVersionId: other }));

    await userEvent.click(screen.getByRole("button", { name: /Версия 2/, pressed: false }));
    expect(await screen.findByRole("region", { name: "Треки версии «Версия 2»" })).toBeTruthy();
    expect(versionsAsked).toContain(other);
    expect(await screen.findByText("В версии пока нет треков")).toBeTruthy();
  });

  it("saves the details and shows a taken name under the name field", async () => {
    const changes: unknown[] = [];
    editor(
      on(playlistsApi.changePlaylist, ({ body, reply }) => {
        changes.push(body);
        if (body.name === "Вечер") {
          return replyError(400, {
            type: "duplicate-entry-error",
            reason: "Плейлист с таким названием уже существует",
            message: "duplicate",
          });
        }
        return reply({ ...playlist, ...body });
      }),
    );
    const name = await screen.findByLabelText("Название плейлиста");
    await userEvent.clear(name);
    await userEvent.type(name, "Вечер");
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    expect(await screen.findByText("Плейлист с таким названием уже существует")).toBeTruthy();
    await userEvent.clear(name);
    await userEvent.type(name, "Вечер в баре");
    await userEvent.type(screen.getByLabelText("Теги"), "лаунж{Enter}");
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() =>
      expect(changes[1]).toEqual({
        name: "Вечер в баре",
        description: "Спокойная музыка",
        tags: ["джаз", "утро", "лаунж"],
      }),
    );
  });

  it("creates a version from the playlist's place and shows it", async () => {
    const made: unknown[] = [];
    const { app } = editor(
      on(vaultApi.makeVersion, ({ params, reply }) => {
        made.push(params.id);
        return reply(buildEntry({ entryType: "version", name: "Версия 3", entryId: other }));
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Создать версию" }));
    await waitFor(() => expect(made).toEqual([playlist.entryId]));
    await waitFor(() => expect(app.router.state.location.search).toBe(`?version=${other}`));
  });
});

describe("a playlist version's one view", () => {
  const folder = buildEntry({ name: "Кофейни" });
  const playlistEntry = buildEntry({
    entryId: playlist.entryId ?? nextId(),
    entryType: "playlist",
    name: playlist.name,
    parentId: folder.entryId,
    playlistId: playlist.id,
  });
  const versionEntry = (entryId: string, name: string) =>
    buildEntry({ entryId, entryType: "version", name, parentId: playlistEntry.entryId });
  const trees = on(vaultApi.entryTree, ({ params, reply }) =>
    params.id === PARTITION_IDS.playlists
      ? reply(
          buildTreeNode(buildPartition("playlists"), [
            buildTreeNode(folder, [
              buildTreeNode(playlistEntry, [
                buildTreeNode(versionEntry(current, "Версия 1")),
                buildTreeNode(versionEntry(other, "Версия 2")),
              ]),
            ]),
          ]),
        )
      : reply(buildTreeNode(buildPartition("tracks"))),
  );
  /** The library screen's answers: a folder lists its playlist; a playlist or version names its path. */
  const listings = on(vaultApi.listEntries, ({ params, reply }) => {
    const path = [buildPartition("playlists"), folder];
    if (params.id === folder.entryId) return reply(buildListing(folder, [playlistEntry], { path }));
    if (params.id === playlistEntry.entryId)
      return reply(buildListing(playlistEntry, [], { path }));
    return reply(
      buildListing(versionEntry(params.id, "Версия"), [], { path: [...path, playlistEntry] }),
    );
  });
  const playlistAnswer = on(playlistsApi.getPlaylist, ({ query, reply }) =>
    reply(query.get("versionId") === other ? { ...playlist, tracks: [] } : playlist),
  );
  const where = (app: ReturnType<typeof renderLibrary>) =>
    `${app.router.state.location.pathname}${app.router.state.location.search}`;

  it.each([
    ["a version", other, `/playlists/edit/${playlist.id}?version=${other}`],
    ["a playlist", playlistEntry.entryId, `/playlists/edit/${playlist.id}`],
  ])("opens %s named in the library screen in the editor", async (_what, entryId, editor) => {
    const app = renderLibrary(`/playlists?entry=${entryId}`, trees, listings, playlistAnswer);
    await waitFor(() => expect(where(app)).toBe(editor));
    expect(await screen.findByDisplayValue("Утро в кофейне")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("opens versions and playlists from the tree and the folder's table in the editor, and goes back to the folder", async () => {
    const app = renderLibrary(
      `/playlists?entry=${folder.entryId}`,
      trees,
      listings,
      playlistAnswer,
    );
    const row = await screen.findByRole("link", { name: "Утро в кофейне" });
    expect(row.getAttribute("href")).toBe(`/playlists/edit/${playlist.id}`);
    await userEvent.click(row);
    expect(where(app)).toBe(`/playlists/edit/${playlist.id}`);
    const playlistItem = await screen.findByRole("treeitem", { name: "Утро в кофейне" });
    expect(playlistItem.getAttribute("aria-selected")).toBe("true");
    const toggle = playlistItem.querySelector(".library-tree__toggle");
    if (!toggle) throw new Error("no toggle");
    await userEvent.click(toggle);

    await userEvent.click(await screen.findByRole("treeitem", { name: "Версия 2" }));
    expect(where(app)).toBe(`/playlists/edit/${playlist.id}?version=${other}`);
    expect(await screen.findByRole("region", { name: "Треки версии «Версия 2»" })).toBeTruthy();
    expect(screen.getByRole("treeitem", { name: "Версия 2" }).getAttribute("aria-selected")).toBe(
      "true",
    );

    await userEvent.click(screen.getByRole("link", { name: /В библиотеку/ }));
    expect(where(app)).toBe(`/playlists?entry=${folder.entryId}`);
  });
});
