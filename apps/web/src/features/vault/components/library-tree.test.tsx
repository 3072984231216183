import { PARTITION_IDS, songsApi, vaultApi } from "@fonika/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { installDragEvent, MemoryDataTransfer } from "../../../test/drag.ts";
import { renderLibrary } from "../../../test/library-app.tsx";
import {
  buildEntry,
  buildListing,
  buildPartition,
  buildSong,
  buildTreeNode,
} from "../../../test/library-factories.ts";
import { on } from "../../../test/scripted-server.ts";

beforeAll(installDragEvent);

const playlistsRoot = buildPartition("playlists");
const tracksRoot = buildPartition("tracks");
const folder = buildEntry({ name: "Кофейни и рестораны города" });
const playlist = buildEntry({
  entryType: "playlist",
  name: "Утро",
  parentId: folder.entryId,
  playlistId: buildSong().id,
});
const version = buildEntry({ entryType: "version", name: "Версия 1", parentId: playlist.entryId });
const tracksFolder = buildEntry({
  name: "Джаз",
  partitionType: "tracks",
  parentId: PARTITION_IDS.tracks,
});

/** The trees of both partitions, as the side menu loads them. */
const trees = on(vaultApi.entryTree, ({ params, reply }) =>
  params.id === PARTITION_IDS.tracks
    ? reply(buildTreeNode(tracksRoot, [buildTreeNode(tracksFolder)]))
    : reply(
        buildTreeNode(playlistsRoot, [
          buildTreeNode(folder, [buildTreeNode(playlist, [buildTreeNode(version)])]),
        ]),
      ),
);

/** Every listing answers empty: these tests are about the side menu. */
const emptyListings = on(vaultApi.listEntries, ({ params, reply }) => {
  const known = [playlistsRoot, tracksRoot, folder, playlist, version, tracksFolder].find(
    (entry) => entry.entryId === params.id,
  );
  return reply(buildListing(known ?? buildPartition("deleted"), []));
});

