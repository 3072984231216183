import { accountsApi, authApi, type Profile, type ProfilePage } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  buildAccessToken,
  buildProfile,
  buildTokenPair,
  buildUsersPage,
} from "../../../test/factories.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { on, replyError, scriptedServer } from "../../../test/scripted-server.ts";

const viewerId = "00000000-0000-4000-8000-0000000000a1";
const waitingId = "00000000-0000-4000-8000-0000000000b2";

const waiting = buildProfile({
  userId: waitingId,
  login: "newcomer@example.ru",
  email: "newcomer@example.ru",
  phone: null,
  lastName: "Петров",
  firstName: "Пётр",
  patronymic: null,
  role: "wait-activation",
  authority: ["wait-activation"],
  createdAt: "2024-04-20T09:00:00.000Z",
});
const blocked = buildProfile({
  userId: "00000000-0000-4000-8000-0000000000d4",
  login: "blocked@example.ru",
  email: "blocked@example.ru",
  lastName: null,
  firstName: null,
  patronymic: null,
  status: "blocked",
});

interface Backend {
  /** The user list answered for each request; the search params of each are kept. */
  listed: URLSearchParams[];
  roleChanges: Array<{ url: string; body: unknown }>;
}

/**
 * The app signed in as `role` over a scripted server: the user list answers
 * `page(params)`, a role change answers `roleChangeStatus`.
 */
function renderClientBase(
  role: string,
  options: {
    path?: string;
    page?: (params: URLSearchParams, backend: Backend) => ProfilePage;
    roleChangeStatus?: number;
  } = {},
) {
  const backend: Backend = { listed: [], roleChanges: [] };
  const page = options.page ?? (() => buildUsersPage([waiting, buildProfile(), blocked]));
  const app = renderApp(
    options.path ?? "/client-base",
    scriptedServer(
      on(authApi.refreshToken, ({ reply }) =>
        reply(buildTokenPair({ sub: viewerId, authority: [role] }, "next")),
      ),
      on(accountsApi.listUsers, ({ query, reply }) => {
        backend.listed.push(query);
        return reply(page(query, backend));
      }),
      on(accountsApi.changeRole, ({ path, params, body, reply }) => {
        backend.roleChanges.push({ url: path, body });
        const status = options.roleChangeStatus ?? 200;
        return status === 200
          ? reply({ userId: params.userId, authority: [body.newRole] })
          : replyError(status, { type: "forbidden", reason: "Недостаточно прав", message: "" });
      }),
      on(accountsApi.getPersonalInfo, ({ params, reply }) =>
        params.userId === viewerId
          ? reply(buildProfile({ userId: viewerId, role: role as Profile["role"] }))
          : replyError(404, { type: "not-found", reason: "Нет", message: "no such user" }),
      ),
    ),
    { token: buildAccessToken(), refreshToken: "stored" },
  );
  return { app, backend };
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest("tr");
  if (!row) throw new Error(`No row holds ${text}`);
  return row;
}

