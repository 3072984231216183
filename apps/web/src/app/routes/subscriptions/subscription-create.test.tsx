import {
  accountsApi,
  organizationsApi,
  type Subscription,
  subscriptionsApi,
  tariffsApi,
} from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildProfile, buildUsersPage } from "../../../test/factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";
import {
  buildOrganization,
  buildSubscription,
  buildSubscriptionItem,
  buildTariff,
  buildTariffFeature,
  buildTariffItem,
} from "../../../test/tariffs-factories.ts";

const CLIENT_ID = "00000000-0000-4000-8000-0000000000c7";

function scenario() {
  const music = buildTariffItem({ name: "Свой плейлист", price: 500 });
  const jingle = buildTariffItem({ name: "Джингл", price: 3000, approvalRequired: true });
  const tariff = buildTariff({
    features: [
      buildTariffFeature({ name: "Музыка", items: [music] }),
      buildTariffFeature({ name: "Озвучка", recurrent: false, items: [jingle] }),
    ],
  });
  const organization = buildOrganization({ userId: CLIENT_ID });
  const accountId = organization.accounts[0]?.id ?? null;
  const subscription = buildSubscription({
    userId: CLIENT_ID,
    price: 1990,
    oneTimePrice: 3000,
    totalPrice: 4990,
    tariffInfo: {
      tariffId: tariff.id,
      tariffName: tariff.name,
      tariffType: tariff.type,
      itemIds: [music.id, jingle.id],
    },
    organizationInfo: { organizationId: organization.id, organizationName: organization.company },
    paymentInfo: { cardId: null, accountId },
    items: [
      buildSubscriptionItem({ itemId: music.id, name: "Свой плейлист", price: 500 }),
      buildSubscriptionItem({
        itemId: jingle.id,
        featureName: "Озвучка",
        name: "Джингл",
        price: 3000,
        recurrent: false,
        approval: "pending",
      }),
    ],
    abilities: { edit: true, approveItems: true, end: true },
  });
  return { tariff, music, jingle, organization, subscription };
}

