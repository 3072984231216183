import { subscriptionsApi, tariffsApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";
import {
  buildSubscription,
  buildSubscriptionItem,
  buildTariff,
} from "../../../test/tariffs-factories.ts";

describe("the tariffs on offer (/subscribe)", () => {
  it("shows each tariff as a card leading to its detail page, keeping the establishment", async () => {
    const lite = buildTariff({
      type: "lite",
      name: "Лайт",
      description: "Для небольших залов",
      price: 990,
      basePrice: 990,
      benefits: ["Без рекламы"],
    });
    const pro = buildTariff({ type: "pro", name: "Про", price: 4990, basePrice: 5990 });
    const app = renderSignedIn(
      "role-client",
      "/subscribe?establishmentId=00000000-0000-4000-8000-00000000e111",
      on(tariffsApi.listActiveTariffs, ({ reply }) => reply({ data: [lite, pro] })),
      on(subscriptionsApi.listUserSubscriptions, ({ reply }) => reply({ data: [] })),
    );
    expect(await screen.findByRole("heading", { name: "Лайт" })).toBeTruthy();
    expect(screen.getByText("Для небольших залов")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Тариф Старт" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Тариф Профи" })).toBeTruthy();
    expect(screen.getByText("Без рекламы")).toBeTruthy();
    // Only a base price above the price is struck through.
    expect(screen.getByText("5 990 ₽").tagName).toBe("S");
    expect(screen.queryAllByText("990 ₽").every((node) => node.tagName !== "S")).toBe(true);

    await userEvent.click(screen.getByRole("link", { name: "Подробнее о тарифе Про" }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/detail-tariff/${pro.id}`),
    );
    expect(app.router.state.location.search).toBe(
      "?establishmentId=00000000-0000-4000-8000-00000000e111",
    );
  });

  it("lists the client's own subscriptions and cancels a pending one", async () => {
    const pending = buildSubscription({
      establishmentName: "Бар «Луна»",
      abilities: { end: true, edit: true },
    });
    let ended = false;
    renderSignedIn(
      "role-client",
      "/subscribe",
      on(tariffsApi.listActiveTariffs, ({ reply }) => reply({ data: [] })),
      on(subscriptionsApi.listUserSubscriptions, ({ reply }) =>
        reply({ data: [ended ? { ...pending, state: "ended" } : pending] }),
      ),
      on(subscriptionsApi.endSubscription, ({ params, reply }) => {
        expect(params.id).toBe(pending.id);
        ended = true;
        return reply({
          ...pending,
          state: "ended",
          abilities: { ...pending.abilities, end: false },
        });
      }),
    );
    expect(await screen.findByText("Тарифов пока нет")).toBeTruthy();
    const section = await screen.findByRole("region", { name: "Ваши подписки" });
    expect(within(section).getByText("Бар «Луна»")).toBeTruthy();
    expect(within(section).getByText("Ожидает подключения")).toBeTruthy();
    await userEvent.click(within(section).getByRole("button", { name: "Отменить" }));
    await userEvent.click(screen.getByRole("button", { name: "Отменить подписку" }));
    expect(await screen.findByText("Подписка отменена")).toBeTruthy();
    expect(await within(section).findByText("Завершена")).toBeTruthy();
  });

  it("says in words what each state means: what comes next and when", async () => {
    const waiting = buildSubscription({
      establishmentName: "Бар «Луна»",
      items: [
        buildSubscriptionItem({ name: "Голосовые объявления", approval: "pending" }),
        buildSubscriptionItem({ name: "Второй плеер", approval: "not-required" }),
      ],
    });
    const active = buildSubscription({
      establishmentName: "Кофейня",
      state: "active",
      startsAt: "2025-03-01T09:00:00.000Z",
      endsAt: "2025-06-01T09:00:00.000Z",
    });
    renderSignedIn(
      "role-client",
      "/subscribe",
      on(tariffsApi.listActiveTariffs, ({ reply }) => reply({ data: [] })),
      on(subscriptionsApi.listUserSubscriptions, ({ reply }) => reply({ data: [waiting, active] })),
    );
    const section = await screen.findByRole("region", { name: "Ваши подписки" });
    const [pendingRow, activeRow] = within(section).getAllByRole("listitem");
    expect(pendingRow?.textContent).toContain(
      "Что дальше: клиентский менеджер проверит подписку и подключит её. Период подписки начнётся в день подключения, не раньше.",
    );
    expect(pendingRow?.textContent).toContain(
      "Позицию «Голосовые объявления» менеджер сначала согласует.",
    );
    expect(pendingRow?.textContent).not.toContain("Второй плеер");
    expect(activeRow?.textContent).toContain("Подключена и действует по 01.06.2025 включительно.");
  });

  it("says so when the tariffs do not load", async () => {
    renderSignedIn(
      "role-client",
      "/subscribe",
      on(tariffsApi.listActiveTariffs, () =>
        replyError(403, { type: "forbidden", reason: "Недостаточно прав", message: "no" }),
      ),
      on(subscriptionsApi.listUserSubscriptions, ({ reply }) => reply({ data: [] })),
    );
    expect(await screen.findByText("Не удалось загрузить тарифы")).toBeTruthy();
    expect(screen.getByText("Недостаточно прав")).toBeTruthy();
  });
});
