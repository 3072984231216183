import { playersApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CLIENT_ID } from "../../../test/establishments-factories.ts";
import { buildPlayerRequest, buildStaffPlayer, onePage } from "../../../test/players-factories.ts";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";

describe("the players base", () => {
  it("lists every player with client and venue, 30 a page, searching as one types", async () => {
    const bar = buildStaffPlayer({
      name: "Бокс у стойки",
      type: "boxPlayer",
      serialBoxNumber: "FB-7",
      clientName: "Анна Смирнова",
      establishmentName: "Бар на Садовой",
    });
    const hall = buildStaffPlayer({ name: "Зал у окна", clientName: "Иван Петров" });
    const asked: Record<string, string>[] = [];
    renderSignedIn(
      "role-admin",
      "/players-base",
      on(playersApi.listAllPlayers, ({ query, reply }) => {
        asked.push(Object.fromEntries(query));
        if (query.get("query") === "Смирнова") return reply(onePage([bar]));
        if (query.get("page") === "1") {
          return reply({ data: [hall], total: 31, totalPages: 2 });
        }
        return reply({ data: [bar, hall], total: 31, totalPages: 2 });
      }),
      on(playersApi.listPlayerRequests, ({ reply }) => reply(onePage([]))),
    );
    const table = await screen.findByRole("table", { name: "Плееры" });
    expect(await within(table).findByText("Анна Смирнова")).toBeTruthy();
    expect(within(table).getByText("№ FB-7")).toBeTruthy();
    expect(within(table).getByRole("link", { name: "Бокс у стойки" }).getAttribute("href")).toBe(
      `/role-admin-player/${bar.id}`,
    );
    expect(within(table).getByRole("link", { name: "Бар на Садовой" }).getAttribute("href")).toBe(
      `/client-objects/${bar.establishmentId}/${bar.userId}`,
    );
    expect(asked[0]).toEqual({ page: "0", count: "30", sortBy: "createdAt" });

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Следующая страница" }));
    await waitFor(() => expect(within(table).queryByText("Анна Смирнова")).toBeNull());
    expect(asked.at(-1)).toEqual({ page: "1", count: "30", sortBy: "createdAt" });

    await user.type(screen.getByRole("searchbox", { name: "Поиск плееров" }), "Смирнова");
    await waitFor(() => expect(within(table).queryByText("Иван Петров")).toBeNull());
    expect(within(table).getByText("Анна Смирнова")).toBeTruthy();
    expect(asked.at(-1)).toEqual({
      page: "0",
      count: "30",
      sortBy: "createdAt",
      query: "Смирнова",
    });
  });

  it("says when the search finds nothing, and leads support to the shared player page", async () => {
    const hall = buildStaffPlayer({ name: "Зал у окна" });
    renderSignedIn(
      "role-support",
      "/players-base?query=нет-такого",
      on(playersApi.listAllPlayers, ({ query, reply }) =>
        reply(onePage(query.get("query") ? [] : [hall])),
      ),
      on(playersApi.listPlayerRequests, ({ reply }) => reply(onePage([]))),
    );
    expect(await screen.findByText("Ничего не найдено")).toBeTruthy();
    expect(screen.getByText("Заявок пока нет")).toBeTruthy();
    const user = userEvent.setup();
    await user.clear(screen.getByRole("searchbox", { name: "Поиск плееров" }));
    const link = await screen.findByRole("link", { name: "Зал у окна" });
    expect(link.getAttribute("href")).toBe(`/player/${hall.id}`);
  });

  it("shows the clients' purchase and leave requests with the buyer's details", async () => {
    renderSignedIn(
      "role-client-manager",
      "/players-base",
      on(playersApi.listAllPlayers, ({ reply }) => reply(onePage([]))),
      on(playersApi.listPlayerRequests, ({ reply }) =>
        reply(
          onePage([
            buildPlayerRequest({ comment: "Нужен к пятнице" }),
            buildPlayerRequest({
              kind: "leave",
              userId: CLIENT_ID,
              playerId: null,
              playerName: "Терраса",
              name: null,
              phone: null,
              email: null,
              company: null,
              quantity: null,
              address: "Москва, ул. Лесная, 5",
            }),
          ]),
        ),
      ),
    );
    expect(await screen.findByText("Плееров пока нет")).toBeTruthy();
    const requests = await screen.findByRole("table", { name: "Заявки по плеерам" });
    expect(await within(requests).findByText("Покупка бокс-плеера, 2 шт.")).toBeTruthy();
    expect(within(requests).getByText("+7 (900) 123-45-67")).toBeTruthy();
    expect(within(requests).getByText("ivan@example.ru")).toBeTruthy();
    expect(within(requests).getByText("Нужен к пятнице")).toBeTruthy();
    expect(within(requests).getByText("Отключение плеера «Терраса»")).toBeTruthy();
  });
});
