import { establishmentsApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  buildEstablishment,
  buildEstablishmentPage,
  buildSubscriptionInfo,
  CLIENT_ID,
} from "../../../test/establishments-factories.ts";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

const cafe = buildEstablishment({ userId: SIGNED_IN_USER_ID });
const bar = buildEstablishment({
  userId: SIGNED_IN_USER_ID,
  name: "Бар «Полночь»",
  address: "Новосибирск, Красный проспект, 10",
  timeZone: "Asia/Novosibirsk",
  playerInfo: { players: 3, online: 2 },
  subscriptionInfo: buildSubscriptionInfo({
    tariffInfo: { ...buildSubscriptionInfo().tariffInfo, tariffName: "Про" },
  }),
  abilities: { edit: true, subscribe: false },
});

describe("the establishments list", () => {
  it("shows the client's own establishments as cards with zone, players and subscription", async () => {
    const asked: Array<{ userId: string; query: URLSearchParams }> = [];
    renderSignedIn(
      "role-client",
      "/client-objects",
      on(establishmentsApi.listEstablishments, ({ params, query, reply }) => {
        asked.push({ userId: params.userId, query });
        return reply(buildEstablishmentPage([cafe, bar]));
      }),
    );
    const list = await screen.findByRole("list", { name: "Заведения" });
    const cards = within(list).getAllByRole("listitem");
    const cafeCard = cards.find((card) => within(card).queryByText(cafe.name));
    const barCard = cards.find((card) => within(card).queryByText(bar.name));
    if (!cafeCard || !barCard) throw new Error("a card is missing");

    expect(within(cafeCard).getByText(cafe.address)).toBeTruthy();
    expect(within(cafeCard).getByText(/Москва \(UTC\+3\)/)).toBeTruthy();
    expect(within(cafeCard).getByText(/сейчас \d\d:\d\d/)).toBeTruthy();
    expect(within(cafeCard).getByText("Плееры пока не подключены")).toBeTruthy();
    expect(within(cafeCard).getByText("Нет подписки")).toBeTruthy();
    expect(
      within(cafeCard).getByRole("link", { name: "Подключить тариф" }).getAttribute("href"),
    ).toBe(`/subscribe?establishmentId=${cafe.id}`);
    expect(within(cafeCard).getByRole("link", { name: cafe.name }).getAttribute("href")).toBe(
      `/client-objects/${cafe.id}`,
    );

    expect(within(barCard).getByText(/Новосибирск \(UTC\+7\)/)).toBeTruthy();
    expect(within(barCard).getByText("3 плеера, 2 в сети")).toBeTruthy();
    expect(within(barCard).getByText("Про")).toBeTruthy();
    expect(within(barCard).getByText("Активна")).toBeTruthy();
    expect(within(barCard).getByText("1 490 ₽ в месяц")).toBeTruthy();
    expect(within(barCard).queryByRole("link", { name: "Подключить тариф" })).toBeNull();

    expect(asked[0]?.userId).toBe(SIGNED_IN_USER_ID);
    expect(asked[0]?.query.get("page")).toBe("0");
  });

  it("searches by name or address and says when nothing is found", async () => {
    const queries: Array<string | null> = [];
    const app = renderSignedIn(
      "role-client",
      "/client-objects",
      on(establishmentsApi.listEstablishments, ({ query, reply }) => {
        const text = query.get("query");
        queries.push(text);
        if (!text) return reply(buildEstablishmentPage([cafe, bar]));
        const found = [cafe, bar].filter((venue) =>
          `${venue.name} ${venue.address}`.toLowerCase().includes(text.toLowerCase()),
        );
        return reply(buildEstablishmentPage(found));
      }),
    );
    expect(await screen.findByText(bar.name)).toBeTruthy();
    const search = screen.getByRole("searchbox", { name: "Поиск заведений" });
    await userEvent.type(search, "Красный");
    await waitFor(() => expect(screen.queryByText(cafe.name)).toBeNull());
    expect(screen.getByText(bar.name)).toBeTruthy();
    expect(app.router.state.location.search).toBe(`?query=${encodeURIComponent("Красный")}`);

    await userEvent.clear(search);
    await userEvent.type(search, "Луна{Enter}");
    expect(await screen.findByText("Ничего не найдено")).toBeTruthy();
    expect(queries).toContain("Красный");
    expect(queries.at(-1)).toBe("Луна");
  });

  it("offers to add the first establishment when there is none", async () => {
    renderSignedIn(
      "role-client",
      "/client-objects",
      on(establishmentsApi.listEstablishments, ({ reply }) => reply(buildEstablishmentPage([]))),
    );
    expect(await screen.findByText("Пока нет заведений")).toBeTruthy();
    const adds = screen.getAllByRole("link", { name: "Добавить заведение" });
    expect(adds.map((link) => link.getAttribute("href"))).toEqual([
      "/add-client-objects",
      "/add-client-objects",
    ]);
  });

  it("pages through a long list", async () => {
    const pages: string[] = [];
    const second = buildEstablishment({ userId: SIGNED_IN_USER_ID, name: "Пекарня №31" });
    const app = renderSignedIn(
      "role-client",
      "/client-objects",
      on(establishmentsApi.listEstablishments, ({ query, reply }) => {
        const page = query.get("page") ?? "0";
        pages.push(page);
        return reply(
          buildEstablishmentPage(page === "0" ? [cafe] : [second], { total: 31, totalPages: 2 }),
        );
      }),
    );
    expect(await screen.findByText("Страница 1 из 2")).toBeTruthy();
    expect(screen.getByText("Всего заведений: 31")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Следующая страница" }));
    expect(await screen.findByText(second.name)).toBeTruthy();
    expect(pages).toEqual(["0", "1"]);
    expect(app.router.state.location.search).toBe("?page=2");
  });

  it("lets staff read a client's establishments through ?clientId=", async () => {
    const clients: string[] = [];
    const theirs = buildEstablishment({ abilities: { edit: false, subscribe: false } });
    renderSignedIn(
      "role-support",
      `/client-objects?clientId=${CLIENT_ID}`,
      on(establishmentsApi.listEstablishments, ({ params, reply }) => {
        clients.push(params.userId);
        return reply(buildEstablishmentPage([theirs]));
      }),
    );
    const link = await screen.findByRole("link", { name: theirs.name });
    expect(link.getAttribute("href")).toBe(`/client-objects/${theirs.id}/${CLIENT_ID}`);
    expect(screen.queryByRole("link", { name: "Подключить тариф" })).toBeNull();
    expect(clients).toEqual([CLIENT_ID]);
  });
});
