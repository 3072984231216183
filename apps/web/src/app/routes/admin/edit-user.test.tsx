import { type AssignableRole, accountsApi, type Role } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildUsersPage } from "../../../test/factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";
import {
  ADMIN_ON_CLIENT,
  buildAbilities,
  buildUser,
  buildWaitingUser,
  profilesOf,
} from "../../../test/users-factories.ts";

type UserBody = ReturnType<typeof buildUser>;

interface Backend {
  user: UserBody;
  calls: string[];
  roleChanges: AssignableRole[];
  changes: unknown[];
}

/**
 * The edit page of `initial` for `role`; the scripted server keeps the
 * user's state and answers its abilities as the server's policies would
 * for an admin (block while active, unblock while blocked).
 */
function renderEditUser(
  initial: UserBody,
  options: { role?: Role; roleChangeStatus?: number } = {},
) {
  const role = options.role ?? "role-admin";
  const backend: Backend = { user: initial, calls: [], roleChanges: [], changes: [] };
  const setStatus = (status: "active" | "blocked") => {
    backend.user = {
      ...backend.user,
      status,
      abilities: {
        ...backend.user.abilities,
        block: status === "active",
        unblock: status === "blocked",
        delete: status === "active",
      },
    };
  };
  const app = renderSignedIn(
    role,
    `/edit-user/${initial.userId}`,
    profilesOf(role, () => [backend.user]),
    on(accountsApi.changeRole, ({ params, body, reply }) => {
      backend.roleChanges.push(body.newRole);
      if (options.roleChangeStatus) {
        return replyError(options.roleChangeStatus, {
          type: "forbidden",
          reason: "Недостаточно прав",
          message: "",
        });
      }
      backend.user = {
        ...backend.user,
        role: body.newRole,
        authority: [body.newRole],
        abilities: { ...backend.user.abilities, activate: false },
      };
      return reply({ userId: params.userId, authority: [body.newRole] });
    }),
    on(accountsApi.blockAccount, ({ reply }) => {
      backend.calls.push("block");
      setStatus("blocked");
      return reply({ ok: true });
    }),
    on(accountsApi.unblockAccount, ({ reply }) => {
      backend.calls.push("unblock");
      setStatus("active");
      return reply({ ok: true });
    }),
    on(accountsApi.deleteAccount, ({ reply }) => {
      backend.calls.push("delete");
      return reply({ ok: true });
    }),
    on(accountsApi.changePersonalInfo, ({ body, reply }) => {
      backend.changes.push(body);
      backend.user = {
        ...backend.user,
        lastName: body.lastName ?? backend.user.lastName,
        firstName: body.firstName ?? backend.user.firstName,
      };
      return reply(backend.user);
    }),
    on(accountsApi.listUsers, ({ reply }) => reply(buildUsersPage([]))),
  );
  return { app, backend };
}

const heading = (name: string) => screen.findByRole("heading", { name }, { timeout: 5_000 });