describe("one subscription (/subscription-create/{id})", () => {
  it("lets a client manager approve an item, then activate and suspend the subscription", async () => {
    const { tariff, organization, subscription, jingle } = scenario();
    let current: Subscription = subscription;
    const moved: string[] = [];
    const answer = (next: Subscription) => {
      current = next;
      return next;
    };
    renderSignedIn(
      "role-client-manager",
      `/subscription-create/${subscription.id}`,
      on(subscriptionsApi.getSubscription, ({ reply }) => reply(current)),
      on(tariffsApi.listActiveTariffs, ({ reply }) => reply({ data: [tariff] })),
      on(tariffsApi.getTariff, ({ reply }) => reply(tariff)),
      on(organizationsApi.listOrganizations, ({ reply }) => reply({ data: [organization] })),
      on(subscriptionsApi.decideSubscriptionItem, ({ params, body, reply }) => {
        expect(params).toEqual({ id: subscription.id, itemId: jingle.id });
        expect(body).toEqual({ approval: "approved" });
        return reply(
          answer({
            ...current,
            items: current.items.map((item) =>
              item.itemId === jingle.id ? { ...item, approval: "approved" } : item,
            ),
            abilities: { ...current.abilities, activate: true },
          }),
        );
      }),
      on(subscriptionsApi.activateSubscription, ({ reply }) => {
        moved.push("activate");
        return reply(
          answer({
            ...current,
            state: "active",
            startsAt: "2025-03-01T09:00:00.000Z",
            endsAt: "2025-04-01T09:00:00.000Z",
            abilities: { ...current.abilities, activate: false, suspend: true },
          }),
        );
      }),
      on(subscriptionsApi.suspendSubscription, ({ reply }) => {
        moved.push("suspend");
        return reply(
          answer({
            ...current,
            state: "suspended",
            abilities: { ...current.abilities, suspend: false, resume: true },
          }),
        );
      }),
    );
    expect(
      await screen.findByRole("heading", { name: "Подписка: Кофейня на Тверской", level: 1 }),
    ).toBeTruthy();
    expect(screen.getByText("4 990 ₽")).toBeTruthy();
    // An item waits: the subscription cannot be activated yet.
    expect(screen.queryByRole("button", { name: "Активировать" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Приостановить" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Согласовать «Свой плейлист»" })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Согласовать «Джингл»" }));
    expect(await screen.findByText("Позиция согласована")).toBeTruthy();
    expect(screen.getByText("Согласовано")).toBeTruthy();

    await userEvent.click(await screen.findByRole("button", { name: "Активировать" }));
    expect(await screen.findByText("Подписка активирована")).toBeTruthy();
    expect(screen.getAllByText("Активна").length).toBeGreaterThan(0);

    await userEvent.click(await screen.findByRole("button", { name: "Приостановить" }));
    expect(await screen.findByText("Подписка приостановлена")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Возобновить" })).toBeTruthy();
    expect(moved).toEqual(["activate", "suspend"]);
  });

  it("changes the subscription's period and items, and shows the server's refusal", async () => {
    const { tariff, organization, subscription, music } = scenario();
    const sent: unknown[] = [];
    renderSignedIn(
      "role-admin",
      `/subscription-create/${subscription.id}`,
      on(subscriptionsApi.getSubscription, ({ reply }) => reply(subscription)),
      on(tariffsApi.listActiveTariffs, ({ reply }) => reply({ data: [] })),
      on(tariffsApi.getTariff, ({ reply }) => reply({ ...tariff, active: false })),
      on(organizationsApi.listOrganizations, ({ reply }) => reply({ data: [organization] })),
      on(subscriptionsApi.changeSubscription, ({ body }) => {
        sent.push(body);
        return replyError(409, {
          type: "conflict",
          reason: "Этот тариф больше не предлагается",
          message: "inactive",
        });
      }),
    );
    const form = await screen.findByRole("form", { name: "Подписка" });
    await userEvent.click(within(form).getByRole("checkbox", { name: /Джингл/ }));
    await userEvent.selectOptions(within(form).getByLabelText("Период"), "6");
    // (1490 + 500) × 6.
    expect(within(form).getByText("11 940 ₽")).toBeTruthy();
    await userEvent.click(within(form).getByRole("button", { name: "Сохранить изменения" }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          tariffId: tariff.id,
          itemIds: [music.id],
          organizationId: organization.id,
          paymentMethodId: organization.accounts[0]?.id,
          periodMonths: 6,
        },
      ]),
    );
    expect((await within(form).findByRole("alert")).textContent).toBe(
      "Этот тариф больше не предлагается",
    );
  });

  it("shows only what the subscription allows: nothing to do with an ended one", async () => {
    const { subscription } = scenario();
    renderSignedIn(
      "role-client-manager",
      `/subscription-create/${subscription.id}`,
      on(subscriptionsApi.getSubscription, ({ reply }) =>
        reply({
          ...subscription,
          state: "ended",
          abilities: {
            edit: false,
            approveItems: false,
            activate: false,
            suspend: false,
            resume: false,
            end: false,
            activateClient: false,
          },
        }),
      ),
    );
    expect(await screen.findByText("Завершена")).toBeTruthy();
    expect(screen.getByText("Ждёт согласования")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Согласовать|Отклонить|Завершить/ })).toBeNull();
    expect(screen.queryByRole("form", { name: "Подписка" })).toBeNull();
  });

  it("ends a subscription after asking", async () => {
    const { subscription } = scenario();
    let current: Subscription = subscription;
    renderSignedIn(
      "role-client-manager",
      `/subscription-create/${subscription.id}`,
      on(subscriptionsApi.getSubscription, ({ reply }) => reply(current)),
      on(subscriptionsApi.endSubscription, ({ reply }) => {
        current = {
          ...current,
          state: "ended",
          abilities: { ...current.abilities, edit: false, approveItems: false, end: false },
        };
        return reply(current);
      }),
      on(tariffsApi.listActiveTariffs, ({ reply }) => reply({ data: [] })),
      on(tariffsApi.getTariff, () =>
        replyError(404, { type: "not-found", reason: "Тариф не найден", message: "gone" }),
      ),
      on(organizationsApi.listOrganizations, ({ reply }) => reply({ data: [] })),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Завершить" }));
    await userEvent.click(await screen.findByRole("button", { name: "Завершить подписку" }));
    expect(await screen.findByText("Подписка завершена")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Завершить" })).toBeNull());
  });
});

describe("a new subscription (/subscription-create)", () => {
  it("finds a client and a tariff and continues on the tariff's page for that client", async () => {
    const tariff = buildTariff({ name: "Про" });
    const client = buildProfile({ userId: CLIENT_ID, lastName: "Петров", firstName: "Олег" });
    const staff = buildProfile({
      userId: "00000000-0000-4000-8000-0000000000d1",
      lastName: "Петрова",
      firstName: "Мария",
      role: "role-support",
      authority: ["role-support"],
    });
    const app = renderSignedIn(
      "role-client-manager",
      "/subscription-create",
      on(accountsApi.listUsers, ({ query, reply }) =>
        reply(buildUsersPage(query.get("query") === "Петров" ? [client, staff] : [])),
      ),
      on(tariffsApi.listActiveTariffs, ({ reply }) => reply({ data: [tariff] })),
      on(tariffsApi.getTariff, ({ reply }) => reply(tariff)),
    );
    await userEvent.type(await screen.findByLabelText("Поиск клиента"), "Петров");
    const clientSelect = screen.getByLabelText("Клиент");
    await within(clientSelect).findByText("Петров Олег");
    expect(within(clientSelect).queryByText("Петрова Мария")).toBeNull();
    await userEvent.selectOptions(clientSelect, CLIENT_ID);
    await userEvent.selectOptions(screen.getByLabelText("Тариф"), tariff.id);
    await userEvent.click(screen.getByRole("link", { name: "Продолжить" }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/detail-tariff/${tariff.id}/${CLIENT_ID}`),
    );
  });
});
