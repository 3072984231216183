import { playlistsApi } from "@fonika/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderLibrary } from "../../../test/library-app.tsx";
import { buildPlaylist, nextId } from "../../../test/library-factories.ts";
import { on } from "../../../test/scripted-server.ts";

describe("PlaylistCreate", () => {
  it("creates the playlist with its first version in the folder it was asked from and opens its editor", async () => {
    const folderId = nextId();
    const versionId = nextId();
    // The server makes «Версия 1» with the playlist, current.
    const created = buildPlaylist({
      name: "Бранч",
      currentVersionId: versionId,
      versions: [
        {
          entryId: versionId,
          name: "Версия 1",
          tracksCount: 0,
          tracksDuration: 0,
          isCurrent: true,
        },
      ],
    });
    const bodies: unknown[] = [];
    const app = renderLibrary(
      `/playlists/create?folderId=${folderId}`,
      on(playlistsApi.addPlaylist, ({ body, reply }) => {
        bodies.push(body);
        return reply({ ...created, name: body.name });
      }),
      on(playlistsApi.getPlaylist, ({ reply }) => reply({ ...created, tracks: [] })),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Создать плейлист" }));
    expect(await screen.findByText("Введите название плейлиста")).toBeTruthy();
    expect(bodies).toEqual([]);

    await userEvent.type(screen.getByLabelText("Название плейлиста"), "Бранч");
    await userEvent.type(screen.getByLabelText("Описание"), "Выходные, поздний завтрак");
    await userEvent.type(screen.getByLabelText("Теги"), "утро{Enter}лаунж,");
    await userEvent.click(screen.getByRole("button", { name: "Создать плейлист" }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          name: "Бранч",
          description: "Выходные, поздний завтрак",
          tags: ["утро", "лаунж"],
          folderId,
          firstVersion: true,
        },
      ]),
    );
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/playlists/edit/${created.id}`),
    );
    // Tracks go in at once: no «Создать версию» step before them.
    expect(await screen.findByText("Треки: Версия 1")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Загрузить треки" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Добавить из библиотеки" })).toBeTruthy();
  });
});
