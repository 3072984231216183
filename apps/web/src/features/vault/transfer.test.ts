import { type LibraryEntry, PARTITION_IDS } from "@fonika/shared";
import { describe, expect, it } from "vitest";
import { buildEntry, buildPartition } from "../../test/library-factories.ts";
import {
  type DraggedEntries,
  dropDecision,
  ENTRIES_DRAG_TYPE,
  transferOperationOf,
} from "./transfer.ts";

/** What a browser hands a drop handler: types, data by type, files. */
function dataTransfer({ entries, files = [] }: { entries?: DraggedEntries; files?: File[] }) {
  const data = new Map<string, string>();
  if (entries) data.set(ENTRIES_DRAG_TYPE, JSON.stringify(entries));
  return {
    types: [...data.keys(), ...(files.length > 0 ? ["Files"] : [])],
    getData: (type: string) => data.get(type) ?? "",
    files: files as unknown as FileList,
  };
}

const noKeys = { ctrlKey: false, altKey: false };

describe("dropping onto library entries", () => {
  const source = buildEntry({ name: "Утро" });
  const target = buildEntry({ name: "Вечер" });
  const dragged: DraggedEntries = {
    parentId: source.entryId,
    partitionType: "playlists",
    entryIds: [buildEntry().entryId, buildEntry().entryId],
    names: ["Первый", "Второй"],
  };
  const decide = (
    keys: { ctrlKey: boolean; altKey: boolean },
    onto: Pick<LibraryEntry, "entryId" | "entryType" | "partitionType">,
    transfer = dataTransfer({ entries: dragged }),
  ) => dropDecision(transfer, keys, onto);

  it("moves by default and copies with Ctrl or Alt held", () => {
    expect(transferOperationOf(noKeys)).toBe("move");
    expect(transferOperationOf({ ctrlKey: true, altKey: false })).toBe("copy");
    expect(transferOperationOf({ ctrlKey: false, altKey: true })).toBe("copy");
    expect(decide(noKeys, target)).toEqual({ kind: "transfer", operation: "move", dragged });
    expect(decide({ ctrlKey: true, altKey: false }, target)).toEqual({
      kind: "transfer",
      operation: "copy",
      dragged,
    });
    expect(decide({ ctrlKey: false, altKey: true }, target)).toMatchObject({ operation: "copy" });
  });

  it("does nothing onto the rows' own folder or onto a dragged row", () => {
    expect(decide(noKeys, source)).toEqual({ kind: "none" });
    const draggedRow = buildEntry({ entryId: dragged.entryIds[0] });
    expect(decide(noKeys, draggedRow)).toEqual({ kind: "none" });
  });

  it("sends rows dropped on the trash to the trash, and takes nothing onto a track", () => {
    expect(decide(noKeys, buildPartition("deleted"))).toEqual({ kind: "trash", dragged });
    expect(decide(noKeys, buildEntry({ entryType: "track", partitionType: "tracks" }))).toEqual({
      kind: "none",
    });
  });

  it("uploads desktop files into a Tracks folder or a version, not into a Playlists folder", () => {
    const files = [new File(["a"], "a.mp3"), new File(["b"], "b.flac")];
    const withFiles = dataTransfer({ files });
    const tracksFolder = buildEntry({ partitionType: "tracks", parentId: PARTITION_IDS.tracks });
    expect(decide(noKeys, tracksFolder, withFiles)).toEqual({ kind: "upload", files });
    expect(decide(noKeys, buildPartition("tracks"), withFiles)).toEqual({ kind: "upload", files });
    expect(decide(noKeys, buildEntry({ entryType: "version" }), withFiles)).toEqual({
      kind: "upload",
      files,
    });
    expect(decide(noKeys, target, withFiles)).toEqual({ kind: "none" });
  });

  it("ignores drags that are neither library rows nor files", () => {
    const text = {
      types: ["text/plain"],
      getData: () => "hello",
      files: [] as unknown as FileList,
    };
    expect(dropDecision(text, noKeys, target)).toEqual({ kind: "none" });
  });
});
