import { establishmentsApi, organizationsApi, subscriptionsApi, tariffsApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";
import {
  buildEstablishment,
  buildEstablishmentsPage,
  buildOrganization,
  buildSubscription,
  buildTariff,
  buildTariffFeature,
  buildTariffItem,
} from "../../../test/tariffs-factories.ts";

/** A titled card of the page (Section has no landmark name of its own). */
function sectionTitled(title: string): HTMLElement {
  const section = screen.getByRole("heading", { name: title }).closest("section");
  if (!section) throw new Error(`No section titled ${title}`);
  return section;
}

const CLIENT_ID = "00000000-0000-4000-8000-0000000000c7";

function scenario() {
  const playlistItem = buildTariffItem({ name: "Свой плейлист", price: 500 });
  const jingleItem = buildTariffItem({
    name: "Джингл с названием заведения",
    price: 3000,
    approvalRequired: true,
  });
  const tariff = buildTariff({
    name: "Базовый",
    price: 1490,
    basePrice: 1990,
    features: [
      buildTariffFeature({ name: "Музыка", recurrent: true, items: [playlistItem] }),
      buildTariffFeature({ name: "Озвучка", recurrent: false, items: [jingleItem] }),
    ],
    playlists: [{ id: "00000000-0000-4000-8000-00000000f001", name: "Утренний джаз" }],
  });
  const free = buildEstablishment({ name: "Кофейня на Тверской" });
  const second = buildEstablishment({ name: "Бар «Луна»", address: "Москва, Арбат, 5" });
  const subscribed = buildEstablishment({
    name: "Пекарня",
    abilities: { edit: true, subscribe: false },
  });
  const organization = buildOrganization();
  return { tariff, playlistItem, jingleItem, free, second, subscribed, organization };
}

describe("a tariff's detail page (/detail-tariff)", () => {
  it("subscribes the client's establishment with chosen items, then opens the establishment", async () => {
    const { tariff, playlistItem, jingleItem, free, second, subscribed, organization } = scenario();
    const sent: unknown[] = [];
    const app = renderSignedIn(
      "role-client",
      `/detail-tariff/${tariff.id}?establishmentId=${second.id}`,
      on(tariffsApi.getTariff, ({ reply }) => reply(tariff)),
      on(establishmentsApi.listEstablishments, ({ params, reply }) => {
        expect(params.userId).toBe(SIGNED_IN_USER_ID);
        return reply(buildEstablishmentsPage([free, second, subscribed]));
      }),
      on(organizationsApi.listOrganizations, ({ reply }) => reply({ data: [organization] })),
      on(subscriptionsApi.addSubscription, ({ params, body, reply }) => {
        sent.push({ userId: params.userId, ...body });
        return reply(buildSubscription({ establishmentId: body.establishmentId }));
      }),
      on(establishmentsApi.getEstablishment, ({ reply }) => reply(second)),
    );

    expect(await screen.findByRole("heading", { name: "Базовый", level: 1 })).toBeTruthy();
    const contents = sectionTitled("Состав тарифа");
    expect(within(contents).getByText("Свой плейлист")).toBeTruthy();
    expect(within(contents).getByText("требует согласования менеджером")).toBeTruthy();
    expect(within(contents).getByText("Утренний джаз")).toBeTruthy();

    const establishment = (await screen.findByLabelText("Объект")) as HTMLSelectElement;
    // Preselected from the address; an establishment with a subscription is not offered.
    expect(establishment.value).toBe(second.id);
    expect(within(establishment).queryByText(/Пекарня/)).toBeNull();
    expect((screen.getByLabelText("Организация") as HTMLSelectElement).value).toBe(organization.id);

    const total = screen.getByText(/Итого за/).closest("dl") as HTMLElement;
    // A month of the tariff alone: monthly and total alike.
    expect(within(total).getAllByText("1 490 ₽")).toHaveLength(2);
    await userEvent.click(screen.getByRole("checkbox", { name: /Свой плейлист/ }));
    await userEvent.click(screen.getByRole("checkbox", { name: /Джингл/ }));
    await userEvent.selectOptions(screen.getByLabelText("Период"), "3");
    // (1490 + 500) × 3 + 3000 one-time.
    expect(within(total).getByText("1 990 ₽")).toBeTruthy();
    expect(within(total).getByText("3 000 ₽")).toBeTruthy();
    expect(within(total).getByText("8 970 ₽")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Подписаться" }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          userId: SIGNED_IN_USER_ID,
          establishmentId: second.id,
          tariffId: tariff.id,
          itemIds: [playlistItem.id, jingleItem.id],
          organizationId: organization.id,
          paymentMethodId: organization.accounts[0]?.id,
          periodMonths: 3,
        },
      ]),
    );
    expect(
      await screen.findByText("Подписка оформлена и ждёт подключения клиентским менеджером"),
    ).toBeTruthy();
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/client-objects/${second.id}`),
    );
  });

  it("asks for an establishment and shows the server's refusal", async () => {
    const { tariff, free, second, organization } = scenario();
    renderSignedIn(
      "role-client",
      `/detail-tariff/${tariff.id}`,
      on(tariffsApi.getTariff, ({ reply }) => reply(tariff)),
      on(establishmentsApi.listEstablishments, ({ reply }) =>
        reply(buildEstablishmentsPage([free, second])),
      ),
      on(organizationsApi.listOrganizations, ({ reply }) => reply({ data: [organization] })),
      on(subscriptionsApi.addSubscription, () =>
        replyError(409, {
          type: "conflict",
          reason: "У заведения уже есть подписка",
          message: "taken",
        }),
      ),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Подписаться" }));
    expect(
      await screen.findByText("Выберите объект", { selector: ".field__message" }),
    ).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText("Объект"), free.id);
    await userEvent.click(screen.getByRole("button", { name: "Подписаться" }));
    expect((await screen.findByRole("alert")).textContent).toBe("У заведения уже есть подписка");
  });

  it("sends a client with no organization to add one", async () => {
    const { tariff, free } = scenario();
    const app = renderSignedIn(
      "role-client",
      `/detail-tariff/${tariff.id}`,
      on(tariffsApi.getTariff, ({ reply }) => reply(tariff)),
      on(establishmentsApi.listEstablishments, ({ reply }) =>
        reply(buildEstablishmentsPage([free])),
      ),
      on(organizationsApi.listOrganizations, ({ reply }) => reply({ data: [] })),
    );
    await userEvent.click(await screen.findByRole("link", { name: "Добавить организацию" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/profile/add-company"));
  });

  it("lets a client manager subscribe a client, then opens the client's page", async () => {
    const { tariff, free, organization } = scenario();
    const card = {
      id: "00000000-0000-4000-8000-00000000ca01",
      maskedNumber: "4276 •••• •••• 1234",
      lastFour: "1234",
      holder: null,
    };
    const withCard = buildOrganization({ userId: CLIENT_ID, accounts: [], cards: [card] });
    const sent: unknown[] = [];
    const app = renderSignedIn(
      "role-client-manager",
      `/detail-tariff/${tariff.id}/${CLIENT_ID}`,
      on(tariffsApi.getTariff, ({ reply }) => reply(tariff)),
      on(establishmentsApi.listEstablishments, ({ params, reply }) => {
        expect(params.userId).toBe(CLIENT_ID);
        return reply(buildEstablishmentsPage([{ ...free, userId: CLIENT_ID }]));
      }),
      on(organizationsApi.listOrganizations, ({ params, reply }) => {
        expect(params.userId).toBe(CLIENT_ID);
        return reply({ data: [{ ...organization, accounts: [], cards: [] }, withCard] });
      }),
      on(subscriptionsApi.addSubscription, ({ params, body, reply }) => {
        sent.push({ userId: params.userId, paymentMethodId: body.paymentMethodId });
        return reply(buildSubscription({ userId: CLIENT_ID }));
      }),
    );
    // The only establishment is chosen; the first organization that can pay is too.
    expect(((await screen.findByLabelText("Объект")) as HTMLSelectElement).value).toBe(free.id);
    expect((screen.getByLabelText("Способ оплаты") as HTMLSelectElement).value).toBe(card.id);
    await userEvent.selectOptions(screen.getByLabelText("Организация"), organization.id);
    expect(screen.getByText("У этой организации нет расчётного счёта или карты.")).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText("Организация"), withCard.id);
    await userEvent.click(screen.getByRole("button", { name: "Подписаться" }));
    await waitFor(() => expect(sent).toEqual([{ userId: CLIENT_ID, paymentMethodId: card.id }]));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/client/${CLIENT_ID}`));
  });
});