describe("edit user", () => {
  it("changes the role among the assignable ones: «Роль изменена»", async () => {
    const person = userEvent.setup();
    const { backend } = renderEditUser(buildUser({ abilities: ADMIN_ON_CLIENT }));
    await heading("Иванова Анна Сергеевна");
    const select = screen.getByLabelText("Роль");
    expect(within(select).getAllByRole("option")).toHaveLength(7);
    const change = screen.getByRole("button", { name: "Сменить роль" });
    expect((change as HTMLButtonElement).disabled).toBe(true);

    await person.selectOptions(select, "Поддержка");
    await person.click(change);
    expect(await screen.findByText("Роль изменена")).toBeTruthy();
    expect(backend.roleChanges).toEqual(["role-support"]);
    // The profile is fetched again: the header shows the new role.
    const header = (await heading("Иванова Анна Сергеевна")).closest("header");
    if (!header) throw new Error("No header");
    await waitFor(() => expect(within(header).getByText("Поддержка")).toBeTruthy());
  });

  it("says «Не удалось изменить роль» when the server refuses the role", async () => {
    const person = userEvent.setup();
    renderEditUser(buildUser({ abilities: ADMIN_ON_CLIENT }), { roleChangeStatus: 403 });
    await heading("Иванова Анна Сергеевна");
    await person.selectOptions(screen.getByLabelText("Роль"), "Администратор");
    await person.click(screen.getByRole("button", { name: "Сменить роль" }));
    expect(await screen.findByText("Не удалось изменить роль")).toBeTruthy();
    expect(screen.queryByText("Роль изменена")).toBeNull();
  });

  it("activates a waiting client where abilities.activate says so", async () => {
    const person = userEvent.setup();
    const { backend } = renderEditUser(
      buildWaitingUser({
        abilities: { edit: true, activate: true, block: true, delete: true },
      }),
      { role: "role-client-manager" },
    );
    await heading("Петров Пётр");
    // No role choice without abilities.changeRole.
    expect(screen.queryByLabelText("Роль")).toBeNull();
    await person.click(screen.getByRole("button", { name: "Активировать" }));
    expect(await screen.findByText("Аккаунт активирован")).toBeTruthy();
    expect(backend.roleChanges).toEqual(["role-client"]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Активировать" })).toBeNull());
  });

  it("offers a waiting client 'Активировать', with the role select folded under 'Другая роль'", async () => {
    const person = userEvent.setup();
    const { backend } = renderEditUser(
      buildWaitingUser({
        abilities: {
          edit: true,
          activate: true,
          changeRole: true,
          assignableRoles: ["edit-personal-info", "wait-activation", "role-client"],
        },
      }),
      { role: "role-client-manager" },
    );
    await heading("Петров Пётр");
    const activate = screen.getByRole("button", { name: "Активировать" });
    const roleSelect = screen.getByLabelText("Роль");
    // Folded away: not shown beside the activation until asked for.
    const fold = roleSelect.closest("details");
    expect(fold?.open).toBe(false);
    expect(activate.closest("details")).toBeNull();
    await person.click(screen.getByText("Другая роль"));
    await waitFor(() => expect(fold?.open).toBe(true));
    await person.selectOptions(roleSelect, "Заполнение профиля");
    await person.click(screen.getByRole("button", { name: "Сменить роль" }));
    expect(await screen.findByText("Роль изменена")).toBeTruthy();
    expect(backend.roleChanges).toEqual(["edit-personal-info"]);
  });

  it("blocks after confirmation, then offers unblock and hides delete", async () => {
    const person = userEvent.setup();
    const { backend } = renderEditUser(buildUser({ abilities: ADMIN_ON_CLIENT }));
    await heading("Иванова Анна Сергеевна");
    expect(screen.getByRole("button", { name: "Удалить" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Разблокировать" })).toBeNull();

    await person.click(screen.getByRole("button", { name: "Заблокировать" }));
    const dialog = screen.getByRole("dialog", { name: "Заблокировать пользователя?" });
    expect(within(dialog).getByText(/открытые сеансы завершатся сразу/)).toBeTruthy();
    await person.click(within(dialog).getByRole("button", { name: "Заблокировать" }));
    expect(await screen.findByText("Пользователь заблокирован")).toBeTruthy();
    expect(backend.calls).toEqual(["block"]);
    expect(await screen.findByRole("button", { name: "Разблокировать" })).toBeTruthy();
    expect(screen.getAllByText("Заблокирован").length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Удалить" })).toBeNull();

    await person.click(screen.getByRole("button", { name: "Разблокировать" }));
    await person.click(
      within(screen.getByRole("dialog", { name: "Разблокировать пользователя?" })).getByRole(
        "button",
        { name: "Разблокировать" },
      ),
    );
    expect(await screen.findByText("Пользователь разблокирован")).toBeTruthy();
    expect(backend.calls).toEqual(["block", "unblock"]);
    expect(await screen.findByRole("button", { name: "Заблокировать" })).toBeTruthy();
  });

  it("saves names and contacts, refusing an unfinished phone first", async () => {
    const person = userEvent.setup();
    const { backend } = renderEditUser(buildUser({ abilities: { edit: true } }));
    await heading("Иванова Анна Сергеевна");
    const lastName = screen.getByLabelText("Фамилия");
    await person.clear(lastName);
    await person.type(lastName, "Сидорова");
    await person.type(screen.getByLabelText("Контактный телефон"), "91612");
    await person.click(screen.getByRole("button", { name: "Сохранить изменения" }));
    expect(screen.getByText("Введите номер телефона полностью")).toBeTruthy();
    expect(backend.changes).toEqual([]);

    await person.type(screen.getByLabelText("Контактный телефон"), "34567");
    await person.type(screen.getByLabelText("Контактный e-mail"), "Anna@Example.ru");
    await person.click(screen.getByRole("button", { name: "Сохранить изменения" }));
    expect(await screen.findByText("Данные пользователя сохранены")).toBeTruthy();
    expect(backend.changes).toEqual([
      {
        lastName: "Сидорова",
        firstName: "Анна",
        patronymic: "Сергеевна",
        phone: "79161234567",
        contactEmail: "anna@example.ru",
        company: "",
      },
    ]);
    expect(await heading("Сидорова Анна Сергеевна")).toBeTruthy();
  });

  it("shows nothing the abilities do not allow", async () => {
    renderEditUser(buildUser({ abilities: buildAbilities() }), { role: "role-client-manager" });
    await heading("Иванова Анна Сергеевна");
    expect(
      screen.getByText("Личные данные этого пользователя вы изменить не можете."),
    ).toBeTruthy();
    expect(screen.getByText("Менять роль и доступ этого пользователя вы не можете.")).toBeTruthy();
    for (const name of [
      "Сохранить изменения",
      "Сменить роль",
      "Активировать",
      "Заблокировать",
      "Удалить",
    ]) {
      expect(screen.queryByRole("button", { name })).toBeNull();
    }
  });

  it("deletes after confirmation and goes to the client base with 'Пользователь успешно удален'", async () => {
    const person = userEvent.setup();
    const { app, backend } = renderEditUser(buildUser({ abilities: ADMIN_ON_CLIENT }));
    await heading("Иванова Анна Сергеевна");
    await person.click(screen.getByRole("button", { name: "Удалить" }));
    await person.click(
      within(screen.getByRole("dialog", { name: "Удалить пользователя?" })).getByRole("button", {
        name: "Удалить",
      }),
    );
    expect(await screen.findByText("Пользователь успешно удален")).toBeTruthy();
    expect(backend.calls).toEqual(["delete"]);
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/client-base"));
  });
});
