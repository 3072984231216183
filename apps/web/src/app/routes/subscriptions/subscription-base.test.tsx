import { accountsApi, subscriptionsApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";
import {
  buildSubscription,
  buildSubscriptionItem,
  buildSubscriptionsPage,
} from "../../../test/tariffs-factories.ts";

const CARD_ID = "00000000-0000-4000-8000-00000000ca01";
const CLIENT_ID = "00000000-0000-4000-8000-00000000c101";

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
        // The queue above the base and the menu's badge ask for their own (none wait here).
        if (query.get("order") === "oldest-first") return reply(buildSubscriptionsPage([]));
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
      on(subscriptionsApi.listSubscriptions, ({ query, reply }) =>
        reply(buildSubscriptionsPage(query.get("order") ? [] : [subscription])),
      ),
      on(subscriptionsApi.getSubscription, ({ reply }) => reply(subscription)),
    );
    await userEvent.click(
      await screen.findByRole("link", { name: "Открыть подписку заведения Кофейня на Тверской" }),
    );
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/subscription-create/${subscription.id}`),
    );
  });
});

describe("the queue of pending subscriptions (issue 28)", () => {
  it("lists what waits oldest first with client, venue, tariff, payer and price, activates from the row, and counts it on the menu", async () => {
    const oldest = buildSubscription({
      userId: CLIENT_ID,
      clientName: "Старова Вера",
      establishmentName: "Бар «Луна»",
      createdAt: "2025-03-01T09:00:00.000Z",
      organizationInfo: { organizationId: CLIENT_ID, organizationName: "ИП Старова" },
      paymentInfo: { cardId: CARD_ID, accountId: null },
      price: 990,
      periodMonths: 3,
      totalPrice: 2970,
      abilities: { activate: true, edit: true, end: true },
    });
    const withItems = buildSubscription({
      establishmentName: "Кофейня на Тверской",
      items: [buildSubscriptionItem({ name: "Джингл", approval: "pending" })],
      abilities: { approveItems: true, edit: true, end: true },
    });
    let waiting = [oldest, withItems];
    const queueAsked: Record<string, string>[] = [];
    const activated: string[] = [];
    renderSignedIn(
      "role-client-manager",
      "/subscription-base",
      on(subscriptionsApi.listSubscriptions, ({ query, reply }) => {
        if (query.get("order") !== "oldest-first") return reply(buildSubscriptionsPage([]));
        queueAsked.push(Object.fromEntries(query));
        const count = Number(query.get("count"));
        return reply(buildSubscriptionsPage(waiting.slice(0, count), waiting.length));
      }),
      on(subscriptionsApi.activateSubscription, ({ params, reply }) => {
        activated.push(params.id);
        waiting = waiting.filter((subscription) => subscription.id !== params.id);
        return reply({
          ...oldest,
          state: "active",
          abilities: { ...oldest.abilities, activate: false, suspend: true },
        });
      }),
    );

    const queue = await screen.findByRole("table", { name: "Ждут подключения" });
    await within(queue).findByText("Бар «Луна»");
    expect(screen.getByRole("heading", { name: "Ждут подключения: 2" })).toBeTruthy();
    const [first, second] = within(queue).getAllByRole("row").slice(1);
    if (!first || !second) throw new Error("the queue has fewer rows than it holds");
    // In the server's order (oldest first), with what a manager checks before activating.
    expect(within(first).getByText(/^с 01\.03\.2025 \d\d:\d\d$/)).toBeTruthy();
    expect(within(first).getByRole("link", { name: "Старова Вера" }).getAttribute("href")).toBe(
      `/client/${CLIENT_ID}`,
    );
    expect(within(first).getByText("Базовый")).toBeTruthy();
    expect(within(first).getByText("3 месяца")).toBeTruthy();
    expect(within(first).getByText("ИП Старова")).toBeTruthy();
    expect(within(first).getByText("Бизнес-карта")).toBeTruthy();
    expect(within(first).getByText("990 ₽")).toBeTruthy();
    expect(within(first).getByText("за период 2 970 ₽")).toBeTruthy();
    expect(within(second).getByText("Кофейня на Тверской")).toBeTruthy();
    expect(within(second).getByText("Расчётный счёт")).toBeTruthy();
    // Items to approve come first, on the subscription's page; no activation in the row.
    expect(within(second).queryByRole("button", { name: /Активировать/ })).toBeNull();
    expect(
      within(second)
        .getByRole("link", { name: "Согласовать позиции подписки заведения Кофейня на Тверской" })
        .getAttribute("href"),
    ).toBe(`/subscription-create/${withItems.id}`);
    expect(queueAsked).toContainEqual({
      page: "0",
      count: "30",
      state: "pending",
      order: "oldest-first",
    });
    // The menu's Подписки counts them: the queue's total, read with a page of one.
    const badge = await screen.findByRole("status", { name: "Ждут подключения: 2 подписки" });
    expect(badge.textContent).toBe("2");
    expect(queueAsked).toContainEqual({
      page: "0",
      count: "1",
      state: "pending",
      order: "oldest-first",
    });

    await userEvent.click(
      within(first).getByRole("button", { name: "Активировать подписку заведения Бар «Луна»" }),
    );
    expect(await screen.findByText("Подписка активирована")).toBeTruthy();
    expect(activated).toEqual([oldest.id]);
    await waitFor(() => expect(within(queue).queryByText("Бар «Луна»")).toBeNull());
    expect(
      await screen.findByRole("status", { name: "Ждут подключения: 1 подписка" }),
    ).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Ждут подключения: 1" })).toBeTruthy();
  });

  it("activates a waiting client's account and its subscription in one tap, the account first", async () => {
    const newcomer = buildSubscription({
      userId: CLIENT_ID,
      clientName: "Орлова Анна",
      clientState: "wait-activation",
      establishmentName: "Кофейня «Первая»",
      abilities: { activate: true, activateClient: true, edit: true, end: true },
    });
    const client = buildSubscription({
      clientName: "Старова Вера",
      establishmentName: "Бар «Луна»",
      abilities: { activate: true, edit: true, end: true },
    });
    let waiting = [newcomer, client];
    const calls: string[] = [];
    renderSignedIn(
      "role-client-manager",
      "/subscription-base",
      on(subscriptionsApi.listSubscriptions, ({ query, reply }) => {
        if (query.get("order") !== "oldest-first") return reply(buildSubscriptionsPage([]));
        return reply(buildSubscriptionsPage(waiting));
      }),
      on(accountsApi.changeRole, ({ params, body, reply }) => {
        calls.push(`role ${params.userId} ${body.newRole}`);
        return reply({ userId: params.userId, authority: [body.newRole] });
      }),
      on(subscriptionsApi.activateSubscription, ({ params, reply }) => {
        calls.push(`activate ${params.id}`);
        waiting = waiting.filter((subscription) => subscription.id !== params.id);
        return reply({ ...newcomer, state: "active", clientState: "active" });
      }),
    );
    const queue = await screen.findByRole("table", { name: "Ждут подключения" });
    await within(queue).findByText("Кофейня «Первая»");
    const [first, second] = within(queue).getAllByRole("row").slice(1);
    if (!first || !second) throw new Error("the queue has fewer rows than it holds");
    // The row says the account waits, and offers both; a client's row offers the subscription alone.
    expect(within(first).getByText("Ждёт активации")).toBeTruthy();
    expect(within(first).queryByRole("button", { name: /^Активировать подписку/ })).toBeNull();
    expect(within(second).queryByText("Ждёт активации")).toBeNull();
    expect(within(second).queryByRole("button", { name: /^Активировать клиента/ })).toBeNull();
    const both = within(first).getByRole("button", {
      name: "Активировать клиента Орлова Анна и подписку заведения Кофейня «Первая»",
    });
    expect(both.textContent).toBe("Активировать клиента и подписку");

    await userEvent.click(both);
    expect(await screen.findByText("Клиент и подписка активированы")).toBeTruthy();
    expect(calls).toEqual([`role ${CLIENT_ID} role-client`, `activate ${newcomer.id}`]);
    await waitFor(() => expect(within(queue).queryByText("Кофейня «Первая»")).toBeNull());
  });

  it("says which step failed: a refused account activates nothing, a refused subscription leaves the account activated", async () => {
    const newcomer = buildSubscription({
      userId: CLIENT_ID,
      clientName: "Орлова Анна",
      clientState: "wait-activation",
      establishmentName: "Кофейня «Первая»",
      abilities: { activate: true, activateClient: true, edit: true, end: true },
    });
    let row = newcomer;
    let accountRefused = true;
    const calls: string[] = [];
    renderSignedIn(
      "role-client-manager",
      "/subscription-base",
      on(subscriptionsApi.listSubscriptions, ({ query, reply }) =>
        reply(buildSubscriptionsPage(query.get("order") === "oldest-first" ? [row] : [])),
      ),
      on(accountsApi.changeRole, ({ params, reply }) => {
        calls.push("role");
        if (accountRefused) {
          return replyError(403, { type: "forbidden", reason: "Недостаточно прав", message: "" });
        }
        row = {
          ...newcomer,
          clientState: "active",
          abilities: { ...newcomer.abilities, activateClient: false },
        };
        return reply({ userId: params.userId, authority: ["role-client"] });
      }),
      on(subscriptionsApi.activateSubscription, () => {
        calls.push("activate");
        return replyError(409, {
          type: "conflict",
          reason: "Активировать можно только ожидающую подписку",
          message: "",
        });
      }),
    );
    const queue = await screen.findByRole("table", { name: "Ждут подключения" });
    const name = /^Активировать клиента Орлова Анна/;
    await userEvent.click(await within(queue).findByRole("button", { name }));
    expect(
      await screen.findByText("Не удалось активировать аккаунт: Недостаточно прав"),
    ).toBeTruthy();
    expect(calls).toEqual(["role"]);

    accountRefused = false;
    await userEvent.click(within(queue).getByRole("button", { name }));
    expect(
      await screen.findByText(
        "Аккаунт активирован, но подписку подключить не удалось: Активировать можно только ожидающую подписку",
      ),
    ).toBeTruthy();
    expect(calls).toEqual(["role", "role", "activate"]);
    // The queue read again: the account is a client's now, the subscription is activated alone.
    expect(
      await within(queue).findByRole("button", {
        name: "Активировать подписку заведения Кофейня «Первая»",
      }),
    ).toBeTruthy();
    expect(within(queue).queryByText("Ждёт активации")).toBeNull();
  });

  it("says when nothing waits, and shows no badge", async () => {
    renderSignedIn(
      "role-client-manager",
      "/subscription-base",
      on(subscriptionsApi.listSubscriptions, ({ reply }) => reply(buildSubscriptionsPage([]))),
    );
    expect(await screen.findByText("Новых подписок нет — все подключены.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Ждут подключения" })).toBeTruthy();
    expect(screen.queryByRole("status", { name: /Ждут подключения/ })).toBeNull();
  });
});
