import { type LibraryEntry, MESSAGES, PARTITION_IDS, songsApi, vaultApi } from "@fonika/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { installDragEvent, MemoryDataTransfer } from "../../../test/drag.ts";
import { renderLibrary } from "../../../test/library-app.tsx";
import {
  buildEntry,
  buildListing,
  buildPartition,
  buildSong,
  buildTrackEntry,
  nextId,
} from "../../../test/library-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";

beforeAll(installDragEvent);

const MINUTE = 60_000;

interface Listed {
  entry: LibraryEntry;
  rows: LibraryEntry[];
  path?: LibraryEntry[];
}

/** `ls` of each listed entry answers its rows (any page, any order). */
function listings(...listed: Listed[]) {
  return on(vaultApi.listEntries, ({ params, reply }) => {
    const found = listed.find((item) => item.entry.entryId === params.id);
    if (!found) throw new Error(`ls of ${params.id} is not scripted`);
    return reply(buildListing(found.entry, found.rows, { path: found.path ?? [] }));
  });
}

const listing = (entry: LibraryEntry, rows: LibraryEntry[]) => listings({ entry, rows });

describe("the library screen", () => {
  it("lists a folder's children a page of 12 by name, with the §9 formats and cut names", async () => {
    const root = buildPartition("playlists");
    const folder = buildEntry({
      name: "Очень длинное название папки для кафе",
      size: 7_400_000,
      tracksCount: 24,
      tracksDuration: (26 * 60 + 7) * MINUTE,
      createdDate: new Date(2024, 2, 5, 12).toISOString(),
      modifiedDate: new Date(2024, 10, 21, 12).toISOString(),
    });
    const playlist = buildEntry({
      entryType: "playlist",
      name: "Утро",
      playlistId: buildSong().id,
    });
    const queries: URLSearchParams[] = [];
    renderLibrary(
      "/playlists",
      on(vaultApi.listEntries, ({ query, reply }) => {
        queries.push(query);
        return reply(buildListing(root, [folder, playlist]));
      }),
    );
    const row = await screen.findByRole("row", { name: /Очень длинное назван/ });
    expect(queries[0]?.get("count")).toBe("12");
    expect(queries[0]?.get("page")).toBe("0");
    expect(queries[0]?.get("sortBy")).toBeNull();
    const cells = within(row);
    const link = cells.getByRole("link", { name: "Очень длинное назван…" });
    expect(link.getAttribute("title")).toBe("Очень длинное название папки для кафе");
    expect(cells.getByText("7,06 МБ")).toBeTruthy();
    expect(cells.getByText("1 д 2 ч 7 м")).toBeTruthy();
    expect(cells.getByText("05.03.2024")).toBeTruthy();
    expect(cells.getByText("21.11.2024")).toBeTruthy();
    expect(cells.getByText("Папка")).toBeTruthy();
    expect(screen.getByRole("row", { name: /Утро/ })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Плейлисты" })).toBeTruthy();
  });

  it("names the tariffs that hold each playlist of a Playlists folder, or says it is in none", async () => {
    const root = buildPartition("playlists");
    const folder = buildEntry({ name: "Кофейни" });
    const held = buildEntry({
      entryType: "playlist",
      name: "Утро",
      playlistId: buildSong().id,
      tariffs: [
        { id: buildSong().id, name: "Архив", active: false },
        { id: buildSong().id, name: "Базовый", active: true },
      ],
    });
    const loose = buildEntry({
      entryType: "playlist",
      name: "Вечер",
      playlistId: buildSong().id,
      tariffs: [],
    });
    renderLibrary("/playlists", listing(root, [folder, held, loose]));
    const heldRow = await screen.findByRole("row", { name: /Утро/ });
    expect(screen.getByRole("columnheader", { name: "Тарифы" })).toBeTruthy();
    expect(within(heldRow).getByText("Архив (не в продаже), Базовый")).toBeTruthy();
    expect(
      within(screen.getByRole("row", { name: /Вечер/ })).getByText("Ни в одном тарифе"),
    ).toBeTruthy();
    expect(within(screen.getByRole("row", { name: /Кофейни/ })).getByText("—")).toBeTruthy();
  });

  it("cuts track names to 30 characters and plays them from their rows", async () => {
    const folder = buildEntry({
      partitionType: "tracks",
      parentId: PARTITION_IDS.tracks,
      name: "Джаз",
    });
    const song = buildSong({ title: "Очень длинное название трека для проверки обрезки" });
    renderLibrary(
      `/playlists?entry=${folder.entryId}`,
      listing(folder, [buildTrackEntry(song, { parentId: folder.entryId })]),
    );
    const row = await screen.findByRole("row", { name: /Очень длинное название трека/ });
    const title = within(row).getByTitle("Очень длинное название трека для проверки обрезки");
    expect(title.textContent).toBe("Очень длинное название трека д…");
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    await userEvent.click(within(row).getByRole("button", { name: `Слушать: ${song.title}` }));
    expect(play).toHaveBeenCalledTimes(1);
    const src = document.querySelector("audio")?.getAttribute("src") ?? "";
    expect(src).toMatch(new RegExp(`^/api/v1/music/song/${song.id}/file\\?access_token=[\\w.-]+$`));
    play.mockRestore();
    expect(
      within(row)
        .getByRole("link", { name: `Изменить трек «${song.title}»` })
        .getAttribute("href"),
    ).toBe(`/tracks/edit/${song.id}`);
  });

  it.each([
    [
      "a playlist",
      { entryType: "playlist" as const },
      "Нажмите кнопку «Создать» для добавления версии",
    ],
    [
      "a version",
      { entryType: "version" as const },
      "Нажмите кнопку «Создать» для добавления трека",
    ],
    [
      "a Playlists folder",
      { entryType: "folder" as const },
      "Нажмите кнопку «Создать» для добавления плейлиста",
    ],
    [
      "a Tracks folder",
      {
        entryType: "folder" as const,
        partitionType: "tracks" as const,
        parentId: PARTITION_IDS.tracks,
      },
      "Перетащите треки сюда",
    ],
  ])("says what to do in an empty %s", async (_what, overrides, hint) => {
    const entry = buildEntry(overrides);
    renderLibrary(`/playlists?entry=${entry.entryId}`, listing(entry, []));
    expect(await screen.findByText(hint)).toBeTruthy();
  });

  it("sorts by a column and pages on, keeping the place in the address", async () => {
    const root = buildPartition("playlists");
    const queries: string[] = [];
    const app = renderLibrary(
      "/playlists",
      on(vaultApi.listEntries, ({ query, reply }) => {
        queries.push(`${query.get("sortBy")}:${query.get("order")}:${query.get("page")}`);
        return reply(buildListing(root, [buildEntry({ name: "Папка 1" })], { total: 20 }));
      }),
    );
    await screen.findByRole("row", { name: /Папка 1/ });
    await userEvent.click(screen.getByRole("button", { name: "Размер" }));
    await waitFor(() => expect(queries).toContain("size:asc:0"));
    await userEvent.click(screen.getByRole("button", { name: "Следующая страница" }));
    await waitFor(() => expect(queries).toContain("size:asc:1"));
    expect(app.router.state.location.search).toBe("?sort=size&page=1");
    expect(screen.getByText("Страница 2 из 2")).toBeTruthy();
  });

  it("searches by name 300 ms after typing stops, from the first page", async () => {
    const root = buildPartition("playlists");
    const asked: string[] = [];
    const app = renderLibrary(
      "/playlists?page=1",
      on(vaultApi.listEntries, ({ query, reply }) => {
        asked.push(`${query.get("query")}:${query.get("page")}`);
        return reply(buildListing(root, [], { total: 20 }));
      }),
    );
    await userEvent.type(await screen.findByRole("searchbox", { name: "Поиск в папке" }), "лето");
    await waitFor(() => expect(asked).toContain("лето:0"));
    expect(asked.filter((call) => call.startsWith("л"))).toEqual(["лето:0"]);
    expect(app.router.state.location.search).toBe("?q=%D0%BB%D0%B5%D1%82%D0%BE");
    expect(await screen.findByText("По запросу «лето» здесь ничего нет.")).toBeTruthy();
  });

  it("opens a folder by its name and shows the path to it", async () => {
    const root = buildPartition("playlists");
    const folder = buildEntry({ name: "Кофейни" });
    const inner = buildEntry({ name: "Утро", parentId: folder.entryId });
    const app = renderLibrary(
      "/playlists",
      listings({ entry: root, rows: [folder] }, { entry: folder, rows: [inner], path: [root] }),
    );
    await userEvent.click(await screen.findByRole("link", { name: "Кофейни" }));
    expect(await screen.findByRole("heading", { name: "Кофейни" })).toBeTruthy();
    expect(app.router.state.location.search).toBe(`?entry=${folder.entryId}`);
    const path = screen.getByRole("navigation", { name: "Путь" });
    expect(within(path).getByRole("link", { name: "Плейлисты" }).getAttribute("href")).toBe(
      `/playlists?entry=${PARTITION_IDS.playlists}`,
    );
    expect(screen.getByRole("row", { name: /Утро/ })).toBeTruthy();
  });

  it("renames with the server's reason when the name is taken", async () => {
    const root = buildPartition("playlists");
    const folder = buildEntry({ name: "Кофейни" });
    const renames: unknown[] = [];
    renderLibrary(
      "/playlists",
      listing(root, [folder]),
      on(vaultApi.editEntry, ({ params, body, reply }) => {
        renames.push({ id: params.id, ...body });
        if (body.updatedName === "Бары") {
          return replyError(400, {
            type: "duplicate-entry-error",
            reason: "Папка с таким названием уже существует",
            message: "duplicate",
          });
        }
        return reply({ ...folder, name: body.updatedName });
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Переименовать «Кофейни»" }));
    const dialog = screen.getByRole("dialog", { name: "Переименовать" });
    const input = within(dialog).getByLabelText("Новое название");
    await userEvent.clear(input);
    await userEvent.type(input, "Бары");
    await userEvent.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    expect(await within(dialog).findByText("Папка с таким названием уже существует")).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, "Рестораны");
    await userEvent.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(renames).toEqual([
      { id: PARTITION_IDS.playlists, updatedEntryId: folder.entryId, updatedName: "Бары" },
      { id: PARTITION_IDS.playlists, updatedEntryId: folder.entryId, updatedName: "Рестораны" },
    ]);
  });

  it("moves a dragged row onto a folder row, copies with Ctrl, and offers to retry conflicts", async () => {
    const root = buildPartition("playlists");
    const target = buildEntry({ name: "Архив" });
    const first = buildEntry({
      entryType: "playlist",
      name: "Джаз утром",
      playlistId: buildSong().id,
    });
    const second = buildEntry({ entryType: "playlist", name: "Лаунж", playlistId: buildSong().id });
    const calls: string[] = [];
    renderLibrary(
      "/playlists",
      listing(root, [target, first, second]),
      on(vaultApi.moveEntries, ({ params, query, body, reply }) => {
        calls.push(`mv ${params.id} ${query.get("policy")} ${body.entryIds.join(",")}`);
        return reply({
          entries: body.entryIds.map((entryId) => ({ ...first, entryId })),
          failedEntries: [],
        });
      }),
      on(vaultApi.copyEntries, ({ params, query, body, reply }) => {
        calls.push(`cp ${params.id} ${query.get("policy")} ${body.entryIds.join(",")}`);
        if (query.get("policy") !== "nothing") {
          return reply({ entries: [{ ...second, parentId: target.entryId }], failedEntries: [] });
        }
        return reply({
          entries: [],
          failedEntries: [
            {
              entryId: second.entryId,
              name: "Лаунж",
              type: "duplicate-entry-error",
              reason: "Плейлист с таким названием уже существует",
            },
            {
              entryId: first.entryId,
              name: "Джаз утром",
              type: "composition-error",
              reason: MESSAGES.compositionError("playlist", "version", "playlists"),
            },
          ],
        });
      }),
    );
    const targetRow = await screen.findByRole("row", { name: /Архив/ });
    const firstRow = screen.getByRole("row", { name: /Джаз утром/ });

    const moving = new MemoryDataTransfer();
    fireEvent.dragStart(firstRow, { dataTransfer: moving });
    fireEvent.dragEnter(targetRow, { dataTransfer: moving });
    fireEvent.dragOver(targetRow, { dataTransfer: moving });
    expect(moving.dropEffect).toBe("move");
    fireEvent.drop(targetRow, { dataTransfer: moving });
    await waitFor(() => expect(calls).toEqual([`mv ${target.entryId} nothing ${first.entryId}`]));
    expect(screen.queryByRole("dialog")).toBeNull();

    await userEvent.click(screen.getByRole("checkbox", { name: "Выбрать «Джаз утром»" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Выбрать «Лаунж»" }));
    const copying = new MemoryDataTransfer();
    fireEvent.dragStart(screen.getByRole("row", { name: /Лаунж/ }), { dataTransfer: copying });
    fireEvent.dragOver(targetRow, { dataTransfer: copying, ctrlKey: true });
    expect(copying.dropEffect).toBe("copy");
    fireEvent.drop(targetRow, { dataTransfer: copying, ctrlKey: true });

    const dialog = await screen.findByRole("dialog", { name: "Не всё удалось выполнить" });
    expect(calls[1]).toBe(`cp ${target.entryId} nothing ${first.entryId},${second.entryId}`);
    const failedRows = within(dialog).getAllByRole("row").slice(1);
    expect(failedRows.map((row) => row.textContent)).toEqual([
      "ЛаунжКопированиеПлейлист с таким названием уже существует",
      'Джаз утромКопированиеВы не можете перенести объект типа "playlist" в объект типа "version" в разделе "playlists"',
    ]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Оставить оба" }));
    await waitFor(() => expect(calls[2]).toBe(`cp ${target.entryId} both ${second.entryId}`));
    // The composition failure cannot be settled by a policy: it stays listed.
    await waitFor(() => expect(within(dialog).getAllByRole("row")).toHaveLength(2));
    expect(within(dialog).queryByRole("button", { name: "Заменить" })).toBeNull();
    expect(within(dialog).getByText("Джаз утром")).toBeTruthy();
  });

  it("shows the server's refusal as is when no dragged row may go there (400 composition-error)", async () => {
    const root = buildPartition("playlists");
    const target = buildEntry({ name: "Архив" });
    const moved = buildEntry({ entryType: "playlist", name: "Джаз утром" });
    const refusal =
      'Вы не можете перенести объект типа "playlist" в объект типа "folder" в разделе "tracks"';
    const calls: string[] = [];
    renderLibrary(
      "/playlists",
      listing(root, [target, moved]),
      on(vaultApi.moveEntries, ({ params, body }) => {
        calls.push(`mv ${params.id} ${body.entryIds.join(",")}`);
        return replyError(400, { type: "composition-error", reason: refusal, message: "refused" });
      }),
    );
    const targetRow = await screen.findByRole("row", { name: /Архив/ });
    const dragging = new MemoryDataTransfer();
    fireEvent.dragStart(screen.getByRole("row", { name: /Джаз утром/ }), {
      dataTransfer: dragging,
    });
    fireEvent.dragOver(targetRow, { dataTransfer: dragging });
    fireEvent.drop(targetRow, { dataTransfer: dragging });
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(calls).toEqual([`mv ${target.entryId} ${moved.entryId}`]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("places a playlist without a place into the open folder of Playlists", async () => {
    const folder = buildEntry({ name: "Кофейни" });
    const kept = {
      playlistId: nextId(),
      name: "Утро",
      modifiedDate: new Date(2025, 0, 15, 12).toISOString(),
      tariffs: [{ id: nextId(), name: "Базовый", active: true }],
    };
    const other = { ...kept, playlistId: nextId(), name: "Вечер", tariffs: [] };
    const placed: unknown[] = [];
    let unplaced = [kept, other];
    renderLibrary(
      `/playlists?entry=${folder.entryId}`,
      listing(folder, []),
      on(vaultApi.listUnplacedPlaylists, ({ reply }) =>
        reply({ data: unplaced, total: unplaced.length, totalPages: 1 }),
      ),
      on(vaultApi.makePlaylist, ({ params, body, reply }) => {
        placed.push({ folder: params.id, ...body });
        if (body.playlistId === other.playlistId) {
          return replyError(400, {
            type: "duplicate-entry-error",
            reason: MESSAGES.duplicatePlaylist,
            message: "duplicate",
          });
        }
        unplaced = unplaced.filter((playlist) => playlist.playlistId !== body.playlistId);
        return reply(
          buildEntry({
            entryType: "playlist",
            name: kept.name,
            parentId: folder.entryId,
            playlistId: kept.playlistId,
          }),
        );
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Разместить плейлист" }));
    const dialog = await screen.findByRole("dialog", { name: "Разместить плейлист в «Кофейни»" });
    expect(within(dialog).getByText(/Базовый · без места с 15\.01\.2025/)).toBeTruthy();
    const place = within(dialog).getByRole("button", { name: "Разместить" });
    expect((place as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(within(dialog).getByRole("radio", { name: /Вечер/ }));
    await userEvent.click(place);
    expect((await within(dialog).findByRole("alert")).textContent).toBe(MESSAGES.duplicatePlaylist);

    await userEvent.click(within(dialog).getByRole("radio", { name: /Утро/ }));
    await userEvent.click(place);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(placed).toEqual([
      { folder: folder.entryId, playlistId: other.playlistId, partitionType: "playlists" },
      { folder: folder.entryId, playlistId: kept.playlistId, partitionType: "playlists" },
    ]);
    expect(await screen.findByText("«Утро» размещён в «Кофейни»")).toBeTruthy();
  });

  it("offers no placing where playlists cannot go, or when every playlist has a place", async () => {
    const tracksFolder = buildEntry({ name: "Джаз", partitionType: "tracks" });
    const asked: string[] = [];
    const first = renderLibrary(
      `/playlists?entry=${tracksFolder.entryId}`,
      listing(tracksFolder, []),
      on(vaultApi.listUnplacedPlaylists, ({ reply }) => {
        asked.push("tracks");
        return reply({ data: [], total: 0, totalPages: 0 });
      }),
    );
    expect(await screen.findByRole("heading", { name: "Джаз" })).toBeTruthy();
    first.unmount();

    const folder = buildEntry({ name: "Кофейни" });
    renderLibrary(
      `/playlists?entry=${folder.entryId}`,
      listing(folder, []),
      on(vaultApi.listUnplacedPlaylists, ({ reply }) => {
        asked.push("playlists");
        return reply({ data: [], total: 0, totalPages: 0 });
      }),
    );
    expect(await screen.findByRole("heading", { name: "Кофейни" })).toBeTruthy();
    await waitFor(() => expect(asked).toEqual(["playlists"]));
    expect(screen.queryByRole("button", { name: "Разместить плейлист" })).toBeNull();
  });

  it("deletes a row to the trash", async () => {
    const root = buildPartition("playlists");
    const folder = buildEntry({ name: "Старое" });
    const deleted: unknown[] = [];
    renderLibrary(
      "/playlists",
      listing(root, [folder]),
      on(vaultApi.deleteEntries, ({ params, body, reply }) => {
        deleted.push({ parent: params.id, ids: body.deleteEntryIds });
        return reply({ entries: [{ ...folder, partitionType: "deleted" }], failedEntries: [] });
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Удалить «Старое»" }));
    await waitFor(() =>
      expect(deleted).toEqual([{ parent: PARTITION_IDS.playlists, ids: [folder.entryId] }]),
    );
    expect(await screen.findByText("Перемещено в корзину: 1")).toBeTruthy();
  });

  it("uploads files dropped from the desktop into a Tracks folder and refreshes the table", async () => {
    const folder = buildEntry({
      name: "Джаз",
      partitionType: "tracks",
      parentId: PARTITION_IDS.tracks,
    });
    const song = buildSong({ title: "Новый трек" });
    let listed: LibraryEntry[] = [];
    const calls: string[] = [];
    renderLibrary(
      `/playlists?entry=${folder.entryId}`,
      on(vaultApi.listEntries, ({ reply }) => {
        calls.push("ls");
        return reply(buildListing(folder, listed));
      }),
      on(songsApi.addSong, ({ file, reply }) => {
        calls.push(`upload ${file?.name}`);
        return reply({ song, alreadyInLibrary: false });
      }),
      on(vaultApi.makeSong, ({ params, body, reply }) => {
        calls.push(`make-song ${params.id} ${body.songIds.join(",")}`);
        listed = [buildTrackEntry(song, { parentId: folder.entryId })];
        return reply({ entries: listed, failedEntries: [] });
      }),
    );
    expect(await screen.findByText("Перетащите треки сюда")).toBeTruthy();
    const files = new MemoryDataTransfer([
      new File(["ID3"], "Новый трек.mp3", { type: "audio/mpeg" }),
    ]);
    const table = screen.getByRole("table", { name: "Джаз" });
    fireEvent.dragEnter(table, { dataTransfer: files });
    fireEvent.dragOver(table, { dataTransfer: files });
    expect(files.dropEffect).toBe("copy");
    expect(screen.getByText("Отпустите, чтобы загрузить или перенести сюда")).toBeTruthy();
    fireEvent.drop(table, { dataTransfer: files });
    expect(await screen.findByRole("row", { name: /Новый трек/ })).toBeTruthy();
    expect(calls).toEqual([
      "ls",
      "upload Новый трек.mp3",
      `make-song ${folder.entryId} ${song.id}`,
      "ls",
    ]);
    const panel = screen.getByRole("region", { name: "Загрузка треков" });
    expect(within(panel).getByText("Загружено 1 из 1")).toBeTruthy();
  });
});
