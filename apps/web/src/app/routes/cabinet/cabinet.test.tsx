import {
  accountsApi,
  authApi,
  type Establishment,
  type EstablishmentInput,
  establishmentsApi,
  MESSAGES,
  type OrganizationInput,
  organizationsApi,
  type PaymentMethodInput,
  type Role,
  type SubscriptionInput,
  subscriptionsApi,
  type Tariff,
  tariffsApi,
} from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { startPathOf } from "../../../config/routes.ts";
import { buildAccessToken, buildProfile, buildTokenPair } from "../../../test/factories.ts";
import {
  buildOrganization,
  CARD_NUMBER,
  INDIVIDUAL_REQUISITES,
  LEGAL_REQUISITES,
  ORGANIZATION_ID,
} from "../../../test/profile-factories.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { on, replyError, scriptedServer } from "../../../test/scripted-server.ts";
import {
  buildEstablishment,
  buildSubscription,
  buildTariff,
  buildTariffFeature,
  buildTariffItem,
} from "../../../test/tariffs-factories.ts";

const userId = "00000000-0000-4000-8000-0000000000e7";
const CARD_ID = "00000000-0000-4000-8000-0000000000c8";

interface Backend {
  role: Role;
  organization: OrganizationInput | null;
  /** The profile's organization's business cards (their ids). */
  cards: string[];
  organizationCalls: OrganizationInput[];
  profileCalls: unknown[];
  venues: Establishment[];
  venueCalls: EstablishmentInput[];
  methodCalls: PaymentMethodInput[];
  subscriptionCalls: SubscriptionInput[];
  /** Every change's call, in order. */
  calls: string[];
  /** How many times the venues were read. */
  venueLists: number;
}

/** The tariff the waiting cabinet offers: a monthly item it includes, and one to choose. */
const TARIFF: Tariff = buildTariff({
  name: "Старт",
  price: 990,
  basePrice: 990,
  features: [
    buildTariffFeature({
      name: "Оформление",
      items: [
        buildTariffItem({ name: "Лицензия", price: 0 }),
        buildTariffItem({ name: "Джинглы", price: 300 }),
      ],
    }),
  ],
});

/**
 * A newcomer (edit-personal-info) in the cabinet over a scripted server that
 * keeps what is sent: completing the profile makes the account wait for
 * activation, as the refreshed token then says.
 */
