import {
  type AssignableRole,
  accountsApi,
  establishmentsApi,
  subscriptionsApi,
} from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";
import { buildUser, profilesOf } from "../../../test/users-factories.ts";

type UserBody = ReturnType<typeof buildUser>;

/** The admin's create-user screen; the server offers `roles` and creates what it is sent. */
function renderCreateUser(roles: AssignableRole[], options: { refuse?: boolean } = {}) {
  const created: UserBody[] = [];
  const sent: unknown[] = [];
  const app = renderSignedIn(
    "role-admin",
    "/create-user",
    on(accountsApi.listCreatableRoles, ({ reply }) => reply({ roles })),
    on(accountsApi.createUser, ({ body, reply }) => {
      sent.push(body);
      if (options.refuse) {
        return replyError(409, {
          type: "duplicate-entry-error",
          reason: "Пользователь с таким e-mail уже существует",
          message: "",
        });
      }
      const user = buildUser({
        login: body.email ?? body.phone ?? "",
        email: body.email ?? null,
        phone: body.phone ?? null,
        lastName: body.lastName,
        firstName: body.firstName,
        patronymic: body.patronymic ?? null,
        role: body.role,
        authority: [body.role],
        abilities: { edit: true },
      });
      created.push(user);
      return reply(user);
    }),
    profilesOf("role-admin", () => created),
    on(establishmentsApi.listEstablishments, ({ reply }) =>
      reply({ data: [], total: 0, totalPages: 0 }),
    ),
    on(subscriptionsApi.listUserSubscriptions, ({ reply }) => reply({ data: [] })),
  );
  return { app, sent, created };
}

describe("create user", () => {
  it("offers only the roles the server allows and checks the fields before sending", async () => {
    const person = userEvent.setup();
    const { sent } = renderCreateUser(["role-client", "wait-activation"]);
    const roleSelect = await screen.findByLabelText("Роль", {}, { timeout: 5_000 });
    const options = within(roleSelect)
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(options).toEqual(["Не выбрана", "Клиент", "Ожидает активации"]);

    await person.click(screen.getByRole("button", { name: "Создать пользователя" }));
    expect(screen.getByText("Введите e-mail или номер телефона")).toBeTruthy();
    expect(screen.getByText("Выберите роль")).toBeTruthy();

    await person.type(screen.getByLabelText("E-mail или номер телефона"), "916123");
    expect(screen.getByText("Введите номер телефона полностью")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("creates a client by phone, says so and opens the client's page", async () => {
    const person = userEvent.setup();
    const { app, sent, created } = renderCreateUser(["role-client", "wait-activation"]);
    await person.type(
      await screen.findByLabelText("E-mail или номер телефона", {}, { timeout: 5_000 }),
      "9161234567",
    );
    await person.selectOptions(screen.getByLabelText("Роль"), "Клиент");
    await person.type(screen.getByLabelText("Фамилия"), "Смирнов");
    await person.type(screen.getByLabelText("Имя"), "Олег");
    await person.click(screen.getByRole("button", { name: "Создать пользователя" }));

    await waitFor(() =>
      expect(sent).toEqual([
        { phone: "79161234567", role: "role-client", lastName: "Смирнов", firstName: "Олег" },
      ]),
    );
    expect(await screen.findByText(/Пользователь создан/)).toBeTruthy();
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/client/${created[0]?.userId}`),
    );
    expect(await screen.findByRole("heading", { name: "Смирнов Олег" })).toBeTruthy();
  });

  it("creates a staff member by e-mail and opens the edit page", async () => {
    const person = userEvent.setup();
    const { app, sent, created } = renderCreateUser(["role-support", "role-client"]);
    await person.type(
      await screen.findByLabelText("E-mail или номер телефона", {}, { timeout: 5_000 }),
      "Helper@Example.ru",
    );
    await person.selectOptions(screen.getByLabelText("Роль"), "Поддержка");
    await person.type(screen.getByLabelText("Фамилия"), "Орлова");
    await person.type(screen.getByLabelText("Имя"), "Вера");
    await person.type(screen.getByLabelText("Отчество"), "Ивановна");
    await person.click(screen.getByRole("button", { name: "Создать пользователя" }));

    await waitFor(() => expect(created).toHaveLength(1));
    expect(sent).toEqual([
      {
        email: "helper@example.ru",
        role: "role-support",
        lastName: "Орлова",
        firstName: "Вера",
        patronymic: "Ивановна",
      },
    ]);
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/edit-user/${created[0]?.userId}`),
    );
  });

  it("shows the server's refusal and stays on the form", async () => {
    const person = userEvent.setup();
    const { app } = renderCreateUser(["role-client"], { refuse: true });
    await person.type(
      await screen.findByLabelText("E-mail или номер телефона", {}, { timeout: 5_000 }),
      "taken@example.ru",
    );
    await person.type(screen.getByLabelText("Фамилия"), "Занят");
    await person.type(screen.getByLabelText("Имя"), "Адрес");
    await person.click(screen.getByRole("button", { name: "Создать пользователя" }));
    expect(await screen.findByText("Пользователь с таким e-mail уже существует")).toBeTruthy();
    expect(app.router.state.location.pathname).toBe("/create-user");
  });

  it("says so when the server allows no role", async () => {
    renderCreateUser([]);
    expect(
      await screen.findByText("Вы не можете создавать пользователей", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Создать пользователя" })).toBeNull();
  });
});
