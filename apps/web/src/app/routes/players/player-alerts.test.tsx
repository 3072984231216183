import { type PlayerAlert, playerAlertsApi, playersApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PLAYER_ALERTS_REFRESH_MS } from "../../../features/players/api/list-player-alerts.ts";
import {
  buildPlayer,
  buildPlayerLive,
  buildStaffPlayer,
  onePage,
} from "../../../test/players-factories.ts";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

/** Silence alerts (issue 14) as the owner and staff see them. */

const cafe = { establishmentId: buildPlayer().id, establishmentName: "Кофейня на Лесной" };

function alertOf(player: { id: string; name: string }, silentSince: string): PlayerAlert {
  return {
    id: buildPlayer().id,
    playerId: player.id,
    playerName: player.name,
    establishmentId: cafe.establishmentId,
    establishmentName: cafe.establishmentName,
    timeZone: "Asia/Vladivostok",
    silentSince,
    raisedAt: silentSince,
    outOfTouch: false,
  };
}

describe("a client's silent players", () => {
  it("counts them on the Players menu entry, says since when on the player's line, and drops both once it plays", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const hall = buildPlayer({ ...cafe, userId: SIGNED_IN_USER_ID, name: "Зал у окна" });
      const terrace = buildPlayer({ ...cafe, userId: SIGNED_IN_USER_ID, name: "Терраса" });
      // 14:05 in Vladivostok (UTC+10), where the establishment is.
      const since = new Date();
      since.setUTCHours(4, 5, 0, 0);
      let alerts = [alertOf(hall, since.toISOString())];
      const askedFor: Array<string | null> = [];
      renderSignedIn(
        "role-client",
        "/players",
        on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([hall, terrace]))),
        on(playerAlertsApi.listPlayerAlerts, ({ query, reply }) => {
          askedFor.push(query.get("userId"));
          return reply({ data: alerts });
        }),
      );
      const menu = await screen.findByRole("navigation", { name: "Разделы" });
      const badge = await within(menu).findByRole("status", { name: "Молчат плееры: 1" });
      expect(badge.textContent).toBe("1");
      expect(badge.closest("a")?.textContent).toContain("Плееры");

      const group = await screen.findByRole("region", { name: "Кофейня на Лесной" });
      const [hallLine, terraceLine] = within(group).getAllByRole("listitem");
      expect(
        await within(hallLine as HTMLElement).findByText(/^Плеер молчит с 14:05/),
      ).toBeTruthy();
      expect(within(terraceLine as HTMLElement).queryByText(/молчит/)).toBeNull();
      expect(askedFor.every((userId) => userId === null)).toBe(true);

      alerts = [];
      await vi.advanceTimersByTimeAsync(PLAYER_ALERTS_REFRESH_MS);
      await waitFor(() => expect(within(menu).queryByRole("status")).toBeNull());
      expect(within(group).queryByText(/молчит/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows staff a client's silent player, asking for that client's alerts", async () => {
    const clientId = "00000000-0000-4000-8000-0000000000c1";
    const hall = buildPlayer({ ...cafe, userId: clientId, name: "Зал клиента" });
    const askedFor: Array<string | null> = [];
    renderSignedIn(
      "role-client-manager",
      `/players/${clientId}`,
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([hall]))),
      on(playerAlertsApi.listPlayerAlerts, ({ query, reply }) => {
        askedFor.push(query.get("userId"));
        return reply({ data: [alertOf(hall, "2026-11-20T04:05:00.000Z")] });
      }),
    );
    expect(await screen.findByText("Плеер молчит с 14:05, 20 ноября")).toBeTruthy();
    expect(askedFor).toEqual([clientId]);
    // Staff have no silent players of their own: no badge.
    expect(
      within(screen.getByRole("navigation", { name: "Разделы" })).queryByRole("status"),
    ).toBeNull();
  });

  it("says a player out of touch is not in touch, not that it is silent: it may play from its memory", async () => {
    const box = buildPlayer({ ...cafe, name: "Бокс в зале" });
    renderSignedIn(
      "role-client",
      "/players",
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([box]))),
      on(playerAlertsApi.listPlayerAlerts, ({ reply }) =>
        reply({ data: [{ ...alertOf(box, "2026-11-20T04:05:00.000Z"), outOfTouch: true }] }),
      ),
    );
    const note = await screen.findByText("Плеер не на связи с 14:05, 20 ноября");
    expect(note.closest("[title]")?.getAttribute("title")).toContain("из своей памяти");
    expect(screen.queryByText(/Плеер молчит/)).toBeNull();
  });
});

describe("the players base's silent players", () => {
  it("shows a silent player's row red with since when in words, and keeps to silent ones on request", async () => {
    const asked: Record<string, string>[] = [];
    const silent = buildStaffPlayer({
      name: "Молчащий зал",
      live: buildPlayerLive({
        lastSeenAt: "2026-11-20T09:00:00.000Z",
        silentSince: "2026-11-20T09:05:00.000Z",
      }),
    });
    const playing = buildStaffPlayer({
      name: "Играющий зал",
      live: buildPlayerLive({ online: true, playing: true }),
    });
    renderSignedIn(
      "role-admin",
      "/players-base",
      on(playersApi.listAllPlayers, ({ query, reply }) => {
        asked.push(Object.fromEntries(query));
        return reply(onePage(query.get("alert") === "silent" ? [silent] : [silent, playing]));
      }),
      on(playersApi.listPlayerRequests, ({ reply }) => reply(onePage([]))),
    );
    const table = await screen.findByRole("table", { name: "Плееры" });
    const silentRow = (await within(table).findByRole("link", { name: "Молчащий зал" })).closest(
      "tr",
    ) as HTMLElement;
    const playingRow = within(table).getByRole("link", { name: "Играющий зал" }).closest("tr");
    expect(silentRow.className).toContain("players-table__row--silent");
    expect(playingRow?.className ?? "").not.toContain("players-table__row--silent");
    expect(within(silentRow).getByText(/^Молчит с \d\d:\d\d, 20 ноября$/)).toBeTruthy();

    const user = userEvent.setup();
    const filter = screen.getByRole("group", { name: "Уведомления" });
    await user.click(within(filter).getByRole("radio", { name: "Молчат" }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ alert: "silent" }));
    await waitFor(() =>
      expect(within(table).queryByRole("link", { name: "Играющий зал" })).toBeNull(),
    );
  });
});