function renderCabinet(
  options: {
    path?: string;
    organizationError?: boolean;
    profileError?: boolean;
    venueError?: boolean;
    role?: Role;
    venues?: Establishment[];
    organization?: OrganizationInput;
  } = {},
) {
  const backend: Backend = {
    role: options.role ?? "edit-personal-info",
    organization: options.organization ?? null,
    cards: [],
    organizationCalls: [],
    profileCalls: [],
    venues: options.venues ?? [],
    venueCalls: [],
    methodCalls: [],
    subscriptionCalls: [],
    calls: [],
    venueLists: 0,
  };
  const profile = () =>
    buildProfile({
      userId,
      login: "newcomer@example.ru",
      email: "newcomer@example.ru",
      phone: null,
      role: backend.role,
      authority: [backend.role],
      ...(backend.role === "edit-personal-info"
        ? { lastName: null, firstName: null, patronymic: null, type: null }
        : { lastName: "Соколова", firstName: "Мария", patronymic: null }),
    });
  const organization = () =>
    backend.organization
      ? buildOrganization({
          userId,
          ...backend.organization,
          kpp: backend.organization.kpp ?? null,
          cards: backend.cards.map((id) => ({
            id,
            maskedNumber: "•••• 1111",
            lastFour: "1111",
            holder: null,
          })),
        })
      : null;
  const app = renderApp(
    options.path ?? "/cabinet",
    scriptedServer(
      on(authApi.refreshToken, ({ reply }) =>
        reply(buildTokenPair({ sub: userId, authority: [backend.role] }, "next")),
      ),
      on(accountsApi.getPersonalInfo, ({ reply }) => reply(profile())),
      on(organizationsApi.changeOrganizationInfo, ({ body, reply }) => {
        backend.calls.push("requisites");
        backend.organizationCalls.push(body);
        if (options.organizationError) {
          return replyError(409, {
            type: "duplicate-entry-error",
            reason: "Организация с таким ИНН уже добавлена",
            message: "The client already has an organization with this INN",
          });
        }
        backend.organization = body;
        return reply(buildOrganization({ userId, ...body, kpp: body.kpp ?? null }));
      }),
      on(organizationsApi.getOrganizationInfo, ({ reply }) => {
        const made = organization();
        return made
          ? reply(made)
          : replyError(404, {
              type: "not-found",
              reason: "Данные организации ещё не заполнены",
              message: "The profile has no organization yet",
            });
      }),
      on(organizationsApi.listOrganizations, ({ reply }) => {
        const made = organization();
        return reply({ data: made ? [made] : [] });
      }),
      on(organizationsApi.addPaymentMethod, ({ body, reply }) => {
        backend.calls.push("card");
        backend.methodCalls.push(body);
        backend.cards.push(CARD_ID);
        const made = organization();
        if (!made) throw new Error("No organization in the test");
        return reply(made);
      }),
      on(accountsApi.createPersonalInfo, ({ body, reply }) => {
        backend.calls.push("profile");
        backend.profileCalls.push(body);
        if (options.profileError) {
          return replyError(409, {
            type: "conflict",
            reason: "Профиль уже заполнен",
            message: "The profile is filled in",
          });
        }
        backend.role = "wait-activation";
        return reply(profile());
      }),
      on(establishmentsApi.listEstablishments, ({ reply }) => {
        backend.venueLists += 1;
        return reply({ data: backend.venues, total: backend.venues.length, totalPages: 1 });
      }),
      on(establishmentsApi.addEstablishment, ({ body, reply }) => {
        backend.calls.push("venue");
        backend.venueCalls.push(body);
        if (options.venueError) {
          return replyError(500, {
            type: "internal-error",
            reason: "Что-то пошло не так",
            message: "boom",
          });
        }
        const venue = buildEstablishment({
          userId,
          name: body.name,
          address: body.address,
          timeZone: body.timeZone ?? "Europe/Moscow",
        });
        backend.venues = [...backend.venues, venue];
        return reply(venue);
      }),
      on(tariffsApi.listActiveTariffs, ({ reply }) => reply({ data: [TARIFF] })),
      on(subscriptionsApi.addSubscription, ({ body, reply }) => {
        backend.calls.push("subscription");
        backend.subscriptionCalls.push(body);
        const subscription = buildSubscription({
          userId,
          clientState: "wait-activation",
          establishmentId: body.establishmentId,
          tariffInfo: {
            tariffId: TARIFF.id,
            tariffName: TARIFF.name,
            tariffType: "basic",
            itemIds: [],
          },
        });
        const { id, price, state, startsAt, endsAt, tariffInfo, organizationInfo, paymentInfo } =
          subscription;
        const info = {
          id,
          price,
          state,
          startsAt,
          endsAt,
          tariffInfo,
          organizationInfo,
          paymentInfo,
        };
        backend.venues = backend.venues.map((venue) =>
          venue.id === body.establishmentId
            ? { ...venue, subscriptionInfo: info, abilities: { edit: true, subscribe: false } }
            : venue,
        );
        return reply(subscription);
      }),
      on(subscriptionsApi.listUserSubscriptions, ({ reply }) => reply({ data: [] })),
    ),
    {
      token: buildAccessToken({ sub: userId, authority: [backend.role] }),
      refreshToken: "stored",
    },
  );
  return { app, backend, router: app.router, playerSocket: app.playerSocket };
}

type User = ReturnType<typeof userEvent.setup>;

async function fillPerson(user: User, fullName = "Соколова Мария") {
  await user.type(
    await screen.findByLabelText("Фамилия, имя и отчество", {}, { timeout: 5_000 }),
    fullName,
  );
}

async function fillLegalRequisites(user: User) {
  await user.type(screen.getByLabelText("Название организации"), LEGAL_REQUISITES.company);
  await user.type(screen.getByLabelText("ИНН"), LEGAL_REQUISITES.inn);
  await user.type(screen.getByLabelText("КПП"), LEGAL_REQUISITES.kpp);
  await user.type(screen.getByLabelText("ОГРН"), LEGAL_REQUISITES.ogrn);
  await user.type(screen.getByLabelText("Юридический адрес"), LEGAL_REQUISITES.organizationAddress);
}

