import { historyApi, playersApi } from "@fonika/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildPlayPage, buildPlayRecord } from "../../../test/history-factories.ts";
import { buildPlayer } from "../../../test/players-factories.ts";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

describe("a player's broadcast history", () => {
  it("shows the admin a player's plays with its venue's report and the report across all venues", async () => {
    const player = buildPlayer({ name: "Бокс у стойки", establishmentName: "Бар на Садовой" });
    const asked: string[] = [];
    renderSignedIn(
      "role-admin",
      `/broadcast-history/${player.id}?from=2026-03-01&to=2026-03-31`,
      on(playersApi.getPlayer, ({ reply }) => reply(player)),
      on(historyApi.playerHistory, ({ params, query, reply }) => {
        asked.push(`${params.id} ${query.get("from")} ${query.get("to")}`);
        return reply(
          buildPlayPage([buildPlayRecord({ title: "Летний вечер", ending: "offline" })]),
        );
      }),
    );
    const row = (await screen.findByText("Летний вечер")).closest("tr");
    if (!row) throw new Error("no row");
    expect(within(row).getByText("Плеер отключился")).toBeTruthy();
    expect(asked).toEqual([`${player.id} 2026-03-01 2026-03-31`]);
    expect(await screen.findByText("Бокс у стойки · Бар на Садовой")).toBeTruthy();
    const venueReport = new URL(
      screen.getByRole("link", { name: "Скачать отчёт (CSV)" }).getAttribute("href") ?? "",
      "http://localhost",
    );
    expect(venueReport.pathname).toBe(
      `/api/v1/history/establishment/${player.establishmentId}/report.csv`,
    );
    const allReport = new URL(
      screen.getByRole("link", { name: "Отчёт по всем заведениям (CSV)" }).getAttribute("href") ??
        "",
      "http://localhost",
    );
    expect(allReport.pathname).toBe("/api/v1/history/report.csv");
    expect(allReport.searchParams.get("from")).toBe("2026-03-01");
    expect(allReport.searchParams.get("to")).toBe("2026-03-31");
    // A collecting society's report and the report per copyright holder, for staff.
    const hrefOf = (name: string) =>
      new URL(screen.getByRole("link", { name }).getAttribute("href") ?? "", "http://localhost");
    const society = hrefOf("Отчёт для РАО и ВОИС по всем заведениям (CSV)");
    expect(society.pathname).toBe("/api/v1/history/report.csv");
    expect(society.searchParams.get("format")).toBe("society");
    expect(hrefOf("Отчёт для РАО и ВОИС (CSV)").pathname).toBe(venueReport.pathname);
    const holders = hrefOf("Отчёт по правообладателям (CSV)");
    expect(holders.pathname).toBe("/api/v1/history/copyright-holders-report.csv");
    expect(holders.searchParams.get("from")).toBe("2026-03-01");
  });

  it("is a section of the owner's player page, without the all-venues report", async () => {
    const player = buildPlayer({ userId: SIGNED_IN_USER_ID });
    renderSignedIn(
      "role-client",
      `/player/${player.id}`,
      on(playersApi.getPlayer, ({ reply }) => reply(player)),
      on(playersApi.listPlayerPlaylists, ({ reply }) => reply({ data: [] })),
      on(historyApi.playerHistory, ({ reply }) => reply(buildPlayPage([]))),
    );
    expect(await screen.findByRole("heading", { name: "История эфира" })).toBeTruthy();
    expect(await screen.findByText("Эфир ещё не записан")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Скачать отчёт (CSV)" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Отчёт по всем заведениям (CSV)" })).toBeNull();
    expect(screen.getByRole("link", { name: "Отчёт для РАО и ВОИС (CSV)" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Отчёт по правообладателям (CSV)" })).toBeNull();
  });
});
