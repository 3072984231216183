import { describe, expect, it, vi } from "vitest";
import type { UploadProgress } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { createUploadQueue, type UploadQueueDeps, uploadHeadline } from "./upload-queue.ts";

/** An upload the test answers by hand, one per file, in the order they start. */
function manualUploads() {
  const started: {
    file: File;
    progress: (progress: UploadProgress) => void;
    signal: AbortSignal;
    resolve: (songId: string) => void;
    reject: (error: unknown) => void;
  }[] = [];
  const upload: UploadQueueDeps["upload"] = (file, progress, signal) =>
    new Promise((resolve, reject) => {
      signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      started.push({
        file,
        progress,
        signal,
        resolve: (songId) => resolve({ songId, alreadyInLibrary: songId === "known" }),
        reject,
      });
    });
  return { started, upload };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const file = (name: string, size = 100) => new File(["x".repeat(size)], name);
const target = { entryId: "folder-1", name: "Новинки" };

describe("the upload queue (SPEC.md §4)", () => {
  it("uploads one file at a time, registers each song, and counts 'N из M'", async () => {
    const { started, upload } = manualUploads();
    const register = vi.fn(async () => null);
    const onSettled = vi.fn();
    const queue = createUploadQueue({ upload, register, onSettled });
    queue.add([file("a.mp3"), file("b.mp3"), file("c.mp3")], target);
    await tick();
    expect(started.map((entry) => entry.file.name)).toEqual(["a.mp3"]);
    expect(uploadHeadline(queue.getState())).toBe("Загрузка: 1 из 3");

    started[0]?.progress({ loaded: 40, total: 100 });
    expect(queue.getState().items[0]).toMatchObject({
      status: "uploading",
      loaded: 40,
      total: 100,
    });

    started[0]?.resolve("song-a");
    await tick();
    expect(register).toHaveBeenCalledWith("folder-1", "song-a");
    expect(started.map((entry) => entry.file.name)).toEqual(["a.mp3", "b.mp3"]);
    expect(uploadHeadline(queue.getState())).toBe("Загрузка: 2 из 3");

    queue.add([file("d.mp3")], target);
    expect(uploadHeadline(queue.getState())).toBe("Загрузка: 2 из 4");

    started[1]?.resolve("known");
    await tick();
    started[2]?.resolve("song-c");
    await tick();
    started[3]?.resolve("song-d");
    await tick();
    const state = queue.getState();
    expect(state.running).toBe(false);
    expect(state.items.map((item) => item.status)).toEqual(["done", "done", "done", "done"]);
    expect(state.items[1]?.alreadyInLibrary).toBe(true);
    expect(uploadHeadline(state)).toBe("Загружено 4 из 4");
    expect(onSettled).toHaveBeenCalledTimes(4);

    // A later batch is counted on its own.
    queue.add([file("e.mp3")], target);
    expect(uploadHeadline(queue.getState())).toBe("Загрузка: 1 из 1");
  });

  it("keeps going past a failed file and keeps the server's reason beside it", async () => {
    const { started, upload } = manualUploads();
    const register = vi.fn(async (_target: string, songId: string) =>
      songId === "dup" ? "Этот трек здесь уже есть" : null,
    );
    const queue = createUploadQueue({ upload, register });
    queue.add([file("bad.txt"), file("dup.mp3"), file("ok.mp3")], target);
    await tick();
    started[0]?.reject(
      new ApiError(415, "unsupported-file", "Формат файла не поддерживается: нужен MP3, OGG, FLAC"),
    );
    await tick();
    started[1]?.resolve("dup");
    await tick();
    started[2]?.resolve("ok");
    await tick();
    const { items } = queue.getState();
    expect(items.map((item) => [item.file.name, item.status, item.error])).toEqual([
      ["bad.txt", "failed", "Формат файла не поддерживается: нужен MP3, OGG, FLAC"],
      ["dup.mp3", "failed", "Этот трек здесь уже есть"],
      ["ok.mp3", "done", null],
    ]);
    expect(uploadHeadline(queue.getState())).toBe("Загружено 1 из 3");
  });

  it("cancels the file being sent and those waiting; clears only when idle", async () => {
    const { started, upload } = manualUploads();
    const register = vi.fn(async () => null);
    const queue = createUploadQueue({ upload, register });
    queue.add([file("a.mp3"), file("b.mp3")], target);
    await tick();
    queue.clear();
    expect(queue.getState().items).toHaveLength(2);
    queue.cancel();
    await tick();
    expect(started[0]?.signal.aborted).toBe(true);
    expect(queue.getState().items.map((item) => item.status)).toEqual(["cancelled", "cancelled"]);
    expect(started).toHaveLength(1);
    expect(register).not.toHaveBeenCalled();
    queue.clear();
    expect(queue.getState().items).toEqual([]);
  });
});