/** The entrepreneur's name and address (the INN and OGRNIP are typed by each test). */
async function fillIndividualNameAndAddress(user: User) {
  // The name offered from the person's names is replaced by another.
  await user.click(screen.getByRole("button", { name: "Изменить: Наименование ИП" }));
  await user.clear(screen.getByLabelText("Наименование ИП"));
  await user.type(screen.getByLabelText("Наименование ИП"), INDIVIDUAL_REQUISITES.company);
  await user.type(
    screen.getByLabelText("Адрес регистрации"),
    INDIVIDUAL_REQUISITES.organizationAddress,
  );
}

async function agreeAndSubmit(user: User) {
  await user.click(screen.getByRole("checkbox"));
  await user.click(screen.getByRole("button", { name: "Сохранить и отправить на активацию" }));
}

describe("cabinet: completing the profile", () => {
  it("a legal entity sends its requisites, then the profile, and sees the waiting state with them", async () => {
    const user = userEvent.setup();
    const { backend } = renderCabinet();
    await fillPerson(user);
    await user.click(screen.getByLabelText("Юридическое лицо"));
    await fillLegalRequisites(user);
    await agreeAndSubmit(user);

    expect(await screen.findByRole("heading", { name: "Аккаунт ожидает активации" })).toBeTruthy();
    expect(backend.organizationCalls).toEqual([{ type: "legal", ...LEGAL_REQUISITES }]);
    expect(backend.profileCalls).toEqual([
      {
        type: "legal",
        lastName: "Соколова",
        firstName: "Мария",
        company: LEGAL_REQUISITES.company,
        contactEmail: "newcomer@example.ru",
        agreement: true,
      },
    ]);
    // The notice says it; no toast covers the next step on a phone.
    expect(screen.queryByText("Профиль заполнен. Аккаунт передан на активацию")).toBeNull();
    // The waiting account sees what it entered: the person and the organization.
    expect(await screen.findByText(LEGAL_REQUISITES.inn)).toBeTruthy();
    expect(screen.getByText(LEGAL_REQUISITES.kpp)).toBeTruthy();
    expect(screen.getByText(LEGAL_REQUISITES.ogrn)).toBeTruthy();
    expect(screen.getByText("Соколова Мария")).toBeTruthy();
  });

  it("names a wrong INN, KPP and OGRN of a legal entity and sends nothing", async () => {
    const user = userEvent.setup();
    const { backend } = renderCabinet({ path: "/cabinet/legal" });
    await fillPerson(user);
    // The preselect chose the legal entity: its KPP field is there.
    expect(screen.getByLabelText<HTMLInputElement>("Юридическое лицо").checked).toBe(true);
    await user.type(screen.getByLabelText("Название организации"), LEGAL_REQUISITES.company);
    await user.type(screen.getByLabelText("ИНН"), "7707083894");
    await user.type(screen.getByLabelText("КПП"), "7736010");
    await user.type(screen.getByLabelText("ОГРН"), "1027700132196");
    await user.type(screen.getByLabelText("Юридический адрес"), "Москва");
    await agreeAndSubmit(user);

    expect(screen.getByText("Неверное контрольное число ИНН")).toBeTruthy();
    expect(screen.getByText("Неверное контрольное число ОГРН")).toBeTruthy();
    expect(
      screen.getByText(
        "КПП состоит из 9 символов: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры",
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText("ИНН").getAttribute("aria-invalid")).toBe("true");
    expect(backend.organizationCalls).toEqual([]);
    expect(backend.profileCalls).toEqual([]);
  });

  it("checks an entrepreneur's 12-digit INN and OGRNIP as the field is left; no KPP is asked", async () => {
    const user = userEvent.setup();
    const { backend } = renderCabinet();
    await fillPerson(user);
    expect(screen.queryByLabelText("КПП")).toBeNull();
    await user.type(screen.getByLabelText("ИНН"), "7707083893");
    await user.tab();
    expect(
      await screen.findByText("ИНН индивидуального предпринимателя состоит из 12 цифр"),
    ).toBeTruthy();
    await user.type(screen.getByLabelText("ОГРНИП"), "304500116000158");
    await user.tab();
    expect(await screen.findByText("Неверное контрольное число ОГРНИП")).toBeTruthy();

    await user.clear(screen.getByLabelText("ИНН"));
    await user.type(screen.getByLabelText("ИНН"), INDIVIDUAL_REQUISITES.inn);
    await user.clear(screen.getByLabelText("ОГРНИП"));
    await user.type(screen.getByLabelText("ОГРНИП"), INDIVIDUAL_REQUISITES.ogrn);
    await fillIndividualNameAndAddress(user);
    await agreeAndSubmit(user);

    expect(await screen.findByRole("heading", { name: "Аккаунт ожидает активации" })).toBeTruthy();
    expect(backend.organizationCalls).toEqual([{ type: "individual", ...INDIVIDUAL_REQUISITES }]);
  });

  it("names an entrepreneur after the person's names, as text, until «Изменить» opens the field", async () => {
    const user = userEvent.setup();
    const { backend } = renderCabinet();
    await fillPerson(user, "Соколова Мария Андреевна");
    // Read, not a field: the keyboard's «Далее» goes from the name to the INN.
    expect(screen.queryByLabelText("Наименование ИП")).toBeNull();
    expect(screen.getByText("ИП Соколова Мария Андреевна")).toBeTruthy();
    await user.type(screen.getByLabelText("ИНН"), INDIVIDUAL_REQUISITES.inn);
    await user.type(screen.getByLabelText("ОГРНИП"), INDIVIDUAL_REQUISITES.ogrn);
    await user.type(
      screen.getByLabelText("Адрес регистрации"),
      INDIVIDUAL_REQUISITES.organizationAddress,
    );
    await agreeAndSubmit(user);
    expect(await screen.findByRole("heading", { name: "Аккаунт ожидает активации" })).toBeTruthy();
    expect(backend.organizationCalls).toEqual([
      { type: "individual", ...INDIVIDUAL_REQUISITES, company: "ИП Соколова Мария Андреевна" },
    ]);
    expect(backend.profileCalls).toEqual([
      {
        type: "individual",
        lastName: "Соколова",
        firstName: "Мария",
        patronymic: "Андреевна",
        company: "ИП Соколова Мария Андреевна",
        contactEmail: "newcomer@example.ru",
        agreement: true,
      },
    ]);
  });

  it("keeps an entrepreneur's name once typed, whatever the names become", async () => {
    const user = userEvent.setup();
    renderCabinet();
    await fillPerson(user);
    await user.click(screen.getByRole("button", { name: "Изменить: Наименование ИП" }));
    const company = screen.getByLabelText<HTMLInputElement>("Наименование ИП");
    expect(company.value).toBe("ИП Соколова Мария");
    // Opened by «Изменить», the field has the focus.
    expect(document.activeElement).toBe(company);
    await user.type(company, " (магазин)");
    await user.type(screen.getByLabelText("Фамилия, имя и отчество"), " Андреевна");
    expect(company.value).toBe("ИП Соколова Мария (магазин)");
  });

  it("reads the full name in the Russian order, says how, and asks for a first name after the last", async () => {
    const user = userEvent.setup();
    const { backend } = renderCabinet();
    const field = await screen.findByLabelText("Фамилия, имя и отчество", {}, { timeout: 5_000 });
    const line = () => document.getElementById(`${field.id}-message`)?.textContent;
    expect(line()).toBe("Например, Иванова Анна Сергеевна; отчество — если есть");
    await agreeAndSubmit(user);
    expect(line()).toBe("Введите фамилию, имя и отчество");
    await user.type(field, "Мамедов");
    expect(line()).toBe("Введите фамилию и имя через пробел");
    await user.type(field, "  Эльдар Гусейн оглы ");
    expect(line()).toBe("Фамилия: Мамедов · имя: Эльдар · отчество: Гусейн оглы");
    expect(backend.profileCalls).toEqual([]);
  });

  it("folds the contacts, and opens them on a wrong phone", async () => {
    const user = userEvent.setup();
    const { backend } = renderCabinet();
    await fillPerson(user);
    const fold = screen.getByText("Телефон и e-mail для связи — необязательно").closest("details");
    if (!fold) throw new Error("No fold of the contacts");
    expect(fold.open).toBe(false);
    await user.click(screen.getByText("Телефон и e-mail для связи — необязательно"));
    await user.type(screen.getByLabelText("Контактный телефон"), "916");
    await user.click(screen.getByText("Телефон и e-mail для связи — необязательно"));
    expect(fold.open).toBe(false);
    await agreeAndSubmit(user);
    expect(fold.open).toBe(true);
    expect(screen.getByLabelText("Контактный телефон").getAttribute("aria-invalid")).toBe("true");
    expect(backend.calls).toEqual([]);
  });

  it("adds the venue typed beside the profile before sending the profile, in its address's zone", async () => {
    const user = userEvent.setup();
    const { backend } = renderCabinet();
    await fillPerson(user, "Орлова Анна Сергеевна");
    await user.type(screen.getByLabelText("ИНН"), INDIVIDUAL_REQUISITES.inn);
    await user.type(screen.getByLabelText("ОГРНИП"), INDIVIDUAL_REQUISITES.ogrn);
    await user.type(
      screen.getByLabelText("Адрес регистрации"),
      INDIVIDUAL_REQUISITES.organizationAddress,
    );
    await user.type(screen.getByLabelText("Название заведения"), "Кофейня «Первая»");
    const address = screen.getByLabelText("Адрес заведения");
    await user.type(address, "Екатеринбург, ул. Ленина, 1");
    expect(document.getElementById(`${address.id}-message`)?.textContent).toBe(
      "Часовой пояс: Екатеринбург (UTC+5) — по адресу",
    );
    await agreeAndSubmit(user);

    expect(
      await screen.findByRole("heading", { name: "Тариф для «Кофейня «Первая»»" }),
    ).toBeTruthy();
    expect(backend.calls).toEqual(["requisites", "venue", "profile"]);
    expect(backend.venueCalls).toEqual([
      {
        name: "Кофейня «Первая»",
        address: "Екатеринбург, ул. Ленина, 1",
        timeZone: "Asia/Yekaterinburg",
        explicitFilter: false,
      },
    ]);
    expect(backend.profileCalls[0]).toMatchObject({
      lastName: "Орлова",
      firstName: "Анна",
      patronymic: "Сергеевна",
    });
  });

  it("says a refused venue at its fields and sends no profile; left empty, the venue waits for later", async () => {
    const user = userEvent.setup();
    const { backend } = renderCabinet({ path: "/cabinet/legal", venueError: true });
    await fillPerson(user);
    await fillLegalRequisites(user);
    await user.type(screen.getByLabelText("Название заведения"), "Кофейня «Первая»");
    await user.type(screen.getByLabelText("Адрес заведения"), "Москва, ул. Покровка, 3");
    await agreeAndSubmit(user);

    const venue = screen.getByRole("region", { name: "Ваше заведение" });
    expect((await within(venue).findByRole("alert")).textContent).toBe(
      "Заведение не добавлено: Что-то пошло не так",
    );
    expect(backend.calls).toEqual(["requisites", "venue"]);
    expect(screen.getByLabelText<HTMLInputElement>("Название заведения").value).toBe(
      "Кофейня «Первая»",
    );

    // One field typed asks for the other; none typed sends the profile alone.
    await user.clear(screen.getByLabelText("Название заведения"));
    await user.click(screen.getByRole("button", { name: "Сохранить и отправить на активацию" }));
    expect(within(venue).getByText("Введите название заведения")).toBeTruthy();
    expect(backend.calls).toEqual(["requisites", "venue"]);
    await user.clear(screen.getByLabelText("Адрес заведения"));
    await user.click(screen.getByRole("button", { name: "Сохранить и отправить на активацию" }));
    expect(await screen.findByRole("heading", { name: "Аккаунт ожидает активации" })).toBeTruthy();
    expect(backend.calls).toEqual(["requisites", "venue", "requisites", "profile"]);
    // The waiting cabinet asks for the venue itself.
    expect(await screen.findByLabelText("Название заведения")).toBeTruthy();
  });

  it("does not ask for a venue the newcomer already added", async () => {
    const { backend } = renderCabinet({
      venues: [buildEstablishment({ userId, name: "Кафе с лендинга" })],
    });
    await screen.findByLabelText("Фамилия, имя и отчество", {}, { timeout: 5_000 });
    await waitFor(() => expect(backend.venueLists).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole("region", { name: "Ваше заведение" })).toBeNull();
    expect(screen.queryByLabelText("Название заведения")).toBeNull();
  });

  it("shows the server's reason when it refuses the requisites, and does not send the profile", async () => {
    const user = userEvent.setup();
    const { backend } = renderCabinet({ path: "/cabinet/legal", organizationError: true });
    await fillPerson(user);
    await fillLegalRequisites(user);
    await agreeAndSubmit(user);

    expect((await screen.findByRole("alert")).textContent).toBe(
      "Организация с таким ИНН уже добавлена",
    );
    expect(backend.organizationCalls).toHaveLength(1);
    expect(backend.profileCalls).toEqual([]);
    expect(screen.queryByRole("heading", { name: "Аккаунт ожидает активации" })).toBeNull();
  });

  it("shows the server's reason when it refuses the profile", async () => {
    const user = userEvent.setup();
    const { backend } = renderCabinet({ path: "/cabinet/individual", profileError: true });
    await fillPerson(user);
    await user.type(screen.getByLabelText("ИНН"), INDIVIDUAL_REQUISITES.inn);
    await user.type(screen.getByLabelText("ОГРНИП"), INDIVIDUAL_REQUISITES.ogrn);
    await fillIndividualNameAndAddress(user);
    await agreeAndSubmit(user);

    expect((await screen.findByRole("alert")).textContent).toBe("Профиль уже заполнен");
    await waitFor(() => expect(backend.profileCalls).toHaveLength(1));
  });
});

/** The links of a navigation region or list: name and address, in order. */
function linksIn(container: HTMLElement): Array<[string, string | null]> {
  return within(container)
    .getAllByRole("link")
    .map((link) => [link.textContent ?? "", link.getAttribute("href")]);
}

describe("cabinet: waiting for activation", () => {
  it("shows one status, what the account may do meanwhile, and a menu in the same words", async () => {
    renderCabinet({ role: "wait-activation" });
    expect(
      await screen.findByRole("heading", { name: "Аккаунт ожидает активации" }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByText(/активирует аккаунт и подписку.*Тогда зазвучит музыка/)).toBeTruthy();
    // The account's own data says the same as the notice: it waits, it is not active.
    const status = await screen.findByText("Статус");
    expect(status.nextElementSibling?.textContent).toBe("Ждёт активации");
    expect(screen.queryByText("Активен")).toBeNull();
    // A waiting account holds no role yet: no "Роль" row repeats the state.
    expect(screen.queryByText("Роль")).toBeNull();

    const meanwhile = screen.getByRole("heading", { name: "Пока аккаунт ждёт" }).closest("section");
    if (!meanwhile) throw new Error("No meanwhile section");
    const steps = within(meanwhile).getByRole("list");
    expect(linksIn(steps)).toEqual([
      ["Мои заведения", "/client-objects"],
      ["Подписки", "/subscribe"],
      ["Профиль", "/profile"],
    ]);
    expect(within(steps).getByText(/выберите тариф для заведения/)).toBeTruthy();
    // The side menu offers the waiting cabinet and exactly those screens.
    expect(linksIn(screen.getByRole("navigation", { name: "Разделы" }))).toEqual([
      ["Ожидание активации", "/cabinet"],
      ...linksIn(steps),
    ]);
  });

  it("offers the venue's tariffs with «Подписаться»: with nothing to pay by, the card form opens in place and the subscription follows", async () => {
    const user = userEvent.setup();
    const venue = buildEstablishment({
      userId,
      name: "Кофейня «Первая»",
      address: "Москва, ул. Покровка, 3",
    });
    const { backend } = renderCabinet({
      role: "wait-activation",
      organization: { type: "individual", ...INDIVIDUAL_REQUISITES },
      venues: [venue],
    });
    expect(
      await screen.findByRole(
        "heading",
        { name: "Тариф для «Кофейня «Первая»»" },
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 3, name: "Старт" })).toBeTruthy();
    expect(
      screen.getByText(/Подписка на месяц для «Кофейня «Первая»», Москва, ул. Покровка, 3/),
    ).toBeTruthy();
    await user.click(await screen.findByRole("button", { name: "Подписаться на тариф Старт" }));

    const dialog = await screen.findByRole("dialog", { name: "Способ оплаты" });
    // No form stays under it here: nothing to promise about its choices.
    expect(
      within(dialog).getByText(/^Чем будет платить «ИП Соколова Мария Андреевна»\.$/),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Номер карты"), CARD_NUMBER);
    await user.click(within(dialog).getByRole("button", { name: "Добавить карту" }));

    expect(
      await screen.findByText("Подписка оформлена и ждёт подключения клиентским менеджером"),
    ).toBeTruthy();
    expect(backend.calls).toEqual(["card", "subscription"]);
    const included = TARIFF.features[0]?.items[0]?.id;
    expect(backend.subscriptionCalls).toEqual([
      {
        establishmentId: venue.id,
        tariffId: TARIFF.id,
        itemIds: [included],
        organizationId: ORGANIZATION_ID,
        paymentMethodId: CARD_ID,
        periodMonths: 1,
      },
    ]);
    // The venue now shows its subscription and what happens next, and no tariffs.
    expect(await screen.findByText("Ожидает подключения")).toBeTruthy();
    expect(screen.getByText(/клиентский менеджер проверит подписку и подключит её/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Подписаться на тариф Старт" })).toBeNull();
  });

  it("subscribes at once with the card the client already has", async () => {
    const user = userEvent.setup();
    const venue = buildEstablishment({ userId, name: "Кофейня «Первая»" });
    const { backend } = renderCabinet({
      role: "wait-activation",
      organization: { type: "individual", ...INDIVIDUAL_REQUISITES },
      venues: [venue],
    });
    backend.cards.push(CARD_ID);
    await user.click(
      await screen.findByRole("button", { name: "Подписаться на тариф Старт" }, { timeout: 5_000 }),
    );
    expect(await screen.findByText("Ожидает подключения")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(backend.calls).toEqual(["subscription"]);
    expect(backend.subscriptionCalls[0]).toMatchObject({ paymentMethodId: CARD_ID });
  });

  it("asks a waiting account without a venue for one, then offers its tariffs", async () => {
    const user = userEvent.setup();
    const { backend } = renderCabinet({ role: "wait-activation" });
    await user.click(
      await screen.findByRole("button", { name: "Добавить заведение" }, { timeout: 5_000 }),
    );
    expect(screen.getByText("Введите название заведения")).toBeTruthy();
    expect(backend.calls).toEqual([]);
    await user.type(screen.getByLabelText("Название заведения"), "Кофейня «Вторая»");
    await user.type(screen.getByLabelText("Адрес заведения"), "Омск, ул. Ленина, 2");
    await user.click(screen.getByRole("button", { name: "Добавить заведение" }));
    expect(
      await screen.findByRole("heading", { name: "Тариф для «Кофейня «Вторая»»" }),
    ).toBeTruthy();
    expect(backend.venueCalls).toEqual([
      {
        name: "Кофейня «Вторая»",
        address: "Омск, ул. Ленина, 2",
        timeZone: "Asia/Omsk",
        explicitFilter: false,
      },
    ]);
  });

  it("moves to the client's start screen by itself once the refreshed token says role-client", async () => {
    const { backend, router, playerSocket } = renderCabinet({ role: "wait-activation" });
    expect(await screen.findByRole("heading", { name: "Аккаунт ожидает активации" })).toBeTruthy();
    // A manager activates the account: the server keeps the session and
    // denies the old role's socket, which makes the session refresh.
    backend.role = "role-client";
    const listener = vi.mocked(playerSocket.subscribe).mock.calls[0]?.[0];
    const connects = vi.mocked(playerSocket.connect).mock.calls.length;
    listener?.({ type: "error", message: MESSAGES.accessDenied });
    await waitFor(() => expect(router.state.location.pathname).toBe(startPathOf("role-client")));
    // The socket the server denied comes back with the new role's token.
    expect(vi.mocked(playerSocket.connect).mock.calls.length).toBe(connects + 1);
  });

  it("says it still waits when the check finds no activation, and leaves once it does", async () => {
    const user = userEvent.setup();
    const { backend, router } = renderCabinet({ role: "wait-activation" });
    const check = await screen.findByRole("button", { name: "Проверить статус" });
    await user.click(check);
    expect(await screen.findByText(/Аккаунт пока не активирован/)).toBeTruthy();
    expect(router.state.location.pathname).toBe("/cabinet");
    backend.role = "role-client";
    await user.click(screen.getByRole("button", { name: "Проверить статус" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(startPathOf("role-client")));
  });
});
