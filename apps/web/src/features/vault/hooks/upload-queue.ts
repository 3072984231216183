import { useSyncExternalStore } from "react";
import type { UploadProgress } from "../../../lib/api-client.ts";
import { errorText } from "../../../lib/error-messages.ts";

/** Where uploaded songs are registered: a Tracks folder (or its root) or a version. */
export interface UploadTarget {
  entryId: string;
  name: string;
}

export type UploadStatus =
  | "waiting"
  | "uploading"
  | "registering"
  | "done"
  | "failed"
  | "cancelled";

export interface UploadItem {
  id: number;
  file: File;
  target: UploadTarget;
  status: UploadStatus;
  /** Bytes sent of `total`. */
  loaded: number;
  total: number;
  /** Why it failed: the server's reason. */
  error: string | null;
  /** The same content was in the library already: nothing new was stored. */
  alreadyInLibrary: boolean;
}

export interface UploadQueueState {
  items: readonly UploadItem[];
  running: boolean;
}

export interface UploadQueueDeps {
  /** Sends one file; answers the song it became (or the same content found in the library). */
  upload(
    file: File,
    onProgress: (progress: UploadProgress) => void,
    signal: AbortSignal,
  ): Promise<{ songId: string; alreadyInLibrary: boolean }>;
  /** Registers the song into the target (make-song); answers why it was refused, or null. */
  register(targetId: string, songId: string): Promise<string | null>;
  /** After each file is through, done or not: the screens showing the target refresh. */
  onSettled?(): void;
}

export interface UploadQueue {
  getState(): UploadQueueState;
  subscribe(listener: () => void): () => void;
  /**
   * Queues files for one target; they go after those already waiting. When
   * nothing is going, they start a new batch (the finished files are dropped).
   */
  add(files: readonly File[], target: UploadTarget): void;
  /** Stops the file being sent and drops those waiting. */
  cancel(): void;
  /** Forgets finished files (nothing while files are still going). */
  clear(): void;
}

const FINISHED: readonly UploadStatus[] = ["done", "failed", "cancelled"];

export function isFinished(item: UploadItem): boolean {
  return FINISHED.includes(item.status);
}

/**
 * The upload queue of SPEC.md §4: files are uploaded one by one, each then
 * registered as a song of the target through make-song. One failing file
 * does not stop the others; its reason stays beside it.
 */
export function createUploadQueue(deps: UploadQueueDeps): UploadQueue {
  const listeners = new Set<() => void>();
  let state: UploadQueueState = { items: [], running: false };
  let nextId = 1;
  let controller: AbortController | null = null;

  const setState = (next: UploadQueueState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const update = (id: number, patch: Partial<UploadItem>) => {
    setState({
      ...state,
      items: state.items.map((item) => (item.id === id ? { ...item, ...patch } : item)),
    });
  };
  const statusOf = (id: number) => state.items.find((item) => item.id === id)?.status;

  const pump = async () => {
    if (state.running) return;
    setState({ ...state, running: true });
    try {
      for (;;) {
        const next = state.items.find((item) => item.status === "waiting");
        if (!next) break;
        const current = new AbortController();
        controller = current;
        update(next.id, { status: "uploading" });
        try {
          const { songId, alreadyInLibrary } = await deps.upload(
            next.file,
            ({ loaded, total }) => {
              if (statusOf(next.id) === "uploading") update(next.id, { loaded, total });
            },
            current.signal,
          );
          update(next.id, { status: "registering", loaded: next.total });
          const refusal = await deps.register(next.target.entryId, songId);
          update(
            next.id,
            refusal
              ? { status: "failed", error: refusal, alreadyInLibrary }
              : { status: "done", alreadyInLibrary },
          );
        } catch (error) {
          update(
            next.id,
            current.signal.aborted
              ? { status: "cancelled" }
              : { status: "failed", error: errorText(error) },
          );
        }
        deps.onSettled?.();
      }
    } finally {
      controller = null;
      setState({ ...state, running: false });
    }
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(files, target) {
      if (files.length === 0) return;
      const added = files.map(
        (file): UploadItem => ({
          id: nextId++,
          file,
          target,
          status: "waiting",
          loaded: 0,
          total: file.size,
          error: null,
          alreadyInLibrary: false,
        }),
      );
      // Files added after the last batch finished start a new one: 'N из M'
      // counts this batch, not the files finished before.
      const kept = state.running ? state.items : [];
      setState({ ...state, items: [...kept, ...added] });
      void pump();
    },
    cancel() {
      setState({
        ...state,
        items: state.items.map((item) =>
          item.status === "waiting" ? { ...item, status: "cancelled" } : item,
        ),
      });
      controller?.abort();
    },
    clear() {
      if (state.running) return;
      setState({ ...state, items: [] });
    },
  };
}

/**
 * The queue's headline (SPEC.md §4 'N из M'): while files go, the number
 * of the one being sent of all queued; afterwards, how many made it.
 */
export function uploadHeadline(state: UploadQueueState): string {
  const total = state.items.length;
  if (state.running) {
    const active = state.items.findIndex((item) => !isFinished(item) && item.status !== "waiting");
    const position = active >= 0 ? active + 1 : state.items.filter(isFinished).length + 1;
    return `Загрузка: ${position} из ${total}`;
  }
  const done = state.items.filter((item) => item.status === "done").length;
  return `Загружено ${done} из ${total}`;
}

/** The queue's state, re-rendering on every change. */
export function useUploadQueueState(queue: UploadQueue): UploadQueueState {
  return useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);
}