describe("client base", () => {
  it("lists the users: name, login, phone, role, status and registration date", async () => {
    const { backend } = renderClientBase("role-admin");
    // The file's first render also loads the lazy screen module, which on a
    // busy machine takes longer than findBy's default second.
    expect(await screen.findByText("Иванова Анна Сергеевна", {}, { timeout: 5_000 })).toBeTruthy();
    const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
    expect(headers).toEqual([
      "ФИО",
      "Логин",
      "Телефон",
      "Роль",
      "Статус",
      "Дата регистрации",
      "Действия",
    ]);
    const client = within(rowOf("Иванова Анна Сергеевна"));
    expect(client.getByText("client@example.ru")).toBeTruthy();
    expect(client.getByText("+7 (916) 123-45-67")).toBeTruthy();
    expect(client.getByText("Клиент")).toBeTruthy();
    expect(client.getByText("Активен").className).toContain("chip--active");
    expect(client.getByText("05.03.2024")).toBeTruthy();
    expect(client.queryByRole("button", { name: /Активировать/ })).toBeNull();

    const waitingRow = within(rowOf("Петров Пётр"));
    expect(waitingRow.getByText("Ожидает активации")).toBeTruthy();
    expect(waitingRow.getByText("20.04.2024")).toBeTruthy();
    expect(waitingRow.getByRole("button", { name: "Активировать Петров Пётр" })).toBeTruthy();

    const blockedRow = within(rowOf("blocked@example.ru"));
    expect(blockedRow.getByText("Заблокирован").className).toContain("chip--blocked");
    expect(blockedRow.getAllByText("—")).toHaveLength(1);
    expect(screen.getByText("Всего: 3")).toBeTruthy();

    const [first] = backend.listed;
    expect(Object.fromEntries(first ?? [])).toEqual({
      page: "0",
      count: "30",
      sortBy: "registration-date",
    });
  });

  it("activates a waiting account: 'Change role complete', then the list is fetched again", async () => {
    const user = userEvent.setup();
    let activated = false;
    const { backend } = renderClientBase("role-client-manager", {
      page: () =>
        buildUsersPage([
          activated ? { ...waiting, role: "role-client", authority: ["role-client"] } : waiting,
        ]),
    });
    const button = await screen.findByRole("button", { name: "Активировать Петров Пётр" });
    const listedBefore = backend.listed.length;
    activated = true;
    await user.click(button);

    expect(await screen.findByText("Change role complete")).toBeTruthy();
    expect(backend.roleChanges).toEqual([
      { url: `/api/v1/auth/role/${waitingId}/change`, body: { newRole: "role-client" } },
    ]);
    await waitFor(() => expect(backend.listed.length).toBeGreaterThan(listedBefore));
    await waitFor(() => expect(within(rowOf("Петров Пётр")).getByText("Клиент")).toBeTruthy());
    expect(screen.queryByRole("button", { name: /Активировать/ })).toBeNull();
  });

  it("says 'Change role failed' when the server refuses", async () => {
    const user = userEvent.setup();
    const { backend } = renderClientBase("role-admin", { roleChangeStatus: 403 });
    await user.click(await screen.findByRole("button", { name: "Активировать Петров Пётр" }));
    expect(await screen.findByText("Change role failed")).toBeTruthy();
    expect(screen.queryByText("Change role complete")).toBeNull();
    expect(backend.roleChanges).toHaveLength(1);
    expect(within(rowOf("Петров Пётр")).getByText("Ожидает активации")).toBeTruthy();
  });

  it("shows support the list without actions", async () => {
    renderClientBase("role-support");
    expect(await screen.findByText("Петров Пётр")).toBeTruthy();
    expect(screen.queryByRole("columnheader", { name: "Действия" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Активировать/ })).toBeNull();
  });

  it("searches from ?query=, says 'Ничего не найдено', and keeps both search boxes in step", async () => {
    const user = userEvent.setup();
    const { app, backend } = renderClientBase("role-admin", {
      path: "/client-base?query=nobody",
      page: (params) =>
        params.get("query") === "anna" ? buildUsersPage([buildProfile()]) : buildUsersPage([]),
    });
    expect(await screen.findByText("Ничего не найдено")).toBeTruthy();
    expect(backend.listed.at(-1)?.get("query")).toBe("nobody");
    const pageBox = screen.getByRole("searchbox", { name: "Поиск пользователей" });
    const headerBox = screen.getByRole("searchbox", { name: "Поиск по логину" });
    expect((pageBox as HTMLInputElement).value).toBe("nobody");
    expect((headerBox as HTMLInputElement).value).toBe("nobody");

    await user.clear(pageBox);
    await user.type(pageBox, " anna ");
    await waitFor(() => expect(app.router.state.location.search).toBe("?query=anna"));
    expect(await screen.findByText("Иванова Анна Сергеевна")).toBeTruthy();
    expect((headerBox as HTMLInputElement).value).toBe("anna");

    // The header search lands on the same page and the page box follows it.
    await user.clear(headerBox);
    await user.type(headerBox, "nobody{Enter}");
    await waitFor(() => expect(app.router.state.location.search).toBe("?query=nobody"));
    expect(await screen.findByText("Ничего не найдено")).toBeTruthy();
    expect((pageBox as HTMLInputElement).value).toBe("nobody");
  });

  it("pages through the list and starts a new order from the first page", async () => {
    const user = userEvent.setup();
    const { app, backend } = renderClientBase("role-admin", {
      page: (params) =>
        buildUsersPage(
          [
            buildProfile({
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
    expect(backend.listed.at(-1)?.get("page")).toBe("1");

    await user.selectOptions(screen.getByLabelText("Сортировка"), "name");
    await waitFor(() => expect(app.router.state.location.search).toBe("?sortBy=name"));
    expect(await screen.findByText("Страница0")).toBeTruthy();
    expect(Object.fromEntries(backend.listed.at(-1) ?? [])).toMatchObject({
      page: "0",
      sortBy: "name",
    });
  });
});
