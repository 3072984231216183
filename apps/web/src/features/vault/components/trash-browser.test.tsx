import { PARTITION_IDS, vaultApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderLibrary } from "../../../test/library-app.tsx";
import {
  buildEntry,
  buildListing,
  buildPartition,
  nextId,
} from "../../../test/library-factories.ts";
import { on } from "../../../test/scripted-server.ts";

const trash = buildPartition("deleted");

describe("the trash", () => {
  it("says 'Корзина пуста' when nothing was deleted", async () => {
    renderLibrary(
      "/deleted",
      on(vaultApi.listEntries, ({ reply }) => reply(buildListing(trash, []))),
    );
    expect(await screen.findByText("Корзина пуста")).toBeTruthy();
  });

  it("restores an entry and deletes another for good after asking", async () => {
    const folder = buildEntry({
      name: "Лето 2023",
      partitionType: "deleted",
      parentId: PARTITION_IDS.deleted,
      originPartitionType: "playlists",
      deletedDate: new Date(2024, 5, 1, 12).toISOString(),
      size: 3 * 1024 * 1024,
    });
    const old = buildEntry({
      name: "Черновик",
      partitionType: "deleted",
      parentId: PARTITION_IDS.deleted,
      originPartitionType: "tracks",
    });
    const calls: unknown[] = [];
    renderLibrary(
      "/deleted",
      on(vaultApi.listEntries, ({ params, reply }) => {
        expect(params.id).toBe(PARTITION_IDS.deleted);
        return reply(buildListing(trash, [folder, old]));
      }),
      on(vaultApi.restoreEntry, ({ body, reply }) => {
        calls.push({ restore: body.restoreEntryId });
        return reply({ ...folder, partitionType: "playlists", parentId: PARTITION_IDS.playlists });
      }),
      on(vaultApi.deleteEntriesForever, ({ params, body, reply }) => {
        calls.push({ forever: body.deleteEntryIds, from: params.id });
        return reply({ entries: [], failedEntries: [] });
      }),
    );
    const row = await screen.findByRole("row", { name: /Лето 2023/ });
    expect(within(row).getByText("Плейлисты")).toBeTruthy();
    expect(within(row).getByText("01.06.2024")).toBeTruthy();
    expect(within(row).getByText("3,00 МБ")).toBeTruthy();
    await userEvent.click(within(row).getByRole("button", { name: "Восстановить «Лето 2023»" }));
    await waitFor(() => expect(calls).toEqual([{ restore: folder.entryId }]));
    expect(await screen.findByText("Восстановлено: 1")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Удалить навсегда «Черновик»" }));
    const dialog = screen.getByRole("dialog", { name: "Удалить навсегда?" });
    // A folder of Tracks holds no playlist: nothing is said of places.
    expect(within(dialog).queryByText(/останется без места/)).toBeNull();
    expect(calls).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole("button", { name: "Удалить навсегда" }));
    await waitFor(() =>
      expect(calls[1]).toEqual({ forever: [old.entryId], from: PARTITION_IDS.deleted }),
    );
  });

  it("says that a playlist a tariff holds is kept without a place when deleted for good", async () => {
    const sold = buildEntry({
      entryType: "playlist",
      name: "Проданный",
      partitionType: "deleted",
      parentId: PARTITION_IDS.deleted,
      originPartitionType: "playlists",
      tariffs: [{ id: nextId(), name: "Базовый", active: true }],
    });
    renderLibrary(
      "/deleted",
      on(vaultApi.listEntries, ({ reply }) => reply(buildListing(trash, [sold]))),
    );
    await userEvent.click(
      await screen.findByRole("button", { name: "Удалить навсегда «Проданный»" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Удалить навсегда?" });
    expect(within(dialog).getByText(/останется без места/).textContent).toContain(
      "«Разместить плейлист»",
    );
  });
});
