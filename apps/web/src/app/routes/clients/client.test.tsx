import { accountsApi, establishmentsApi, type Role, subscriptionsApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildUsersPage } from "../../../test/factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";
import {
  buildEstablishment,
  buildSubscription,
  buildUser,
  profilesOf,
} from "../../../test/users-factories.ts";

type UserBody = ReturnType<typeof buildUser>;

interface ClientOptions {
  establishments?: ReturnType<typeof buildEstablishment>[];
  subscriptions?: ReturnType<typeof buildSubscription>[];
  deleteStatus?: number;
}

/** The app signed in as `role` on the page of `user`; `deleted` keeps the deletions asked for. */
function renderClient(role: Role, user: UserBody, options: ClientOptions = {}) {
  const deleted: string[] = [];
  const app = renderSignedIn(
    role,
    `/client/${user.userId}`,
    profilesOf(role, () => [user]),
    on(establishmentsApi.listEstablishments, ({ params, query, reply }) => {
      expect(params.userId).toBe(user.userId);
      const data = options.establishments ?? [];
      expect(query.get("count")).toBe("30");
      return reply({ data, total: data.length, totalPages: data.length ? 1 : 0 });
    }),
    on(subscriptionsApi.listUserSubscriptions, ({ reply }) =>
      reply({ data: options.subscriptions ?? [] }),
    ),
    on(accountsApi.deleteAccount, ({ params, reply }) => {
      deleted.push(params.userId);
      return options.deleteStatus
        ? replyError(options.deleteStatus, {
            type: "conflict",
            reason: "Заблокированного пользователя нельзя удалить",
            message: "",
          })
        : reply({ ok: true });
    }),
    on(accountsApi.listUsers, ({ reply }) => reply(buildUsersPage([]))),
  );
  return { app, deleted };
}

describe("client page", () => {
  it("shows the profile header, establishments, subscriptions and players", async () => {
    const user = buildUser({ abilities: { edit: true, delete: true } });
    const cafe = buildEstablishment(user.userId, {
      playerInfo: { players: 2, online: 1 },
    });
    const bar = buildEstablishment(user.userId, { name: "Бар «Вечер»", address: "Тверская, 1" });
    const subscription = buildSubscription(user.userId, cafe.id);
    renderClient("role-admin", user, {
      establishments: [cafe, bar],
      subscriptions: [subscription],
    });

    expect(
      await screen.findByRole("heading", { name: "Иванова Анна Сергеевна" }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByText("Активен").className).toContain("chip--active");
    const header = screen
      .getByRole("heading", { name: "Иванова Анна Сергеевна" })
      .closest("header");
    if (!header) throw new Error("No profile header");
    expect(within(header).getByText("АИ")).toBeTruthy();
    expect(within(header).getByText("Клиент")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Назад к пользователям" }).getAttribute("href")).toBe(
      "/client-base",
    );
    expect(screen.getByRole("link", { name: "Редактировать" }).getAttribute("href")).toBe(
      `/edit-user/${user.userId}`,
    );
    expect(screen.getByRole("button", { name: "Удалить" })).toBeTruthy();

    const cafeLink = await screen.findByRole("link", { name: "Кофейня на Арбате" });
    expect(cafeLink.getAttribute("href")).toBe(`/client-objects/${cafe.id}/${user.userId}`);
    expect(screen.getByRole("link", { name: "Бар «Вечер»" })).toBeTruthy();

    const subscriptions = screen.getByRole("heading", { name: "Подписки" }).closest("section");
    if (!subscriptions) throw new Error("No subscriptions section");
    expect(within(subscriptions).getByText("Базовый · Кофейня на Арбате")).toBeTruthy();
    expect(within(subscriptions).getByText("Активна")).toBeTruthy();
    expect(within(subscriptions).getByText(/1\s990\s₽ в месяц/)).toBeTruthy();

    const players = screen.getByRole("heading", { name: "Плееры" }).closest("section");
    if (!players) throw new Error("No players section");
    expect(within(players).getByText("Плееров: 2")).toBeTruthy();
    expect(within(players).getByText("В сети: 1")).toBeTruthy();
    expect(within(players).queryByText("Бар «Вечер»")).toBeNull();
  });

  it("says so where the client has no establishments, subscriptions or players", async () => {
    renderClient("role-client-manager", buildUser());
    expect(await screen.findByText("Пока нет объектов", {}, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText("Подписок пока нет")).toBeTruthy();
    expect(screen.getByText("Пока нет плееров")).toBeTruthy();
    // Abilities allow nothing: neither edit nor delete.
    expect(screen.queryByRole("link", { name: "Редактировать" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Удалить" })).toBeNull();
  });

  it("hides delete for a blocked client", async () => {
    // Even were the server to allow it, SPEC.md §2 hides it for a blocked client.
    const user = buildUser({ status: "blocked", abilities: { edit: true, delete: true } });
    renderClient("role-admin", user);
    expect(await screen.findByText("Заблокирован", {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Редактировать" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Удалить" })).toBeNull();
  });

  it("deletes after confirmation, goes to the client base and says 'Пользователь успешно удален'", async () => {
    const person = userEvent.setup();
    const user = buildUser({ abilities: { delete: true } });
    const { app, deleted } = renderClient("role-client-manager", user);
    await person.click(await screen.findByRole("button", { name: "Удалить" }, { timeout: 5_000 }));
    const dialog = screen.getByRole("dialog", { name: "Удалить пользователя?" });
    await person.click(within(dialog).getByRole("button", { name: "Отмена" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(deleted).toEqual([]);

    await person.click(screen.getByRole("button", { name: "Удалить" }));
    await person.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Удалить" }));
    expect(await screen.findByText("Пользователь успешно удален")).toBeTruthy();
    expect(deleted).toEqual([user.userId]);
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/client-base"));
  });

  it("keeps the dialog with the server's reason when the deletion is refused", async () => {
    const person = userEvent.setup();
    const user = buildUser({ abilities: { delete: true } });
    const { app } = renderClient("role-admin", user, { deleteStatus: 409 });
    await person.click(await screen.findByRole("button", { name: "Удалить" }, { timeout: 5_000 }));
    await person.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Удалить" }));
    expect(await screen.findByText("Заблокированного пользователя нельзя удалить")).toBeTruthy();
    expect(screen.queryByText("Пользователь успешно удален")).toBeNull();
    expect(app.router.state.location.pathname).toBe(`/client/${user.userId}`);
  });

  it("says when there is no such user", async () => {
    renderSignedIn(
      "role-admin",
      "/client/00000000-0000-4000-8000-00000000ffff",
      profilesOf("role-admin", () => []),
      on(establishmentsApi.listEstablishments, ({ reply }) =>
        reply({ data: [], total: 0, totalPages: 0 }),
      ),
      on(subscriptionsApi.listUserSubscriptions, ({ reply }) => reply({ data: [] })),
    );
    expect(await screen.findByText("Пользователь не найден", {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Удалить" })).toBeNull();
  });
});
