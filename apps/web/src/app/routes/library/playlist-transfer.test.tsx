import {
  type EntriesResult,
  MESSAGES,
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
  buildPartition,
  buildPlaylistWithTracks,
  buildSong,
  buildTrackEntry,
  buildTreeNode,
  nextId,
} from "../../../test/library-factories.ts";
import { on, replyError, type ScriptedRoute } from "../../../test/scripted-server.ts";

beforeAll(installDragEvent);

/**
 * A playlist of two versions («Версия 1» with three tracks, «Версия 2»
 * empty) in the folder «Кофейни», and a Tracks folder «Джаз», over a
 * scripted server that keeps each version's tracks: the editor's list
 * shows what the move and copy answers left there.
 */
function library(...routes: ScriptedRoute[]) {
  const first = nextId();
  const second = nextId();
  const songs = ["Первая", "Вторая", "Третья"].map((title) =>
    buildSong({ title, durationMs: 180_000 }),
  );
  const held = new Map<string, PlaylistTrack[]>([
    [first, songs.map((song, position) => ({ entryId: nextId(), position, song }))],
    [second, []],
  ]);
  const tracksOf = (versionId: string) => held.get(versionId) ?? [];
  const base = buildPlaylistWithTracks({ name: "Утро в кофейне", currentVersionId: first });
  const folder = buildEntry({ name: "Кофейни" });
  const playlistEntry = buildEntry({
    entryId: base.entryId ?? nextId(),
    entryType: "playlist",
    name: base.name,
    parentId: folder.entryId,
    playlistId: base.id,
  });
  const versionNode = (entryId: string, name: string) =>
    buildTreeNode(
      buildEntry({ entryId, entryType: "version", name, parentId: playlistEntry.entryId }),
    );
  const jazz = buildEntry({
    name: "Джаз",
    partitionType: "tracks",
    parentId: PARTITION_IDS.tracks,
  });

  const answer = (versionId: string | null) => ({
    ...base,
    versions: [
      [first, "Версия 1"],
      [second, "Версия 2"],
    ].map(([entryId = "", name = ""]) => ({
      entryId,
      name,
      tracksCount: tracksOf(entryId).length,
      tracksDuration: tracksOf(entryId).reduce((sum, track) => sum + track.song.durationMs, 0),
      isCurrent: entryId === first,
    })),
    tracks: tracksOf(versionId ?? first),
  });
  /** Puts the tracks `entryIds` of version `from` into `to` (copies get new entries). */
  const put = (from: string, to: string, entryIds: string[], copy: boolean): EntriesResult => {
    const moving = tracksOf(from).filter((track) => entryIds.includes(track.entryId));
    if (!copy)
      held.set(
        from,
        tracksOf(from).filter((track) => !entryIds.includes(track.entryId)),
      );
    const arrived = moving.map((track, index) => ({
      ...track,
      entryId: copy ? nextId() : track.entryId,
      position: tracksOf(to).length + index,
    }));
    held.set(to, [...tracksOf(to), ...arrived]);
    return {
      entries: arrived.map((track) =>
        buildTrackEntry(track.song, {
          entryId: track.entryId,
          partitionType: "playlists",
          parentId: to,
        }),
      ),
      failedEntries: [],
    };
  };

  const app = renderLibrary(
    `/playlists/edit/${base.id}?version=${first}`,
    ...routes,
    on(playlistsApi.getPlaylist, ({ query, reply }) => reply(answer(query.get("versionId")))),
    on(vaultApi.entryTree, ({ params, reply }) =>
      params.id === PARTITION_IDS.playlists
        ? reply(
            buildTreeNode(buildPartition("playlists"), [
              buildTreeNode(folder, [
                buildTreeNode(playlistEntry, [
                  versionNode(first, "Версия 1"),
                  versionNode(second, "Версия 2"),
                ]),
              ]),
            ]),
          )
        : reply(buildTreeNode(buildPartition("tracks"), [buildTreeNode(jazz)])),
    ),
  );
  return { app, first, second, folder, jazz, held, tracksOf, put };
}

