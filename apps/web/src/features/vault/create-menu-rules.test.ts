import { type LibraryEntry, PARTITION_IDS } from "@fonika/shared";
import { describe, expect, it } from "vitest";
import { buildEntry, buildPartition, buildTreeNode, nextId } from "../../test/library-factories.ts";
import { createMenuState } from "./create-menu-rules.ts";
import { contextEntryOf, libraryLocationOf } from "./library-location.ts";

const at = (path: string) => {
  const [pathname = "", search = ""] = path.split("?");
  return libraryLocationOf(pathname, search ? `?${search}` : "");
};

/** The menu's offer as one line per option: what is available here. */
function offer(
  entry: Pick<LibraryEntry, "entryId" | "entryType" | "partitionType" | "parentId"> | null,
  path = "/playlists",
) {
  const state = createMenuState(at(path), entry);
  return {
    hidden: state.hidden,
    folder: state.folder.available ? state.folder.target : state.folder.hint,
    playlist: state.playlist.available ? state.playlist.target : state.playlist.hint,
    track: state.track.available ? state.track.target : state.track.hint,
    version: state.version.available ? state.version.target : state.version.hint,
  };
}

describe("the 'Создать' menu (SPEC.md §2)", () => {
  const playlistsRoot = buildPartition("playlists");
  const folder = buildEntry({ name: "Утро" });
  const playlist = buildEntry({
    entryType: "playlist",
    parentId: folder.entryId,
    playlistId: nextId(),
  });
  const version = buildEntry({ entryType: "version", parentId: playlist.entryId });
  const tracksFolder = buildEntry({ partitionType: "tracks", parentId: PARTITION_IDS.tracks });

  it("in a Playlists folder: a folder and a playlist there, no track, no version", () => {
    expect(offer(folder)).toEqual({
      hidden: false,
      folder: { parentId: folder.entryId },
      playlist: { folderId: folder.entryId },
      track: "Доступно внутри версии плейлиста",
      version: "Доступно внутри плейлиста",
    });
    expect(offer(playlistsRoot).folder).toEqual({ parentId: PARTITION_IDS.playlists });
  });

  it("in a playlist: a version of it; a playlist still, into the root", () => {
    expect(offer(playlist)).toEqual({
      hidden: false,
      folder: "Доступно в разделе «Плейлисты» и его папках",
      playlist: { folderId: null },
      track: "Доступно внутри версии плейлиста",
      version: { playlistEntryId: playlist.entryId },
    });
  });

  it("in a version: a track into it, and another version of its playlist", () => {
    const state = offer(version);
    expect(state.track).toEqual({ versionId: version.entryId });
    expect(state.version).toEqual({ playlistEntryId: playlist.entryId });
    expect(state.folder).toBe("Доступно в разделе «Плейлисты» и его папках");
  });

  it("is hidden in the trash and in the Tracks partition", () => {
    expect(offer(null, "/deleted").hidden).toBe(true);
    expect(offer(tracksFolder).hidden).toBe(true);
    expect(offer(null, `/playlists?entry=${PARTITION_IDS.tracks}`).hidden).toBe(true);
    expect(offer(folder).hidden).toBe(false);
    expect(offer(null, "/tracks").hidden).toBe(false);
  });

  it("finds the entry acted in from the address and the trees", () => {
    const trees = [
      buildTreeNode(playlistsRoot, [
        buildTreeNode(folder, [buildTreeNode(playlist, [buildTreeNode(version)])]),
      ]),
    ];
    expect(contextEntryOf(at(`/playlists?entry=${folder.entryId}`), trees)?.entryId).toBe(
      folder.entryId,
    );
    expect(contextEntryOf(at("/playlists"), [])?.entryType).toBe("partition");
    expect(contextEntryOf(at(`/playlists/edit/${playlist.playlistId}`), trees)?.entryId).toBe(
      playlist.entryId,
    );
    expect(
      contextEntryOf(at(`/playlists/edit/${playlist.playlistId}?version=${version.entryId}`), trees)
        ?.entryId,
    ).toBe(version.entryId);
    expect(contextEntryOf(at(`/playlists/create?folderId=${folder.entryId}`), trees)?.entryId).toBe(
      folder.entryId,
    );
    expect(contextEntryOf(at("/tracks"), trees)).toBeNull();
  });
});
