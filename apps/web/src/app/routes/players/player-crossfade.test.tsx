import { type Player, playersApi } from "@fonika/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildPlayer } from "../../../test/players-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

describe("a web player's crossfade on its page", () => {
  it("lets the owner choose 0 to 12 seconds and saves it through the player's change", async () => {
    let player: Player = buildPlayer({ userId: SIGNED_IN_USER_ID });
    const changes: unknown[] = [];
    renderSignedIn(
      "role-client",
      `/player/${player.id}`,
      on(playersApi.getPlayer, ({ reply }) => reply(player)),
      on(playersApi.listPlayerPlaylists, ({ reply }) => reply({ data: [] })),
      on(playersApi.changePlayer, ({ body, reply }) => {
        changes.push(body);
        player = { ...player, ...body };
        return reply(player);
      }),
    );
    const select = (await screen.findByLabelText("Длительность перехода")) as HTMLSelectElement;
    expect(screen.getByRole("heading", { name: "Переход между песнями" })).toBeTruthy();
    expect(select.value).toBe("4");
    expect([...select.options].map((option) => option.textContent)).toEqual([
      "0 с — без паузы и без перехода",
      ...Array.from({ length: 12 }, (_, index) => `${index + 1} с`),
    ]);
    expect(screen.getByText("0 — без паузы и без перехода")).toBeTruthy();

    await userEvent.selectOptions(select, "0");
    await waitFor(() => expect(changes).toEqual([{ crossfadeSeconds: 0 }]));
    expect(await screen.findByText("Переход между песнями сохранён")).toBeTruthy();
    await waitFor(() => expect(select.value).toBe("0"));
  });

  it("shows the server's refusal and keeps the saved length", async () => {
    const player = buildPlayer({ userId: SIGNED_IN_USER_ID, crossfadeSeconds: 6 });
    renderSignedIn(
      "role-client",
      `/player/${player.id}`,
      on(playersApi.getPlayer, ({ reply }) => reply(player)),
      on(playersApi.listPlayerPlaylists, ({ reply }) => reply({ data: [] })),
      on(playersApi.changePlayer, () =>
        replyError(400, {
          type: "validation-error",
          reason: "Длительность перехода — от 0 до 12 секунд",
          message: "crossfadeSeconds",
        }),
      ),
    );
    const select = (await screen.findByLabelText("Длительность перехода")) as HTMLSelectElement;
    await userEvent.selectOptions(select, "12");
    expect(await screen.findByText("Длительность перехода — от 0 до 12 секунд")).toBeTruthy();
    await waitFor(() => expect(select.value).toBe("6"));
  });

  it("is shown read-only to whoever may not change the player, and not at all for a box player", async () => {
    const watched = buildPlayer({ crossfadeSeconds: 0, abilities: { edit: false, remove: false } });
    const view = renderSignedIn(
      "role-support",
      `/player/${watched.id}`,
      on(playersApi.getPlayer, ({ reply }) => reply(watched)),
      on(playersApi.listPlayerPlaylists, ({ reply }) => reply({ data: [] })),
    );
    expect(await screen.findByRole("heading", { name: "Переход между песнями" })).toBeTruthy();
    expect(screen.queryByLabelText("Длительность перехода")).toBeNull();
    expect(screen.getByText("0 с — без паузы и без перехода")).toBeTruthy();
    view.unmount();

    const box = buildPlayer({ userId: SIGNED_IN_USER_ID, type: "boxPlayer", name: "Бокс" });
    renderSignedIn(
      "role-client",
      `/player/${box.id}`,
      on(playersApi.getPlayer, ({ reply }) => reply(box)),
      on(playersApi.listPlayerPlaylists, ({ reply }) => reply({ data: [] })),
    );
    expect(await screen.findByRole("heading", { name: "Бокс", level: 1 })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Переход между песнями" })).toBeNull();
  });
});
