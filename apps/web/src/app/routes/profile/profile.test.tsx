import {
  accountsApi,
  authApi,
  type OrganizationInput,
  organizationsApi,
  type Profile,
} from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildProfile } from "../../../test/factories.ts";
import {
  buildOrganization,
  INDIVIDUAL_REQUISITES,
  LEGAL_REQUISITES,
} from "../../../test/profile-factories.ts";
import { on, replyError, type ScriptedRoute } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

const clientId = "00000000-0000-4000-8000-0000000000c9";

type ProfileBody = ReturnType<typeof buildProfile>;

interface Backend {
  profile: ProfileBody;
  organization: ReturnType<typeof buildOrganization> | null;
  individualChanges: unknown[];
  personalChanges: unknown[];
  organizationChanges: OrganizationInput[];
  avatars: File[];
}

/** Scripted profile, organization-info and sessions of one user, keeping what is sent. */
function profileServer(
  profile: ProfileBody,
  options: {
    organization?: ReturnType<typeof buildOrganization> | null;
    individualError?: boolean;
    avatarError?: boolean;
  } = {},
) {
  const backend: Backend = {
    profile,
    organization:
      options.organization === undefined
        ? buildOrganization({ userId: profile.userId })
        : options.organization,
    individualChanges: [],
    personalChanges: [],
    organizationChanges: [],
    avatars: [],
  };
  const routes: ScriptedRoute[] = [
    on(accountsApi.getPersonalInfo, ({ params, reply }) =>
      params.userId === backend.profile.userId
        ? reply(backend.profile)
        : reply(buildProfile({ userId: params.userId, role: "role-client-manager" })),
    ),
    on(authApi.listSessions, ({ reply }) => reply({ data: [] })),
    on(organizationsApi.getOrganizationInfo, ({ reply }) =>
      backend.organization
        ? reply(backend.organization)
        : replyError(404, {
            type: "not-found",
            reason: "Данные организации ещё не заполнены",
            message: "The profile has no organization yet",
          }),
    ),
    on(accountsApi.changeIndividualInfo, ({ body, reply }) => {
      backend.individualChanges.push(body);
      if (options.individualError) {
        return replyError(403, {
          type: "forbidden",
          reason: "Недостаточно прав для изменения профиля",
          message: "Only your own profile",
        });
      }
      backend.profile = {
        ...backend.profile,
        lastName: body.lastName,
        firstName: body.firstName,
        patronymic: body.patronymic ?? null,
        contactPhone: body.phone ? body.phone.replace(/\D/g, "") : null,
        contactEmail: body.contactEmail ?? null,
      };
      return reply(backend.profile);
    }),
    on(accountsApi.changePersonalInfo, ({ body, reply }) => {
      backend.personalChanges.push(body);
      backend.profile = {
        ...backend.profile,
        type: body.type ?? backend.profile.type,
        company: body.company ?? backend.profile.company,
      };
      return reply(backend.profile);
    }),
    on(organizationsApi.changeOrganizationInfo, ({ body, reply }) => {
      backend.organizationChanges.push(body);
      backend.organization = buildOrganization({
        userId: backend.profile.userId,
        ...body,
        kpp: body.kpp ?? null,
      });
      return reply(backend.organization);
    }),
    on(accountsApi.changeAvatar, ({ file, reply }) => {
      if (file) backend.avatars.push(file);
      if (options.avatarError) {
        return replyError(415, {
          type: "unsupported-file",
          reason: "Не удалось прочитать изображение: подойдёт JPEG, PNG или WebP",
          message: "The avatar is not a JPEG, PNG or WebP image that can be decoded",
        });
      }
      backend.profile = {
        ...backend.profile,
        imageUrl: `/api/v1/personal-info/avatar-file/${backend.profile.userId}?v=5f3a`,
      };
      return reply(backend.profile);
    }),
  ];
  return { backend, routes };
}

const ownClient = buildProfile({
  userId: SIGNED_IN_USER_ID,
  type: "legal",
  company: LEGAL_REQUISITES.company,
});