/** The titles listed in the editor for the version shown. */
async function listedTitles(versionName: string) {
  const list = await screen.findByRole("region", { name: `Треки версии «${versionName}»` });
  return within(list)
    .queryAllByRole("listitem")
    .map((item) => item.getAttribute("aria-label"));
}

async function check(...titles: string[]) {
  for (const title of titles) {
    await userEvent.click(await screen.findByRole("checkbox", { name: `Выбрать «${title}»` }));
  }
}

/** Opens the move dialog for the checked tracks and picks `target`. */
async function pickTarget(title: string, target: string) {
  await userEvent.click(screen.getByRole("button", { name: "Переместить" }));
  const dialog = await screen.findByRole("dialog", { name: title });
  await userEvent.click(await within(dialog).findByRole("radio", { name: target }));
  return dialog;
}

/** Drags the row of `title` onto the tree's item `target`, with Ctrl held to copy. */
async function dragOntoTree(title: string, target: string, { copy = false } = {}) {
  const row = await screen.findByRole("listitem", { name: title });
  const treeItem = (await screen.findByRole("treeitem", { name: target })).querySelector(
    ".library-tree__item",
  );
  if (!treeItem) throw new Error(`no tree item «${target}»`);
  const dragging = new MemoryDataTransfer();
  fireEvent.dragStart(row, { dataTransfer: dragging });
  fireEvent.dragEnter(treeItem, { dataTransfer: dragging, ctrlKey: copy });
  fireEvent.dragOver(treeItem, { dataTransfer: dragging, ctrlKey: copy });
  expect(dragging.dropEffect).toBe(copy ? "copy" : "move");
  fireEvent.drop(treeItem, { dataTransfer: dragging, ctrlKey: copy });
  fireEvent.dragEnd(row, { dataTransfer: dragging });
}

