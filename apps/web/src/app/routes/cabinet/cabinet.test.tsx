import {
  accountsApi,
  authApi,
  MESSAGES,
  type OrganizationInput,
  organizationsApi,
  type Role,
} from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { startPathOf } from "../../../config/routes.ts";
import { buildAccessToken, buildProfile, buildTokenPair } from "../../../test/factories.ts";
import {
  buildOrganization,
  INDIVIDUAL_REQUISITES,
  LEGAL_REQUISITES,
} from "../../../test/profile-factories.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { on, replyError, scriptedServer } from "../../../test/scripted-server.ts";

const userId = "00000000-0000-4000-8000-0000000000e7";

interface Backend {
  role: Role;
  organization: OrganizationInput | null;
  organizationCalls: OrganizationInput[];
  profileCalls: unknown[];
}

/**
 * A newcomer (edit-personal-info) in the cabinet over a scripted server that
 * keeps what is sent: completing the profile makes the account wait for
 * activation, as the refreshed token then says.
 */
function renderCabinet(
  options: { path?: string; organizationError?: boolean; profileError?: boolean; role?: Role } = {},
) {
  const backend: Backend = {
    role: options.role ?? "edit-personal-info",
    organization: null,
    organizationCalls: [],
    profileCalls: [],
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
  const app = renderApp(
    options.path ?? "/cabinet",
    scriptedServer(
      on(authApi.refreshToken, ({ reply }) =>
        reply(buildTokenPair({ sub: userId, authority: [backend.role] }, "next")),
      ),
      on(accountsApi.getPersonalInfo, ({ reply }) => reply(profile())),
      on(organizationsApi.changeOrganizationInfo, ({ body, reply }) => {
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
      on(organizationsApi.getOrganizationInfo, ({ reply }) =>
        backend.organization
          ? reply(
              buildOrganization({
                userId,
                ...backend.organization,
                kpp: backend.organization.kpp ?? null,
              }),
            )
          : replyError(404, {
              type: "not-found",
              reason: "Данные организации ещё не заполнены",
              message: "The profile has no organization yet",
            }),
      ),
      on(accountsApi.createPersonalInfo, ({ body, reply }) => {
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
    ),
    {
      token: buildAccessToken({ sub: userId, authority: [backend.role] }),
      refreshToken: "stored",
    },
  );
  return { app, backend, router: app.router, playerSocket: app.playerSocket };
}

type User = ReturnType<typeof userEvent.setup>;

async function fillPerson(user: User) {
  await user.type(await screen.findByLabelText("Фамилия", {}, { timeout: 5_000 }), "Соколова");
  await user.type(screen.getByLabelText("Имя"), "Мария");
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
  // The name offered from the person's names is replaced by the one with the patronymic.
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
    expect(await screen.findByText("Профиль заполнен. Аккаунт передан на активацию")).toBeTruthy();
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

  it("names an entrepreneur after the person's names until the name is typed over", async () => {
    const user = userEvent.setup();
    const { backend } = renderCabinet();
    await fillPerson(user);
    const company = screen.getByLabelText<HTMLInputElement>("Наименование ИП");
    expect(company.value).toBe("ИП Соколова Мария");
    await user.type(screen.getByLabelText("ИНН"), INDIVIDUAL_REQUISITES.inn);
    await user.type(screen.getByLabelText("ОГРНИП"), INDIVIDUAL_REQUISITES.ogrn);
    await user.type(
      screen.getByLabelText("Адрес регистрации"),
      INDIVIDUAL_REQUISITES.organizationAddress,
    );
    await agreeAndSubmit(user);
    expect(await screen.findByRole("heading", { name: "Аккаунт ожидает активации" })).toBeTruthy();
    expect(backend.organizationCalls).toEqual([
      { type: "individual", ...INDIVIDUAL_REQUISITES, company: "ИП Соколова Мария" },
    ]);
  });

  it("keeps an entrepreneur's name once typed, whatever the names become", async () => {
    const user = userEvent.setup();
    renderCabinet();
    await fillPerson(user);
    const company = screen.getByLabelText<HTMLInputElement>("Наименование ИП");
    await user.type(company, " (магазин)");
    await user.type(screen.getByLabelText("Имя"), "на");
    expect(company.value).toBe("ИП Соколова Мария (магазин)");
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
    const notice = (
      await screen.findByRole("heading", { name: "Аккаунт ожидает активации" }, { timeout: 5_000 })
    ).parentElement;
    if (!notice) throw new Error("No waiting notice");
    // The account's own data says the same as the notice: it waits, it is not active.
    const status = await screen.findByText("Статус");
    expect(status.nextElementSibling?.textContent).toBe("Ждёт активации");
    expect(screen.queryByText("Активен")).toBeNull();
    // A waiting account holds no role yet: no "Роль" row repeats the state.
    expect(screen.queryByText("Роль")).toBeNull();

    const steps = within(notice).getByRole("list");
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