describe("the side-menu library", () => {
  it("shows the tree with names cut to 15 characters and opens the way to the current place", async () => {
    renderLibrary(`/playlists?entry=${version.entryId}`, trees, emptyListings);
    const item = await screen.findByRole("treeitem", { name: "Кофейни и рестораны города" });
    expect(item.getAttribute("aria-expanded")).toBe("true");
    const row = item.querySelector(".library-tree__item");
    expect(row?.getAttribute("title")).toBe("Кофейни и рестораны города");
    expect(within(item).getByText("Кофейни и ресто…")).toBeTruthy();
    const current = screen.getByRole("treeitem", { name: "Версия 1" });
    expect(current.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("treeitem", { name: "Корзина" })).toBeTruthy();
    expect(screen.getByRole("treeitem", { name: "Джаз" })).toBeTruthy();
  });

  it("collapses and expands nodes by their arrow and by the keyboard", async () => {
    renderLibrary("/playlists", trees, emptyListings);
    const root = await screen.findByRole("treeitem", { name: "Плейлисты" });
    await screen.findByRole("treeitem", { name: "Кофейни и рестораны города" });
    const toggle = root.querySelector(".library-tree__toggle");
    if (!toggle) throw new Error("no toggle");
    await userEvent.click(toggle);
    expect(root.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("treeitem", { name: "Кофейни и рестораны города" })).toBeNull();
    act(() => root.focus());
    await userEvent.keyboard("{ArrowRight}");
    expect(root.getAttribute("aria-expanded")).toBe("true");
    await userEvent.keyboard("{ArrowRight}");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Кофейни и рестораны города");
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("treeitem", { name: "Утро" })).toBeTruthy();
  });

  it("opens a node's listing; choosing a partition starts again at its root", async () => {
    const app = renderLibrary(`/playlists?entry=${folder.entryId}&page=2`, trees, emptyListings);
    await userEvent.click(await screen.findByRole("treeitem", { name: "Джаз" }));
    expect(app.router.state.location.search).toBe(`?entry=${tracksFolder.entryId}`);
    await userEvent.click(screen.getByRole("treeitem", { name: "Плейлисты" }));
    expect(app.router.state.location.search).toBe(`?entry=${PARTITION_IDS.playlists}`);
    await userEvent.click(screen.getByRole("treeitem", { name: "Корзина" }));
    expect(app.router.state.location.pathname).toBe("/deleted");
  });

  it("offers 'Создать' by the place and hides it in the trash and in Tracks", async () => {
    const app = renderLibrary(`/playlists?entry=${folder.entryId}`, trees, emptyListings);
    await userEvent.click(await screen.findByRole("button", { name: "Создать" }));
    const state = () =>
      within(screen.getByRole("menu", { name: "Создать" }))
        .getAllByRole("menuitem")
        .map(
          (item) =>
            `${item.textContent?.split("Доступно")[0]}:${item.getAttribute("aria-disabled") ? "нет" : "да"}`,
        );
    await waitFor(() =>
      expect(state()).toEqual([
        "Создать папку:да",
        "Создать плейлист:да",
        "Добавить трек:нет",
        "Создать версию:нет",
      ]),
    );
    await userEvent.click(screen.getByRole("menuitem", { name: /Создать плейлист/ }));
    expect(app.router.state.location.pathname).toBe("/playlists/create");
    expect(app.router.state.location.search).toBe(`?folderId=${folder.entryId}`);

    await act(() => app.router.navigate(`/playlists?entry=${version.entryId}`));
    await userEvent.click(await screen.findByRole("button", { name: "Создать" }));
    await waitFor(() =>
      expect(state()).toEqual([
        "Создать папку:нет",
        "Создать плейлист:да",
        "Добавить трек:да",
        "Создать версию:да",
      ]),
    );

    await act(() => app.router.navigate(`/playlists?entry=${tracksFolder.entryId}`));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Создать" })).toBeNull());
    await act(() => app.router.navigate("/deleted"));
    expect(await screen.findByRole("heading", { name: "Корзина" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Создать" })).toBeNull();
  });

  it("creates a folder where the content manager is", async () => {
    const made: unknown[] = [];
    renderLibrary(
      `/playlists?entry=${folder.entryId}`,
      trees,
      emptyListings,
      on(vaultApi.makeFolder, ({ params, body, reply }) => {
        made.push({ parent: params.id, name: body.name });
        return reply(buildEntry({ name: body.name, parentId: params.id }));
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Создать" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Создать папку" }));
    const dialog = screen.getByRole("dialog", { name: "Новая папка" });
    await userEvent.type(within(dialog).getByLabelText("Название папки"), "Лето");
    await userEvent.click(within(dialog).getByRole("button", { name: "Создать" }));
    await waitFor(() => expect(made).toEqual([{ parent: folder.entryId, name: "Лето" }]));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("uploads the tracks chosen with 'Добавить трек' into the version one by one, 'N из M'", async () => {
    const answers: Array<() => void> = [];
    const uploaded: string[] = [];
    const registered: unknown[] = [];
    renderLibrary(
      `/playlists?entry=${version.entryId}`,
      trees,
      emptyListings,
      on(songsApi.addSong, ({ file, reply }) => {
        uploaded.push(file?.name ?? "");
        const song = buildSong({ title: file?.name ?? "" });
        return new Promise<Response>((resolve) => {
          answers.push(() => resolve(reply({ song, alreadyInLibrary: false })));
        });
      }),
      on(vaultApi.makeSong, ({ params, query, body, reply }) => {
        registered.push({
          target: params.id,
          policy: query.get("policy"),
          count: body.songIds.length,
        });
        return reply({ entries: [], failedEntries: [] });
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Создать" }));
    await waitFor(() =>
      expect(
        screen.getByRole("menuitem", { name: "Добавить трек" }).getAttribute("aria-disabled"),
      ).toBeNull(),
    );
    const input = screen.getByLabelText("Файлы треков для версии", {
      selector: ".create-menu input",
    });
    await userEvent.upload(input, [
      new File(["a".repeat(300)], "Первый.mp3", { type: "audio/mpeg" }),
      new File(["b".repeat(200)], "Второй.mp3", { type: "audio/mpeg" }),
    ]);
    const panel = await screen.findByRole("region", { name: "Загрузка треков" });
    await waitFor(() => expect(within(panel).getByText("Загрузка: 1 из 2")).toBeTruthy());
    const bar = await within(panel).findByRole("progressbar", { name: "Загрузка Первый.mp3" });
    await waitFor(() => expect(bar.getAttribute("value")).toBe("150"));
    expect(uploaded).toEqual(["Первый.mp3"]);

    await act(async () => answers[0]?.());
    await waitFor(() => expect(within(panel).getByText("Загрузка: 2 из 2")).toBeTruthy());
    expect(uploaded).toEqual(["Первый.mp3", "Второй.mp3"]);
    await act(async () => answers[1]?.());
    await waitFor(() => expect(within(panel).getByText("Загружено 2 из 2")).toBeTruthy());
    expect(registered).toEqual([
      { target: version.entryId, policy: "nothing", count: 1 },
      { target: version.entryId, policy: "nothing", count: 1 },
    ]);
  });

  it("deletes rows dropped on the trash", async () => {
    const row = buildEntry({ name: "Старое", parentId: folder.entryId });
    const deleted: unknown[] = [];
    renderLibrary(
      `/playlists?entry=${folder.entryId}`,
      trees,
      on(vaultApi.listEntries, ({ reply }) => reply(buildListing(folder, [row]))),
      on(vaultApi.deleteEntries, ({ params, body, reply }) => {
        deleted.push({ parent: params.id, ids: body.deleteEntryIds });
        return reply({ entries: [row], failedEntries: [] });
      }),
    );
    const transfer = new MemoryDataTransfer();
    fireEvent.dragStart(await screen.findByRole("row", { name: /Старое/ }), {
      dataTransfer: transfer,
    });
    const trash = screen
      .getByRole("treeitem", { name: "Корзина" })
      .querySelector(".library-tree__item");
    if (!trash) throw new Error("no trash row");
    fireEvent.dragOver(trash, { dataTransfer: transfer });
    fireEvent.drop(trash, { dataTransfer: transfer });
    await waitFor(() => expect(deleted).toEqual([{ parent: folder.entryId, ids: [row.entryId] }]));
  });
});
