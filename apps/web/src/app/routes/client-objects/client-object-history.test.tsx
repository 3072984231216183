import { historyApi } from "@fonika/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildPlayPage, buildPlayRecord } from "../../../test/history-factories.ts";
import { nextPlayerId } from "../../../test/players-factories.ts";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";

const venueId = nextPlayerId();

function venuePage(page: ReturnType<typeof buildPlayPage>) {
  return { ...page, timeZone: "Europe/Moscow", establishmentName: "Кофейня на Лесной" };
}

describe("a venue's broadcast history", () => {
  it("shows plays with times in the venue's zone, how each ended, fallback plays and the report link", async () => {
    const asked: URLSearchParams[] = [];
    renderSignedIn(
      "role-client",
      `/client-objects/${venueId}/history-broadcast`,
      on(historyApi.establishmentHistory, ({ params, query, reply }) => {
        expect(params.id).toBe(venueId);
        asked.push(query);
        return reply(
          venuePage(
            buildPlayPage([
              buildPlayRecord({
                title: "Ночной джаз",
                endedAt: null,
                durationSeconds: null,
                ending: null,
                fallback: true,
                playlistName: "Резерв",
                startedAt: "2026-03-03T09:00:00.000Z",
              }),
              buildPlayRecord({ ending: "skipped", durationSeconds: 61, playerName: "Терраса" }),
            ]),
          ),
        );
      }),
    );
    await screen.findByText("Ночной джаз");
    const table = screen.getByRole("table", { name: "История эфира заведения" });
    const rows = within(table)
      .getAllByRole("row")
      .filter((row) => within(row).queryAllByRole("cell").length > 0);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain("Ночной джаз");
    expect(rows[0]?.textContent).toContain("Запасной плейлист");
    expect(rows[0]?.textContent).toContain("Играет");
    expect(rows[0]?.textContent).toContain("03.03.2026, 12:00:00");
    expect(rows[1]?.textContent).toContain("Иван, Пётр");
    expect(rows[1]?.textContent).toContain("Терраса");
    expect(rows[1]?.textContent).toContain("02.03.2026, 01:30:00");
    expect(rows[1]?.textContent).toContain("1:01");
    expect(rows[1]?.textContent).toContain("Пропущен");
    expect(screen.getByText("Кофейня на Лесной")).toBeTruthy();
    expect(screen.getByText("Дни по времени заведения: Москва (UTC+3)")).toBeTruthy();
    expect(screen.getByText("Всего: 2")).toBeTruthy();
    expect(asked[0]?.get("from")).toBeNull();
    const link = screen.getByRole("link", { name: "Скачать отчёт (CSV)" });
    const href = new URL(link.getAttribute("href") ?? "", "http://localhost");
    expect(href.pathname).toBe(`/api/v1/history/establishment/${venueId}/report.csv`);
    expect(href.searchParams.get("access_token")).toBeTruthy();
    expect(href.searchParams.get("from")).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it("asks for the chosen period, refuses a reversed one without asking, and pages", async () => {
    const asked: URLSearchParams[] = [];
    renderSignedIn(
      "role-client",
      `/client-objects/${venueId}/history-broadcast`,
      on(historyApi.establishmentHistory, ({ query, reply }) => {
        asked.push(query);
        return reply(venuePage(buildPlayPage([buildPlayRecord()], 60, 2)));
      }),
    );
    await screen.findByRole("table", { name: "История эфира заведения" });
    fireEvent.change(screen.getByLabelText("С даты"), { target: { value: "2026-03-01" } });
    fireEvent.change(screen.getByLabelText("По дату"), { target: { value: "2026-03-31" } });
    await waitFor(() => expect(asked.at(-1)?.get("to")).toBe("2026-03-31"));
    expect(asked.at(-1)?.get("from")).toBe("2026-03-01");
    const href = new URL(
      screen.getByRole("link", { name: "Скачать отчёт (CSV)" }).getAttribute("href") ?? "",
      "http://localhost",
    );
    expect(href.searchParams.get("from")).toBe("2026-03-01");
    expect(href.searchParams.get("to")).toBe("2026-03-31");

    await userEvent.setup().click(screen.getByRole("button", { name: "Следующая страница" }));
    await waitFor(() => expect(asked.at(-1)?.get("page")).toBe("1"));

    const count = asked.length;
    fireEvent.change(screen.getByLabelText("По дату"), { target: { value: "2026-02-01" } });
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "Конец периода раньше начала",
    );
    expect(screen.queryByRole("link", { name: "Скачать отчёт (CSV)" })).toBeNull();
    expect(asked).toHaveLength(count);
  });

  it("says when nothing played, and when nothing played in the period", async () => {
    renderSignedIn(
      "role-client",
      `/client-objects/${venueId}/history-broadcast?from=2026-01-01&to=2026-01-02`,
      on(historyApi.establishmentHistory, ({ reply }) => reply(venuePage(buildPlayPage([])))),
    );
    expect(await screen.findByText("За этот период эфира нет")).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "Сбросить" }));
    expect(await screen.findByText("Эфир ещё не записан")).toBeTruthy();
  });

  it("shows the server's reason when the venue is not the viewer's", async () => {
    renderSignedIn(
      "role-client",
      `/client-objects/${venueId}/history-broadcast`,
      on(historyApi.establishmentHistory, () =>
        Response.json(
          { type: "not-found", reason: "Заведение не найдено", message: "x" },
          { status: 404 },
        ),
      ),
    );
    expect(await screen.findByText("Не удалось загрузить историю эфира")).toBeTruthy();
    expect(screen.getByText("Заведение не найдено")).toBeTruthy();
  });
});
