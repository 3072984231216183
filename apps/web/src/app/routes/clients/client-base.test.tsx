import { accountsApi, MESSAGES, type ProfilePage, type Role } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildUsersPage } from "../../../test/factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";
import { buildUser, buildWaitingUser, profilesOf } from "../../../test/users-factories.ts";

const client = buildUser({ abilities: { edit: true, delete: true } });
const waiting = buildWaitingUser({ abilities: { activate: true, edit: true } });
const blocked = buildUser({
  login: "blocked@example.ru",
  email: "blocked@example.ru",
  lastName: null,
  firstName: null,
  patronymic: null,
  status: "blocked",
});

interface Backend {
  /** The search params of every user-list call. */
  listed: URLSearchParams[];
  roleChanges: Array<{ userId: string; newRole: string }>;
}

/**
 * The app signed in as `role` on `path`: the user list answers
 * `page(params)`, a role change answers `roleChangeStatus`.
 */
function renderClientBase(
  role: Role,
  options: {
    path?: string;
    page?: (params: URLSearchParams) => ProfilePage | ReturnType<typeof buildUsersPage>;
    roleChangeStatus?: number;
  } = {},
) {
  const backend: Backend = { listed: [], roleChanges: [] };
  const page = options.page ?? (() => buildUsersPage([waiting, client, blocked]));
  const app = renderSignedIn(
    role,
    options.path ?? "/client-base",
    on(accountsApi.listUsers, ({ query, reply }) => {
      backend.listed.push(query);
      return reply(page(query));
    }),
    on(accountsApi.changeRole, ({ params, body, reply }) => {
      backend.roleChanges.push({ userId: params.userId, newRole: body.newRole });
      const status = options.roleChangeStatus ?? 200;
      return status === 200
        ? reply({ userId: params.userId, authority: [body.newRole] })
        : replyError(status, { type: "forbidden", reason: "Недостаточно прав", message: "" });
    }),
    profilesOf(role, () => [client, waiting, blocked]),
  );
  return { app, backend };
}

function rowOf(text: string): HTMLElement {
  const [cell] = screen.getAllByText(text);
  const row = cell?.closest("tr");
  if (!row) throw new Error(`No row holds ${text}`);
  return row;
}

const lastListed = (backend: Backend) => Object.fromEntries(backend.listed.at(-1) ?? []);

