import { subscriptionsApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";
import {
  buildSubscription,
  buildSubscriptionItem,
  buildSubscriptionsPage,
} from "../../../test/tariffs-factories.ts";

describe("the subscription base (/subscription-base)", () => {
  it("lists subscriptions, filters them by state and approval, searches and pages", async () => {
    const waiting = buildSubscription({
      clientName: "Иванова Анна Сергеевна",
      establishmentName: "Кофейня на Тверской",
      price: 1990,
      items: [buildSubscriptionItem({ name: "Джингл", approval: "pending" })],
    });
    const active = buildSubscription({
      clientName: "Петров Олег",
      establishmentName: "Бар «Луна»",
      state: "active",
      startsAt: "2025-03-01T09:00:00.000Z",
      endsAt: "2025-04-01T09:00:00.000Z",
      tariffInfo: {
        tariffId: "00000000-0000-4000-8000-00000000aa01",
        tariffName: "Про",
        tariffType: "pro",
        itemIds: [],
      },
    });
    const asked: Record<string, string>[] = [];
    const app = renderSignedIn(
      "role-client-manager",
      "/subscription-base",
      on(subscriptionsApi.listSubscriptions, ({ query, reply }) => {
        asked.push(Object.fromEntries(query));
        if (query.get("state") === "active") return reply(buildSubscriptionsPage([active]));
        if (query.get("awaitingApproval") === "true") {
          return reply(buildSubscriptionsPage([waiting]));
        }
        if (query.get("query")) return reply(buildSubscriptionsPage([]));
        const page = Number(query.get("page"));
        return reply(buildSubscriptionsPage(page === 0 ? [waiting, active] : [active], 45));
      }),
      on(subscriptionsApi.getSubscription, ({ reply }) => reply(waiting)),
    );
    const table = await screen.findByRole("table", { name: "Подписки" });
    await within(table).findByText("Кофейня на Тверской");
    const rowOf = (text: string) => within(table).getByText(text).closest("tr") as HTMLElement;
    const first = rowOf("Кофейня на Тверской");
    expect(within(first).getByText("Иванова Анна Сергеевна")).toBeTruthy();
    expect(within(first).getByText("1 990 ₽")).toBeTruthy();
    expect(within(first).getByText("Ожидает подключения")).toBeTruthy();
    expect(within(first).getByText("Ждут согласования: 1")).toBeTruthy();
    const second = rowOf("Бар «Луна»");
    expect(within(second).getByText("Про")).toBeTruthy();
    expect(within(second).getByText("Активна")).toBeTruthy();
    expect(within(second).getByText(/^с \d\d\.03\.2025 по \d\d\.04\.2025$/)).toBeTruthy();
    expect(asked[0]).toEqual({ page: "0", count: "30" });

    await userEvent.click(screen.getByRole("button", { name: "Следующая страница" }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: "1", count: "30" }));

    await userEvent.click(screen.getByRole("button", { name: "Активна" }));
    await waitFor(() => expect(within(table).queryByText("Кофейня на Тверской")).toBeNull());
    expect(asked.at(-1)).toEqual({ page: "0", count: "30", state: "active" });
    expect(app.router.state.location.search).toBe("?state=active");

    await userEvent.click(screen.getByRole("button", { name: "Все" }));
    await userEvent.click(screen.getByRole("button", { name: "Ждут согласования" }));
    await waitFor(() => expect(within(table).queryByText("Бар «Луна»")).toBeNull());
    expect(asked.at(-1)).toEqual({ page: "0", count: "30", awaitingApproval: "true" });
    expect(
      screen.getByRole("button", { name: "Ждут согласования" }).getAttribute("aria-pressed"),
    ).toBe("true");

    await userEvent.click(screen.getByRole("button", { name: "Ждут согласования" }));
    await userEvent.type(
      screen.getByRole("searchbox", { name: "Поиск подписок" }),
      "Сидоров{Enter}",
    );
    expect(await screen.findByText("Ничего не найдено")).toBeTruthy();
    expect(asked.at(-1)).toEqual({ page: "0", count: "30", query: "Сидоров" });
  });

  it("opens a subscription from its row", async () => {
    const subscription = buildSubscription();
    const app = renderSignedIn(
      "role-admin",
      "/subscription-base",
      on(subscriptionsApi.listSubscriptions, ({ reply }) =>
        reply(buildSubscriptionsPage([subscription])),
      ),
      on(subscriptionsApi.getSubscription, ({ reply }) => reply(subscription)),
    );
    await userEvent.click(
      await screen.findByRole("link", { name: "Открыть подписку объекта Кофейня на Тверской" }),
    );
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/subscription-create/${subscription.id}`),
    );
  });
});