describe("moving and copying a version's tracks in the playlist editor", () => {
  it("moves two checked tracks to another version with 'Переместить', and both lists show it", async () => {
    const calls: string[] = [];
    const scene = library(
      on(vaultApi.moveEntries, ({ params, query, body, reply }) => {
        calls.push(`mv ${params.id} ${query.get("policy")} ${body.entryIds.join(",")}`);
        return reply(scene.put(scene.first, params.id, body.entryIds, false));
      }),
    );
    const [one, , three] = scene.tracksOf(scene.first);
    expect(await listedTitles("Версия 1")).toEqual(["Первая", "Вторая", "Третья"]);
    expect(screen.queryByRole("button", { name: "Переместить" })).toBeNull();

    await check("Первая", "Третья");
    expect(screen.getByText("Выбрано: 2")).toBeTruthy();
    const dialog = await pickTarget("Куда поместить (2)", "Версия 2");
    await userEvent.click(within(dialog).getByRole("button", { name: "Перенести" }));

    await waitFor(() =>
      expect(calls).toEqual([`mv ${scene.second} nothing ${one?.entryId},${three?.entryId}`]),
    );
    await waitFor(async () => expect(await listedTitles("Версия 1")).toEqual(["Вторая"]));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByText("Перенесено: 2")).toBeTruthy();
    expect(screen.queryByText(/Выбрано:/)).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: /Версия 2/, pressed: false }));
    await waitFor(async () => expect(await listedTitles("Версия 2")).toEqual(["Первая", "Третья"]));
  });

  it("copies one track, offering only the places that may hold a track", async () => {
    const calls: string[] = [];
    const scene = library(
      on(vaultApi.copyEntries, ({ params, query, body, reply }) => {
        calls.push(`cp ${params.id} ${query.get("policy")} ${body.entryIds.join(",")}`);
        return reply(scene.put(scene.first, params.id, body.entryIds, true));
      }),
    );
    const [, two] = scene.tracksOf(scene.first);
    await check("Вторая");
    await userEvent.click(screen.getByRole("button", { name: "Переместить" }));
    const dialog = await screen.findByRole("dialog", { name: "Куда поместить «Вторая»" });
    // Its own version, folders and playlists of Playlists cannot take it; another version and Tracks can.
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole("radio")
          .map((radio) => radio.closest("label")?.textContent),
      ).toEqual(["Версия 2", "Треки", "Джаз"]),
    );
    await userEvent.click(within(dialog).getByRole("radio", { name: "Версия 2" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Копировать" }));

    await waitFor(() => expect(calls).toEqual([`cp ${scene.second} nothing ${two?.entryId}`]));
    expect(await screen.findByText("Скопировано: 1")).toBeTruthy();
    expect(await listedTitles("Версия 1")).toEqual(["Первая", "Вторая", "Третья"]);
    // The copied track stays in its version, no longer checked.
    expect(screen.queryByText(/Выбрано:/)).toBeNull();
    await waitFor(() =>
      expect(
        screen.getByRole("button", { name: /Версия 2/, pressed: false }).textContent,
      ).toContain("1 тр."),
    );
    expect(scene.tracksOf(scene.second).map((track) => track.song.title)).toEqual(["Вторая"]);
  });

  it("lists the tracks a copy could not do, tagged 'Копирование', and keeps both on 'Оставить оба'", async () => {
    const calls: string[] = [];
    const scene = library(
      on(vaultApi.copyEntries, ({ params, query, body, reply }) => {
        calls.push(`cp ${params.id} ${query.get("policy")} ${body.entryIds.join(",")}`);
        if (query.get("policy") === "both") {
          return reply(scene.put(scene.first, params.id, body.entryIds, true));
        }
        const [already, ...others] = body.entryIds;
        const done = scene.put(scene.first, params.id, others, true);
        return reply({
          ...done,
          failedEntries: [
            {
              entryId: already ?? "",
              name: "Первая",
              type: "duplicate-entry-error",
              reason: "Этот трек здесь уже есть",
            },
          ],
        });
      }),
    );
    const [one, two] = scene.tracksOf(scene.first);
    await check("Первая", "Вторая");
    const dialog = await pickTarget("Куда поместить (2)", "Джаз");
    await userEvent.click(within(dialog).getByRole("button", { name: "Копировать" }));

    const failed = await screen.findByRole("dialog", { name: "Не всё удалось выполнить" });
    expect(calls).toEqual([`cp ${scene.jazz.entryId} nothing ${one?.entryId},${two?.entryId}`]);
    expect(
      within(failed)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["ПерваяКопированиеЭтот трек здесь уже есть"]);
    expect(await screen.findByText("Скопировано: 1")).toBeTruthy();

    await userEvent.click(within(failed).getByRole("button", { name: "Оставить оба" }));
    await waitFor(() => expect(calls[1]).toBe(`cp ${scene.jazz.entryId} both ${one?.entryId}`));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("moves a dragged track onto a version of the library tree, and shows the composition refusal of a folder", async () => {
    const calls: string[] = [];
    const refusal = MESSAGES.compositionError("track", "folder", "playlists");
    const scene = library(
      on(vaultApi.moveEntries, ({ params, query, body, reply }) => {
        calls.push(`mv ${params.id} ${query.get("policy")} ${body.entryIds.join(",")}`);
        // Not one of them may go into a folder: the server refuses the whole move (SPEC.md §8).
        if (params.id === scene.folder.entryId) {
          return replyError(400, { type: "composition-error", reason: refusal, message: "" });
        }
        return reply(scene.put(scene.first, params.id, body.entryIds, false));
      }),
    );
    const [one, two, three] = scene.tracksOf(scene.first);
    expect(await listedTitles("Версия 1")).toEqual(["Первая", "Вторая", "Третья"]);

    // Checked rows travel together when one of them is dragged.
    await check("Вторая", "Третья");
    await dragOntoTree("Третья", "Версия 2");
    await waitFor(() =>
      expect(calls).toEqual([`mv ${scene.second} nothing ${two?.entryId},${three?.entryId}`]),
    );
    await waitFor(async () => expect(await listedTitles("Версия 1")).toEqual(["Первая"]));

    await dragOntoTree("Первая", "Кофейни");
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(calls[1]).toBe(`mv ${scene.folder.entryId} nothing ${one?.entryId}`);
    expect(screen.queryByRole("dialog", { name: "Не всё удалось выполнить" })).toBeNull();
    expect(await listedTitles("Версия 1")).toEqual(["Первая"]);
  });
});
