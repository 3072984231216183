import {
  type Establishment,
  establishmentsApi,
  type Organization,
  organizationsApi,
  subscriptionsApi,
  type Tariff,
  tariffsApi,
} from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ADDED_CARD_ID, organizationsServer } from "../../../test/organizations-server.ts";
import { LEGAL_REQUISITES } from "../../../test/profile-factories.ts";
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
  it("sends staff without a chosen client to choose one, and reads no one's venues", async () => {
    const { tariff } = scenario();
    const asked: string[] = [];
    const app = renderSignedIn(
      "role-admin",
      `/detail-tariff/${tariff.id}`,
      on(tariffsApi.getTariff, ({ reply }) => reply(tariff)),
      on(establishmentsApi.listEstablishments, ({ params, reply }) => {
        asked.push(params.userId);
        return reply(buildEstablishmentsPage([]));
      }),
    );
    expect(await screen.findByText("Выберите клиента")).toBeTruthy();
    await userEvent.click(
      screen.getByRole("link", { name: "найдите клиента и выберите этот тариф" }),
    );
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/subscription-create"));
    expect(asked).toEqual([]);
  });

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

    const establishment = (await screen.findByLabelText("Заведение")) as HTMLSelectElement;
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
      await screen.findByText("Выберите заведение", { selector: ".field__message" }),
    ).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText("Заведение"), free.id);
    await userEvent.click(screen.getByRole("button", { name: "Подписаться" }));
    expect((await screen.findByRole("alert")).textContent).toBe("У заведения уже есть подписка");
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
    expect(((await screen.findByLabelText("Заведение")) as HTMLSelectElement).value).toBe(free.id);
    expect((screen.getByLabelText("Способ оплаты") as HTMLSelectElement).value).toBe(card.id);
    await userEvent.selectOptions(screen.getByLabelText("Организация"), organization.id);
    expect(screen.getByText("У этой организации нет расчётного счёта или карты.")).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText("Организация"), withCard.id);
    await userEvent.click(screen.getByRole("button", { name: "Подписаться" }));
    await waitFor(() => expect(sent).toEqual([{ userId: CLIENT_ID, paymentMethodId: card.id }]));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/client/${CLIENT_ID}`));
  });
});

const CARD_ID = ADDED_CARD_ID;

function selectValue(label: string): string {
  return (screen.getByLabelText(label) as HTMLSelectElement).value;
}

/**
 * A client on a tariff's page with one venue and these payers, subscribing:
 * the payer server's calls and the subscriptions sent.
 */
function renderSubscribing(tariff: Tariff, venue: Establishment, payers: Organization[]) {
  const { backend, routes } = organizationsServer(payers);
  const sent: unknown[] = [];
  renderSignedIn(
    "role-client",
    `/detail-tariff/${tariff.id}`,
    on(tariffsApi.getTariff, ({ reply }) => reply(tariff)),
    on(establishmentsApi.listEstablishments, ({ reply }) =>
      reply(buildEstablishmentsPage([venue])),
    ),
    ...routes,
    on(subscriptionsApi.addSubscription, ({ body, reply }) => {
      sent.push(body);
      return reply(buildSubscription({ establishmentId: body.establishmentId }));
    }),
    on(establishmentsApi.getEstablishment, ({ reply }) => reply(venue)),
  );
  return { backend, sent };
}

describe("subscribing without a payment method (/detail-tariff)", () => {
  it("opens the payer dialog on 'Подписаться' and, with the card added there, subscribes with every choice kept", async () => {
    const user = userEvent.setup();
    const { tariff, playlistItem, free, second } = scenario();
    const includedItem = buildTariffItem({ name: "Фоновая музыка каталога", price: 0 });
    const withIncluded = {
      ...tariff,
      features: [
        buildTariffFeature({ name: "Основа", recurrent: true, items: [includedItem] }),
        ...tariff.features,
      ],
    };
    const payer = buildOrganization({ company: "ИП Петров", accounts: [], cards: [] });
    const other = buildOrganization({ company: "ООО «Лютик»", primary: false, accounts: [] });
    // The profile's own organization is listed second: it is chosen for being the client's own.
    const { backend, routes } = organizationsServer([other, payer]);
    const sent: unknown[] = [];
    const app = renderSignedIn(
      "role-client",
      `/detail-tariff/${tariff.id}?establishmentId=${second.id}`,
      on(tariffsApi.getTariff, ({ reply }) => reply(withIncluded)),
      on(establishmentsApi.listEstablishments, ({ reply }) =>
        reply(buildEstablishmentsPage([free, second])),
      ),
      ...routes,
      on(subscriptionsApi.addSubscription, ({ body, reply }) => {
        sent.push(body);
        return reply(buildSubscription({ establishmentId: body.establishmentId }));
      }),
      on(establishmentsApi.getEstablishment, ({ reply }) =>
        reply({
          ...second,
          subscriptionInfo: {
            id: "00000000-0000-4000-8000-0000000000d1",
            price: 1990,
            state: "pending",
            startsAt: null,
            endsAt: null,
            tariffInfo: {
              tariffId: tariff.id,
              tariffName: tariff.name,
              tariffType: "basic",
              itemIds: [includedItem.id, playlistItem.id],
            },
            organizationInfo: { organizationId: payer.id, organizationName: payer.company },
            paymentInfo: { cardId: CARD_ID, accountId: null },
          },
          abilities: { edit: true, subscribe: false },
        }),
      ),
    );

    await screen.findByLabelText("Заведение");
    // The profile's own organization is chosen for the client, though neither can pay yet.
    expect(selectValue("Организация")).toBe(payer.id);
    // An item the tariff includes is said to be included, not offered as an unticked box.
    expect(screen.queryByRole("checkbox", { name: /Фоновая музыка каталога/ })).toBeNull();
    const form = screen.getByRole("form", { name: "Подписка" });
    const included = within(form).getByText("Фоновая музыка каталога").closest("li") as HTMLElement;
    expect(within(included).getByText("Входит в тариф")).toBeTruthy();

    await user.click(screen.getByRole("checkbox", { name: /Свой плейлист/ }));
    await user.selectOptions(screen.getByLabelText("Период"), "6");
    await user.click(screen.getByRole("button", { name: "Подписаться" }));

    const dialog = await screen.findByRole("dialog", { name: "Способ оплаты" });
    expect(sent).toEqual([]);
    // A card is offered first: one number is all it takes.
    expect((within(dialog).getByLabelText("Бизнес-карта") as HTMLInputElement).checked).toBe(true);
    // The typing starts in the card number.
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Номер карты"));
    await user.type(within(dialog).getByLabelText("Номер карты"), "4111111111111111");
    await user.click(within(dialog).getByRole("button", { name: "Добавить карту" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(backend.methods).toEqual([{ kind: "business-card", cardNumber: "4111 1111 1111 1111" }]);
    expect(await screen.findByText("Карта добавлена и выбрана для подписки")).toBeTruthy();
    // The subscription 'Подписаться' asked for goes on with the card and every choice kept.
    await waitFor(() =>
      expect(sent).toEqual([
        {
          establishmentId: second.id,
          tariffId: tariff.id,
          itemIds: [includedItem.id, playlistItem.id],
          organizationId: payer.id,
          paymentMethodId: CARD_ID,
          periodMonths: 6,
        },
      ]),
    );
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/client-objects/${second.id}`),
    );
    // The venue's page says what the state means and what comes next.
    expect(
      await screen.findByText(/клиентский менеджер проверит подписку и подключит её/),
    ).toBeTruthy();
    expect(screen.getByText(/Период подписки начнётся в день подключения/)).toBeTruthy();
  });

  it("offers the dialog beside the payer fields too, and closing it changes nothing", async () => {
    const user = userEvent.setup();
    const { tariff, free } = scenario();
    const payer = buildOrganization({ accounts: [], cards: [] });
    const { sent } = renderSubscribing(tariff, free, [payer]);
    await user.click(
      await screen.findByRole("button", { name: "Добавить карту или расчётный счёт" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Способ оплаты" });
    await user.click(within(dialog).getByRole("button", { name: "Закрыть" }));
    expect(sent).toEqual([]);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(selectValue("Заведение")).toBe(free.id);
    expect(selectValue("Организация")).toBe(payer.id);
  });

  it("only chooses a card added beside the payer fields: the client subscribes when ready", async () => {
    const user = userEvent.setup();
    const { tariff, free } = scenario();
    const payer = buildOrganization({ accounts: [], cards: [] });
    const { sent } = renderSubscribing(tariff, free, [payer]);
    await user.click(
      await screen.findByRole("button", { name: "Добавить карту или расчётный счёт" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Способ оплаты" });
    await user.type(within(dialog).getByLabelText("Номер карты"), "4111111111111111");
    await user.click(within(dialog).getByRole("button", { name: "Добавить карту" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(selectValue("Способ оплаты")).toBe(CARD_ID);
    expect(sent).toEqual([]);
  });

  it("adds the organization and then its card in the same dialog when the client has none", async () => {
    const user = userEvent.setup();
    const { tariff, free } = scenario();
    const { backend, sent } = renderSubscribing(tariff, free, []);
    await user.click(await screen.findByRole("button", { name: "Подписаться" }));
    const dialog = await screen.findByRole("dialog", { name: "Организация-плательщик" });
    const requisites: Record<string, string> = {
      "Название организации": LEGAL_REQUISITES.company,
      ИНН: LEGAL_REQUISITES.inn,
      КПП: LEGAL_REQUISITES.kpp,
      ОГРН: LEGAL_REQUISITES.ogrn,
      "Юридический адрес": LEGAL_REQUISITES.organizationAddress,
    };
    for (const [label, value] of Object.entries(requisites)) {
      await user.type(within(dialog).getByLabelText(label), value);
    }
    await user.click(within(dialog).getByRole("button", { name: "Далее" }));
    const cardDialog = await screen.findByRole("dialog", { name: "Способ оплаты" });
    await user.type(within(cardDialog).getByLabelText("Номер карты"), "4111111111111111");
    await user.click(within(cardDialog).getByRole("button", { name: "Добавить карту" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    const added = backend.organizations[0];
    expect(backend.added).toHaveLength(1);
    await waitFor(() =>
      expect(sent).toMatchObject([
        { establishmentId: free.id, organizationId: added?.id, paymentMethodId: CARD_ID },
      ]),
    );
  });

  it("names what is missing when there is no establishment to subscribe", async () => {
    const user = userEvent.setup();
    const { tariff, organization } = scenario();
    renderSignedIn(
      "role-client",
      `/detail-tariff/${tariff.id}`,
      on(tariffsApi.getTariff, ({ reply }) => reply(tariff)),
      on(establishmentsApi.listEstablishments, ({ reply }) => reply(buildEstablishmentsPage([]))),
      on(organizationsApi.listOrganizations, ({ reply }) => reply({ data: [organization] })),
    );
    await user.click(await screen.findByRole("button", { name: "Подписаться" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Сначала добавьте заведение: подписка подключается к заведению.",
    );
  });
});