describe("client base", () => {
  it("lists name, login, phone, role, status chip and registration date, 30 a page", async () => {
    const { backend } = renderClientBase("role-admin");
    // The file's first render also loads the lazy screen module.
    expect(await screen.findByText("Иванова Анна Сергеевна", {}, { timeout: 5_000 })).toBeTruthy();
    const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
    // Login and phone stand under the name: the table fits 1280 px with its actions.
    expect(headers).toEqual(["ФИО", "Роль", "Статус", "Регистрация", "Действия"]);
    const clientRow = within(rowOf("Иванова Анна Сергеевна"));
    expect(clientRow.getByText("client@example.ru")).toBeTruthy();
    expect(clientRow.getByText("+7 (916) 123-45-67")).toBeTruthy();
    expect(clientRow.getByText("Клиент")).toBeTruthy();
    expect(clientRow.getByText("Активен").className).toContain("chip--active");
    expect(clientRow.getByText("05.03.2024")).toBeTruthy();

    const waitingRow = within(rowOf("Петров Пётр"));
    expect(waitingRow.getByText("Ожидает активации")).toBeTruthy();
    expect(waitingRow.getByText("Ждёт активации").className).toContain("chip--pending");

    // No name yet: the login stands in.
    const blockedRow = within(rowOf("blocked@example.ru"));
    expect(blockedRow.getByText("Заблокирован").className).toContain("chip--blocked");
    expect(screen.getByText("Всего: 3")).toBeTruthy();
    expect(lastListed(backend)).toEqual({ page: "0", count: "30", sortBy: "registration-date" });
  });

  it("opens a user's page from the name and offers 'Создать пользователя'", async () => {
    const user = userEvent.setup();
    const { app } = renderClientBase("role-client-manager", {
      path: "/client-base?query=anna&page=2",
      page: () => buildUsersPage([client], { total: 31 }),
    });
    const create = await screen.findByRole("link", { name: "Создать пользователя" });
    expect(create.getAttribute("href")).toBe("/create-user");
    await user.click(await screen.findByRole("link", { name: "Иванова Анна Сергеевна" }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/client/${client.userId}`),
    );
    // The back arrow leads to the same search and page.
    const back = await screen.findByRole("link", { name: "Назад к пользователям" });
    expect(back.getAttribute("href")).toBe("/client-base?query=anna&page=2");
  });

  it("renders the activate action from each row's abilities, not from the viewer's role", async () => {
    renderClientBase("role-support", {
      page: () => buildUsersPage([buildWaitingUser({ abilities: { activate: false } }), client]),
    });
    expect(await screen.findByText("Петров Пётр")).toBeTruthy();
    // Support may neither activate, edit nor open a client's page.
    expect(screen.queryByRole("columnheader", { name: "Действия" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Активировать/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "Иванова Анна Сергеевна" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Создать пользователя" })).toBeNull();
  });

  it("hides 'Изменить' where the row's abilities.edit is false", async () => {
    renderClientBase("role-client-manager", {
      page: () =>
        buildUsersPage([
          client,
          buildUser({ lastName: "Сотрудник", firstName: null, patronymic: null }),
        ]),
    });
    expect(
      await screen.findByRole("link", { name: "Изменить Иванова Анна Сергеевна" }),
    ).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Изменить Сотрудник" })).toBeNull();
  });

  it("activates a waiting account: «Аккаунт активирован», then the list is fetched again", async () => {
    const user = userEvent.setup();
    let activated = false;
    const { backend } = renderClientBase("role-client-manager", {
      page: () =>
        buildUsersPage([
          activated
            ? {
                ...waiting,
                role: "role-client",
                authority: ["role-client"],
                abilities: client.abilities,
              }
            : waiting,
        ]),
    });
    const button = await screen.findByRole("button", { name: "Активировать Петров Пётр" });
    const listedBefore = backend.listed.length;
    activated = true;
    await user.click(button);

    expect(await screen.findByText("Аккаунт активирован")).toBeTruthy();
    expect(backend.roleChanges).toEqual([{ userId: waiting.userId, newRole: "role-client" }]);
    await waitFor(() => expect(backend.listed.length).toBeGreaterThan(listedBefore));
    await waitFor(() => expect(within(rowOf("Петров Пётр")).getByText("Клиент")).toBeTruthy());
    expect(screen.queryByRole("button", { name: /Активировать/ })).toBeNull();
  });

  it("says «Не удалось активировать аккаунт» when the server refuses", async () => {
    const user = userEvent.setup();
    const { backend } = renderClientBase("role-admin", { roleChangeStatus: 403 });
    await user.click(await screen.findByRole("button", { name: "Активировать Петров Пётр" }));
    expect(await screen.findByText("Не удалось активировать аккаунт")).toBeTruthy();
    expect(screen.queryByText("Аккаунт активирован")).toBeNull();
    expect(backend.roleChanges).toHaveLength(1);
    expect(within(rowOf("Петров Пётр")).getByText("Ожидает активации")).toBeTruthy();
  });

  it("searches from ?query=, says 'Ничего не найдено', and keeps both search boxes in step", async () => {
    const user = userEvent.setup();
    const { app, backend } = renderClientBase("role-admin", {
      path: "/client-base?query=nobody",
      page: (params) =>
        params.get("query") === "anna" ? buildUsersPage([client]) : buildUsersPage([]),
    });
    expect(await screen.findByText("Ничего не найдено")).toBeTruthy();
    expect(backend.listed.at(-1)?.get("query")).toBe("nobody");
    const pageBox = screen.getByRole("searchbox", { name: "Поиск пользователей" });
    const headerBox = screen.getByRole("searchbox", { name: "Поиск клиентов" });
    expect((pageBox as HTMLInputElement).value).toBe("nobody");
    expect((headerBox as HTMLInputElement).value).toBe("nobody");

    await user.clear(pageBox);
    await user.type(pageBox, " anna ");
    await waitFor(() => expect(app.router.state.location.search).toBe("?query=anna"));
    expect(await screen.findByText("Иванова Анна Сергеевна")).toBeTruthy();
    expect((headerBox as HTMLInputElement).value).toBe("anna");

    await user.clear(headerBox);
    await user.type(headerBox, "nobody{Enter}");
    await waitFor(() => expect(app.router.state.location.search).toBe("?query=nobody"));
    expect(await screen.findByText("Ничего не найдено")).toBeTruthy();
    expect((pageBox as HTMLInputElement).value).toBe("nobody");
  });

  it("filters by role and status in the address bar and sends them to the server", async () => {
    const user = userEvent.setup();
    const { app, backend } = renderClientBase("role-admin", {
      page: (params) =>
        params.get("status") === "blocked" ? buildUsersPage([blocked]) : buildUsersPage([client]),
    });
    expect(await screen.findByText("Иванова Анна Сергеевна")).toBeTruthy();

    await user.selectOptions(screen.getByLabelText("Роль"), "Ожидает активации");
    await waitFor(() => expect(app.router.state.location.search).toBe("?role=wait-activation"));
    await waitFor(() =>
      expect(lastListed(backend)).toMatchObject({ role: "wait-activation", page: "0" }),
    );

    await user.click(screen.getByRole("radio", { name: "Заблокированные" }));
    await waitFor(() =>
      expect(app.router.state.location.search).toBe("?role=wait-activation&status=blocked"),
    );
    expect(await screen.findByRole("link", { name: "blocked@example.ru" })).toBeTruthy();
    expect(lastListed(backend)).toMatchObject({ role: "wait-activation", status: "blocked" });

    await user.selectOptions(screen.getByLabelText("Роль"), "Все роли");
    await user.click(screen.getByRole("radio", { name: "Все" }));
    await waitFor(() => expect(app.router.state.location.search).toBe(""));
    await waitFor(() => expect(lastListed(backend).status).toBeUndefined());
    expect(lastListed(backend).role).toBeUndefined();
  });

  it("lists deleted accounts under their own filter as 'Удалённый клиент', erased", async () => {
    const user = userEvent.setup();
    // As the server answers a deleted client: names, login and phone erased.
    const deleted = buildUser({
      login: "",
      email: null,
      phone: null,
      contactEmail: null,
      contactPhone: null,
      company: null,
      lastName: null,
      firstName: null,
      patronymic: null,
      status: "deleted",
    });
    const deletedStaff = buildUser({
      login: "",
      email: null,
      phone: null,
      lastName: null,
      firstName: null,
      patronymic: null,
      role: "role-support",
      authority: ["role-support"],
      status: "deleted",
    });
    const { app, backend } = renderClientBase("role-admin", {
      page: (params) =>
        params.get("status") === "deleted"
          ? buildUsersPage([deleted, deletedStaff])
          : buildUsersPage([client]),
    });
    expect(await screen.findByText("Иванова Анна Сергеевна", {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText(MESSAGES.deletedClient)).toBeNull();

    await user.click(screen.getByRole("radio", { name: "Удалённые" }));
    await waitFor(() => expect(app.router.state.location.search).toBe("?status=deleted"));
    const link = await screen.findByRole("link", { name: MESSAGES.deletedClient });
    expect(link.getAttribute("href")).toBe(`/client/${deleted.userId}`);
    expect(lastListed(backend)).toMatchObject({ status: "deleted", page: "0" });
    const row = within(rowOf(MESSAGES.deletedClient));
    expect(row.getByText("Удалён").className).toBe("chip");
    expect(row.getByText("Клиент")).toBeTruthy();
    // The erased login and phone leave no lines under the name.
    const who = row.getByRole("link", { name: MESSAGES.deletedClient }).parentElement;
    expect(who?.textContent).toBe(MESSAGES.deletedClient);
    expect(within(rowOf(MESSAGES.deletedUser)).getByText("Поддержка")).toBeTruthy();
  });

  it("reads the filters of a shared address and says so when nobody matches", async () => {
    const { backend } = renderClientBase("role-admin", {
      path: "/client-base?role=role-support&status=active&sortBy=login",
      page: () => buildUsersPage([]),
    });
    expect(await screen.findByText("С такими фильтрами никого нет.")).toBeTruthy();
    expect(lastListed(backend)).toMatchObject({
      role: "role-support",
      status: "active",
      sortBy: "login",
    });
    expect((screen.getByRole("radio", { name: "Активные" }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it("pages through the list and starts a new order from the first page", async () => {
    const user = userEvent.setup();
    const { app, backend } = renderClientBase("role-admin", {
      page: (params) =>
        buildUsersPage(
          [
            buildUser({
              lastName: `Страница${params.get("page")}`,
              firstName: null,
              patronymic: null,
            }),
          ],
          { total: 31 },
        ),
    });
    expect(await screen.findByText("Страница0")).toBeTruthy();
    expect(screen.getByText("Страница 1 из 2")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Следующая страница" }));
    expect(await screen.findByText("Страница1")).toBeTruthy();
    expect(app.router.state.location.search).toBe("?page=2");
    expect(lastListed(backend)).toMatchObject({ page: "1", count: "30" });

    // A click on a column header orders by it, from the first page.
    await user.click(screen.getByRole("button", { name: "ФИО" }));
    await waitFor(() => expect(app.router.state.location.search).toBe("?sortBy=name"));
    expect(await screen.findByText("Страница0")).toBeTruthy();
    expect(lastListed(backend)).toMatchObject({ page: "0", sortBy: "name" });
    expect(screen.getByRole("columnheader", { name: "ФИО" }).getAttribute("aria-sort")).toBe(
      "ascending",
    );

    await user.selectOptions(screen.getByLabelText("Сортировка"), "login");
    await waitFor(() => expect(app.router.state.location.search).toBe("?sortBy=login"));
    await waitFor(() => expect(lastListed(backend)).toMatchObject({ sortBy: "login" }));
  });

  it("shows the server's refusal instead of the list", async () => {
    renderSignedIn(
      "role-admin",
      "/client-base",
      on(accountsApi.listUsers, () =>
        replyError(403, { type: "forbidden", reason: "Недостаточно прав", message: "" }),
      ),
    );
    expect(await screen.findByText("Не удалось загрузить пользователей")).toBeTruthy();
    expect(screen.getByText("Недостаточно прав")).toBeTruthy();
  });
});