describe("own profile", () => {
  it("shows the person, the organization and the signed-in devices; the person's fields change in place", async () => {
    const user = userEvent.setup();
    const { backend, routes } = profileServer(ownClient);
    renderSignedIn("role-client", "/profile", ...routes);

    expect(
      await screen.findByRole("heading", { name: "Анна Иванова" }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(await screen.findByText(LEGAL_REQUISITES.inn)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Устройства и браузеры" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Все организации" }).getAttribute("href")).toBe(
      "/profile/legal-list",
    );

    await user.click(screen.getByRole("button", { name: "Изменить" }));
    const form = screen.getByRole("form", { name: "Личные данные" });
    const lastName = within(form).getByLabelText("Фамилия");
    await user.clear(lastName);
    await user.clear(within(form).getByLabelText("Имя"));
    await user.click(within(form).getByRole("button", { name: "Сохранить" }));
    // Each empty name says what it needs, and the first takes the focus.
    expect(within(form).getByText("Введите фамилию")).toBeTruthy();
    expect(within(form).getByText("Введите имя")).toBeTruthy();
    expect(within(form).queryByText(/Введите от/)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(lastName));
    expect(backend.individualChanges).toEqual([]);
    await user.type(within(form).getByLabelText("Имя"), "Анна");
    await user.type(lastName, "Петрова");
    await user.type(within(form).getByLabelText("Контактный телефон"), "9035551122");
    await user.type(within(form).getByLabelText("Контактный e-mail"), "anna@");
    await user.click(within(form).getByRole("button", { name: "Сохранить" }));
    expect(within(form).getByText("Введите корректный e-mail")).toBeTruthy();
    expect(backend.individualChanges).toEqual([]);

    await user.type(within(form).getByLabelText("Контактный e-mail"), "romashka.ru");
    await user.click(within(form).getByRole("button", { name: "Сохранить" }));
    expect(await screen.findByText("Личные данные сохранены")).toBeTruthy();
    expect(backend.individualChanges).toEqual([
      {
        lastName: "Петрова",
        firstName: "Анна",
        patronymic: "Сергеевна",
        phone: "+7 (903) 555-11-22",
        contactEmail: "anna@romashka.ru",
      },
    ]);
    expect(await screen.findByText("Петрова Анна Сергеевна")).toBeTruthy();
    expect(screen.getByText("+7 (903) 555-11-22")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Личные данные" })).toBeNull();
  });

  it("shows the server's reason when a change is refused", async () => {
    const user = userEvent.setup();
    const { routes } = profileServer(ownClient, { individualError: true });
    renderSignedIn("role-client", "/profile", ...routes);
    await user.click(await screen.findByRole("button", { name: "Изменить" }, { timeout: 5_000 }));
    await user.click(screen.getByRole("button", { name: "Сохранить" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Недостаточно прав для изменения профиля",
    );
  });

  it("uploads an image as the avatar and shows it; anything else is refused before sending", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { backend, routes } = profileServer(ownClient);
    renderSignedIn("role-client", "/profile", ...routes);
    const input = await screen.findByLabelText("Загрузить фото", {}, { timeout: 5_000 });

    await user.upload(input, new File(["plain"], "notes.txt", { type: "text/plain" }));
    expect(await screen.findByText("Подойдёт только изображение JPEG, PNG или WebP")).toBeTruthy();
    expect(backend.avatars).toEqual([]);

    await user.upload(input, new File(["png"], "me.png", { type: "image/png" }));
    expect(await screen.findByText("Фото профиля обновлено")).toBeTruthy();
    expect(backend.avatars.map((file) => file.name)).toEqual(["me.png"]);
    const image = await screen.findByRole("img", { name: "Фото профиля: Анна Иванова" });
    const src = image.getAttribute("src") ?? "";
    expect(src).toContain(`/api/v1/personal-info/avatar-file/${SIGNED_IN_USER_ID}?access_token=`);
    expect(src).toContain("v=5f3a");
    expect(screen.getByLabelText("Заменить фото")).toBeTruthy();
  });

  it("shows the server's reason when it refuses the avatar", async () => {
    const user = userEvent.setup();
    const { routes } = profileServer(ownClient, { avatarError: true });
    renderSignedIn("role-client", "/profile", ...routes);
    const input = await screen.findByLabelText("Загрузить фото", {}, { timeout: 5_000 });
    await user.upload(input, new File(["broken"], "broken.png", { type: "image/png" }));
    expect(
      await screen.findByText("Не удалось прочитать изображение: подойдёт JPEG, PNG или WebP"),
    ).toBeTruthy();
  });

  it("checks the organization's requisites before saving; the profile's type follows them", async () => {
    const user = userEvent.setup();
    const { backend, routes } = profileServer(ownClient);
    renderSignedIn("role-client", "/profile", ...routes);
    await user.click(
      await screen.findByRole("button", { name: "Изменить реквизиты" }, { timeout: 5_000 }),
    );
    const form = screen.getByRole("form", { name: "Реквизиты организации" });
    await user.click(within(form).getByLabelText("Индивидуальный предприниматель"));
    expect(within(form).queryByLabelText("КПП")).toBeNull();
    await user.click(within(form).getByRole("button", { name: "Сохранить реквизиты" }));
    expect(
      within(form).getByText("ИНН индивидуального предпринимателя состоит из 12 цифр"),
    ).toBeTruthy();
    expect(within(form).getByText("ОГРНИП состоит из 15 цифр")).toBeTruthy();
    expect(backend.organizationChanges).toEqual([]);

    const fill = async (label: string, value: string) => {
      const field = within(form).getByLabelText(label);
      await user.clear(field);
      await user.type(field, value);
    };
    await fill("Наименование ИП", INDIVIDUAL_REQUISITES.company);
    await fill("ИНН", INDIVIDUAL_REQUISITES.inn);
    await fill("ОГРНИП", INDIVIDUAL_REQUISITES.ogrn);
    await fill("Адрес регистрации", INDIVIDUAL_REQUISITES.organizationAddress);
    await user.click(within(form).getByRole("button", { name: "Сохранить реквизиты" }));

    expect(await screen.findByText("Реквизиты организации сохранены")).toBeTruthy();
    expect(backend.organizationChanges).toEqual([{ type: "individual", ...INDIVIDUAL_REQUISITES }]);
    expect(backend.personalChanges).toEqual([
      { type: "individual", company: INDIVIDUAL_REQUISITES.company },
    ]);
    expect(await screen.findByText(INDIVIDUAL_REQUISITES.ogrn)).toBeTruthy();
  });

  it("shows no organization for a staff member without one", async () => {
    const staff = buildProfile({
      userId: SIGNED_IN_USER_ID,
      role: "role-support",
      authority: ["role-support"],
      type: null,
    });
    const { routes } = profileServer(staff, { organization: null });
    renderSignedIn("role-support", "/profile", ...routes);
    expect(
      await screen.findByRole("heading", { name: "Личные данные" }, { timeout: 5_000 }),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Поддержка", { selector: "dd" })).toBeTruthy());
    expect(screen.queryByRole("heading", { name: "Организация" })).toBeNull();
  });
});

describe("a user's profile by id", () => {
  const client = (abilities: Partial<Profile["abilities"]>) =>
    buildProfile({
      userId: clientId,
      type: "individual",
      abilities: { ...buildProfile().abilities, ...abilities },
    });

  it("lets a client manager change a client's data, without the sessions of their own", async () => {
    const { routes } = profileServer(client({ edit: true }), {
      organization: buildOrganization({
        userId: clientId,
        type: "individual",
        ...INDIVIDUAL_REQUISITES,
        kpp: null,
      }),
    });
    renderSignedIn("role-client-manager", `/profile/${clientId}`, ...routes);
    expect(
      await screen.findByRole("heading", { name: "Анна Иванова" }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Изменить" })).toBeTruthy();
    expect(screen.getByLabelText("Загрузить фото")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Изменить реквизиты" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Все организации" }).getAttribute("href")).toBe(
      `/profile/legal-list?clientId=${clientId}`,
    );
    expect(screen.getByRole("link", { name: "К клиенту" }).getAttribute("href")).toBe(
      `/client/${clientId}`,
    );
    expect(screen.queryByRole("heading", { name: "Устройства и браузеры" })).toBeNull();
  });

  it("shows support the profile read-only, as its abilities say", async () => {
    const { routes } = profileServer(client({ edit: false, delete: false }), {
      organization: buildOrganization({
        userId: clientId,
        abilities: { edit: false, remove: false },
      }),
    });
    renderSignedIn("role-support", `/profile/${clientId}`, ...routes);
    expect(
      await screen.findByRole("heading", { name: "Анна Иванова" }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(await screen.findByText(LEGAL_REQUISITES.inn)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Изменить" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Изменить реквизиты" })).toBeNull();
    expect(screen.queryByLabelText("Загрузить фото")).toBeNull();
  });

  it("says why a profile cannot be opened", async () => {
    renderSignedIn(
      "role-client",
      `/profile/${clientId}`,
      on(accountsApi.getPersonalInfo, ({ params, reply }) =>
        params.userId === clientId
          ? replyError(403, {
              type: "forbidden",
              reason: "Можно открыть только свой профиль",
              message: "Only your own profile",
            })
          : reply(buildProfile({ userId: params.userId })),
      ),
    );
    expect(
      await screen.findByText("Можно открыть только свой профиль", {}, { timeout: 5_000 }),
    ).toBeTruthy();
  });
});
