import {
  accountsApi,
  establishmentsApi,
  organizationsApi,
  playlistsApi,
  type Role,
  subscriptionsApi,
  tariffsApi,
  type UserTariff,
} from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildUsersPage } from "../../../test/factories.ts";
import { buildPlaylist } from "../../../test/library-factories.ts";
import {
  buildOrganization,
  buildSettlementAccount,
  LEGAL_REQUISITES,
} from "../../../test/profile-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";
import { buildUserTariff } from "../../../test/tariffs-factories.ts";
import {
  buildEstablishment,
  buildSubscription,
  buildUser,
  buildWaitingUser,
  nextUserId,
  profilesOf,
} from "../../../test/users-factories.ts";

type UserBody = ReturnType<typeof buildUser>;
type SubscriptionBody = ReturnType<typeof buildSubscription>;
type OrganizationBody = ReturnType<typeof buildOrganization>;

interface ClientOptions {
  establishments?: ReturnType<typeof buildEstablishment>[];
  subscriptions?: ReturnType<typeof buildSubscription>[];
  /** The client's tariffs; granting and withdrawing playlists change them. */
  tariffs?: UserTariff[];
  /** The library's playlists the picker finds by name. */
  playlists?: ReturnType<typeof buildPlaylist>[];
  /** The status refusing a grant, if it is refused. */
  grantStatus?: number;
  deleteStatus?: number;
  /** The client's organization-info; none filled in (the server's 404) by default. */
  organization?: OrganizationBody;
  /** The status refusing the activation, if it is refused. */
  roleChangeStatus?: number;
  /** Runs once a subscription is active on the server, before its activation is answered. */
  beforeActivationAnswer?: () => Promise<void>;
}

/** The playlist ids granted (`+id`) and withdrawn (`-id`), in order, by tariff. */
type Grants = string[];

/**
 * The app signed in as `role` on the page of `user`; `deleted` keeps the
 * deletions asked for, `grants` the playlists granted and withdrawn.
 */
function renderClient(role: Role, initialUser: UserBody, options: ClientOptions = {}) {
  const deleted: string[] = [];
  const grants: Grants = [];
  const roleChanges: Array<{ userId: string; newRole: string }> = [];
  /** The subscription calls in order: `decide <item> <approval>`, `activate`. */
  const subscriptionCalls: string[] = [];
  let user = initialUser;
  let subscriptions = options.subscriptions ?? [];
  const changeSubscription = (id: string, change: (body: SubscriptionBody) => SubscriptionBody) => {
    subscriptions = subscriptions.map((body) => (body.id === id ? change(body) : body));
    const changed = subscriptions.find((body) => body.id === id);
    if (!changed) throw new Error(`No subscription ${id}`);
    return changed;
  };
  let tariffs = options.tariffs ?? [];
  const changeTariff = (tariffId: string, change: (tariff: UserTariff) => UserTariff) => {
    tariffs = tariffs.map((tariff) => (tariff.id === tariffId ? change(tariff) : tariff));
    const changed = tariffs.find((tariff) => tariff.id === tariffId);
    if (!changed) throw new Error(`No tariff ${tariffId}`);
    return changed;
  };
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
    on(subscriptionsApi.listUserSubscriptions, ({ params, reply }) => {
      expect(params.userId).toBe(user.userId);
      return reply({ data: subscriptions });
    }),
    on(subscriptionsApi.decideSubscriptionItem, ({ params, body, reply }) => {
      subscriptionCalls.push(`decide ${params.itemId} ${body.approval}`);
      return reply(
        changeSubscription(params.id, (current) => {
          const items = current.items.map((item) =>
            item.itemId === params.itemId ? { ...item, approval: body.approval } : item,
          );
          const undecided = items.some((item) => item.approval === "pending");
          return {
            ...current,
            items,
            abilities: { ...current.abilities, activate: !undecided },
          };
        }),
      );
    }),
    on(subscriptionsApi.activateSubscription, async ({ params, reply }) => {
      subscriptionCalls.push("activate");
      const activated = changeSubscription(params.id, (current) => ({
        ...current,
        state: "active",
        startsAt: "2024-05-01T00:00:00.000Z",
        endsAt: "2024-08-01T00:00:00.000Z",
        abilities: { ...current.abilities, activate: false, approveItems: false },
      }));
      await options.beforeActivationAnswer?.();
      return reply(activated);
    }),
    on(organizationsApi.getOrganizationInfo, ({ params, reply }) => {
      expect(params.userId).toBe(user.userId);
      return options.organization
        ? reply(options.organization)
        : replyError(404, {
            type: "not-found",
            reason: "Данные организации ещё не заполнены",
            message: "The profile has no organization yet",
          });
    }),
    on(accountsApi.changeRole, ({ params, body, reply }) => {
      roleChanges.push({ userId: params.userId, newRole: body.newRole });
      if (options.roleChangeStatus) {
        return replyError(options.roleChangeStatus, {
          type: "forbidden",
          reason: "Недостаточно прав",
          message: "",
        });
      }
      // As the server answers afterwards: a client, with nothing left to activate.
      user = {
        ...user,
        role: body.newRole,
        authority: [body.newRole],
        abilities: { ...user.abilities, activate: false },
      };
      return reply({ userId: params.userId, authority: [body.newRole] });
    }),
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
    on(tariffsApi.listUserTariffs, ({ params, reply }) => {
      expect(params.userId).toBe(user.userId);
      return reply({ data: tariffs });
    }),
    on(playlistsApi.listPlaylists, ({ query, reply }) => {
      const text = query.get("text") ?? "";
      const data = (options.playlists ?? []).filter((playlist) =>
        playlist.name.toLowerCase().includes(text.toLowerCase()),
      );
      return reply({ data, total: data.length, totalPages: 1 });
    }),
    on(tariffsApi.addUserTariffPlaylist, ({ params, body, reply }) => {
      expect(params.userId).toBe(user.userId);
      if (options.grantStatus) {
        return replyError(options.grantStatus, {
          type: "not-found",
          reason: "Плейлист не найден",
          message: "",
        });
      }
      grants.push(`+${body.playlistId}`);
      const playlist = options.playlists?.find(({ id }) => id === body.playlistId);
      if (!playlist) throw new Error(`No playlist ${body.playlistId}`);
      return reply(
        changeTariff(params.tariffId, (tariff) => ({
          ...tariff,
          personalPlaylists: [
            ...tariff.personalPlaylists,
            { id: playlist.id, name: playlist.name },
          ],
        })),
      );
    }),
    on(tariffsApi.removeUserTariffPlaylist, ({ params, reply }) => {
      expect(params.userId).toBe(user.userId);
      grants.push(`-${params.playlistId}`);
      return reply(
        changeTariff(params.tariffId, (tariff) => ({
          ...tariff,
          personalPlaylists: tariff.personalPlaylists.filter(({ id }) => id !== params.playlistId),
        })),
      );
    }),
  );
  return { app, deleted, grants, roleChanges, subscriptionCalls };
}

/** The section of the page titled `title`. */
function sectionTitled(title: string): HTMLElement {
  const section = screen.getByRole("heading", { name: title }).closest("section");
  if (!section) throw new Error(`No section '${title}'`);
  return section;
}

/** The names in the list labelled `label`, as shown. */
function namesIn(container: HTMLElement, label: string): string[] {
  const list = within(container).getByRole("list", { name: label });
  return Array.from(list.querySelectorAll("li"), (item) => item.textContent ?? "");
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
    const header = screen
      .getByRole("heading", { name: "Иванова Анна Сергеевна" })
      .closest("header");
    if (!header) throw new Error("No profile header");
    expect(within(header).getByText("Активен").className).toContain("chip--active");
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
    expect(
      within(players).getByRole("link", { name: "Все плееры клиента" }).getAttribute("href"),
    ).toBe(`/players/${user.userId}`);
  });

  it("shows a waiting client's contacts and requisites with one 'Активировать', which makes them a client", async () => {
    const person = userEvent.setup();
    const waiting = buildWaitingUser({
      phone: "79161234567",
      type: "legal",
      company: LEGAL_REQUISITES.company,
      abilities: { activate: true, edit: true, changeRole: true, block: true, delete: true },
    });
    const { roleChanges } = renderClient("role-client-manager", waiting, {
      organization: buildOrganization({
        userId: waiting.userId,
        accounts: [buildSettlementAccount()],
      }),
    });

    const check = (
      await screen.findByRole("heading", { name: "Контакты и реквизиты" }, { timeout: 5_000 })
    ).closest("section");
    if (!check) throw new Error("No check section");
    expect(within(check).getByText(/Клиент заполнил профиль и ждёт активации/)).toBeTruthy();
    // The person to call and the requisites to check, side by side.
    expect(within(check).getByText("+7 (916) 123-45-67")).toBeTruthy();
    expect(within(check).getAllByText("newcomer@example.ru").length).toBeGreaterThan(0);
    expect(await within(check).findByText(LEGAL_REQUISITES.inn)).toBeTruthy();
    expect(within(check).getByText(LEGAL_REQUISITES.kpp)).toBeTruthy();
    expect(within(check).getByText(LEGAL_REQUISITES.ogrn)).toBeTruthy();
    expect(within(check).getByText(/40702810938000060478/)).toBeTruthy();
    expect(
      within(check).getByRole("link", { name: "Все организации клиента" }).getAttribute("href"),
    ).toBe(`/profile/legal-list?clientId=${waiting.userId}`);
    // One action: no role select beside it, nowhere on the page.
    expect(screen.getAllByRole("button", { name: /^Активировать/ })).toHaveLength(1);
    expect(screen.queryByRole("combobox", { name: "Роль" })).toBeNull();
    const header = screen.getByRole("heading", { name: "Петров Пётр" }).closest("header");
    if (!header) throw new Error("No profile header");
    expect(within(header).getByText("Ждёт активации")).toBeTruthy();

    await person.click(within(check).getByRole("button", { name: "Активировать Петров Пётр" }));
    expect(await screen.findByText("Аккаунт активирован")).toBeTruthy();
    expect(roleChanges).toEqual([{ userId: waiting.userId, newRole: "role-client" }]);
    // The page reads the account again: a client now, nothing left to activate.
    await waitFor(() => expect(within(header).getByText("Активен")).toBeTruthy());
    expect(within(header).getByText("Клиент")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Активировать/ })).toBeNull();
    expect(screen.queryByText(/Клиент заполнил профиль и ждёт активации/)).toBeNull();
  });

  it("says «Не удалось активировать аккаунт» with the server's reason and keeps the client waiting", async () => {
    const person = userEvent.setup();
    const waiting = buildWaitingUser({ abilities: { activate: true } });
    const { roleChanges } = renderClient("role-client-manager", waiting, {
      roleChangeStatus: 403,
    });
    await person.click(
      await screen.findByRole("button", { name: "Активировать Петров Пётр" }, { timeout: 5_000 }),
    );
    expect(await screen.findByText("Не удалось активировать аккаунт")).toBeTruthy();
    expect(screen.getByText("Недостаточно прав")).toBeTruthy();
    expect(roleChanges).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Активировать Петров Пётр" })).toBeTruthy();
    expect(screen.getByText("Клиент ещё не заполнил реквизиты организации.")).toBeTruthy();
  });

  it("offers no activation where the server does not allow it", async () => {
    renderClient("role-admin", buildWaitingUser({ abilities: { activate: false } }));
    expect(
      await screen.findByRole("heading", { name: "Контакты и реквизиты" }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Активировать/ })).toBeNull();
  });

  it("approves a pending subscription's item and activates it on the client's page", async () => {
    const person = userEvent.setup();
    const user = buildUser();
    const cafe = buildEstablishment(user.userId);
    const itemId = nextUserId();
    const pending = buildSubscription(user.userId, cafe.id, {
      state: "pending",
      startsAt: null,
      endsAt: null,
      items: [
        {
          itemId,
          featureName: "Озвучка",
          name: "Рекламный ролик",
          price: 500,
          recurrent: false,
          approval: "pending",
        },
      ],
      abilities: {
        edit: true,
        approveItems: true,
        activate: false,
        suspend: false,
        resume: false,
        end: true,
        activateClient: false,
      },
    });
    const active = buildSubscription(user.userId, cafe.id, {
      tariffInfo: { tariffId: nextUserId(), tariffName: "Про", tariffType: "pro", itemIds: [] },
    });
    const { subscriptionCalls } = renderClient("role-client-manager", user, {
      establishments: [cafe],
      subscriptions: [pending, active],
    });

    const row = await screen.findByRole(
      "listitem",
      { name: "Базовый · Кофейня на Арбате" },
      { timeout: 5_000 },
    );
    const section = screen.getByRole("heading", { name: "Подписки" }).closest("section");
    if (!section) throw new Error("No subscriptions section");
    expect(within(section).getByText("Ждут подтверждения: 1")).toBeTruthy();
    expect(within(row).getByText("Ожидает подключения")).toBeTruthy();
    expect(
      within(row).getByRole("link", { name: "Базовый · Кофейня на Арбате" }).getAttribute("href"),
    ).toBe(`/subscription-create/${pending.id}`);
    // Not yet: an item waits for a decision.
    expect(within(row).queryByRole("button", { name: "Активировать" })).toBeNull();
    expect(
      within(row).getByText("Активировать можно, когда все позиции согласованы или отклонены."),
    ).toBeTruthy();
    // The active subscription is only listed: its actions live on its own page.
    const other = screen.getByRole("listitem", { name: "Про · Кофейня на Арбате" });
    expect(within(other).queryByRole("button")).toBeNull();

    await person.click(within(row).getByRole("button", { name: "Согласовать «Рекламный ролик»" }));
    expect(await screen.findByText("Позиция согласована")).toBeTruthy();
    await person.click(await within(row).findByRole("button", { name: "Активировать" }));
    expect(await screen.findByText("Подписка активирована")).toBeTruthy();
    expect(subscriptionCalls).toEqual([`decide ${itemId} approved`, "activate"]);
    // The list is read again: both active, nothing waits.
    await waitFor(() => expect(within(section).queryByText("Ждут подтверждения: 1")).toBeNull());
    const activated = screen.getByRole("listitem", { name: "Базовый · Кофейня на Арбате" });
    expect(within(activated).getByText("Активна")).toBeTruthy();
    expect(within(activated).queryByRole("button")).toBeNull();
  });

  it("says the subscription is active when the list showed it so before the activation was answered", async () => {
    const person = userEvent.setup();
    const user = buildUser();
    const cafe = buildEstablishment(user.userId);
    const pending = buildSubscription(user.userId, cafe.id, {
      state: "pending",
      startsAt: null,
      endsAt: null,
      abilities: {
        edit: true,
        approveItems: false,
        activate: true,
        suspend: false,
        resume: false,
        end: true,
        activateClient: false,
      },
    });
    const name = `${pending.tariffInfo.tariffName} · ${cafe.name}`;
    // Another manager's news reaches the page while this activation is on its way (a busy
    // operator): the list is read again and shows the subscription active, its buttons gone.
    const { app } = renderClient("role-client-manager", user, {
      establishments: [cafe],
      subscriptions: [pending],
      beforeActivationAnswer: async () => {
        for (const listener of app.socketListeners) {
          listener({
            type: "subscriptionChanged",
            subscriptionId: pending.id,
            event: "activated",
            state: "active",
            userId: user.userId,
            establishmentId: cafe.id,
            clientName: "Соколова Мария",
            establishmentName: cafe.name,
            authorId: nextUserId(),
          });
        }
        await waitFor(() =>
          expect(
            within(screen.getByRole("listitem", { name })).queryByRole("button", {
              name: "Активировать",
            }),
          ).toBeNull(),
        );
      },
    });
    const row = await screen.findByRole("listitem", { name }, { timeout: 5_000 });
    await person.click(within(row).getByRole("button", { name: "Активировать" }));
    expect(await screen.findByText("Подписка активирована")).toBeTruthy();
  });

  it("says so where the client has no establishments, subscriptions or players", async () => {
    renderClient("role-client-manager", buildUser());
    expect(await screen.findByText("Пока нет заведений", {}, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText("Подписок пока нет")).toBeTruthy();
    expect(screen.getByText("Пока нет плееров")).toBeTruthy();
    expect(await screen.findByText("Тарифов пока нет")).toBeTruthy();
    // Abilities allow nothing: neither edit nor delete.
    expect(screen.queryByRole("link", { name: "Редактировать" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Удалить" })).toBeNull();
  });

  it("lists the client's tariffs with their own and personal playlists and the establishments holding them", async () => {
    const user = buildUser();
    const cafe = buildEstablishment(user.userId);
    const bar = buildEstablishment(user.userId, { name: "Бар «Вечер»", address: "Тверская, 1" });
    const basic = buildUserTariff({
      name: "Базовый",
      playlists: [
        { id: buildPlaylist().id, name: "Утро в кофейне" },
        { id: buildPlaylist().id, name: "Вечерний лаунж" },
      ],
      personalPlaylists: [{ id: buildPlaylist().id, name: "Джаз для ужина" }],
      establishmentIds: [cafe.id, bar.id],
    });
    const pro = buildUserTariff({ type: "pro", name: "Профи", establishmentIds: [bar.id] });
    renderClient("role-admin", user, { establishments: [cafe, bar], tariffs: [basic, pro] });

    const basicCard = await screen.findByRole("article", { name: "Базовый" }, { timeout: 5_000 });
    expect(sectionTitled("Тарифы и плейлисты").contains(basicCard)).toBe(true);
    expect(
      await within(basicCard).findByText("Заведения: Кофейня на Арбате, Бар «Вечер»"),
    ).toBeTruthy();
    expect(namesIn(basicCard, "Плейлисты тарифа «Базовый»")).toEqual([
      "Утро в кофейне",
      "Вечерний лаунж",
    ]);
    expect(namesIn(basicCard, "Плейлисты, выданные клиенту по тарифу «Базовый»")).toEqual([
      "Джаз для ужина",
    ]);
    // The tariff's own playlists are read-only; a personal one may be withdrawn.
    expect(within(basicCard).queryByRole("button", { name: /Отозвать плейлист «Утро/ })).toBeNull();
    expect(
      within(basicCard).getByRole("button", { name: "Отозвать плейлист «Джаз для ужина»" }),
    ).toBeTruthy();

    const proCard = screen.getByRole("article", { name: "Профи" });
    expect(within(proCard).getByText("Заведения: Бар «Вечер»")).toBeTruthy();
    expect(namesIn(proCard, "Плейлисты тарифа «Профи»")).toEqual(["В тарифе нет плейлистов"]);
    expect(namesIn(proCard, "Плейлисты, выданные клиенту по тарифу «Профи»")).toEqual([
      "Дополнительных плейлистов нет",
    ]);
  });

  it("lets a manager grant a playlist from the library and withdraw one after confirmation", async () => {
    const person = userEvent.setup();
    const user = buildUser();
    const cafe = buildEstablishment(user.userId);
    const own = buildPlaylist({ name: "Утренний джаз" });
    const evening = buildPlaylist({ name: "Вечерний джаз" });
    const basic = buildUserTariff({
      playlists: [{ id: own.id, name: own.name }],
      establishmentIds: [cafe.id],
    });
    const { grants } = renderClient("role-client-manager", user, {
      establishments: [cafe],
      tariffs: [basic],
      playlists: [own, evening],
    });

    await person.click(
      await screen.findByRole(
        "button",
        { name: "Выдать плейлист по тарифу «Базовый»" },
        { timeout: 5_000 },
      ),
    );
    const dialog = screen.getByRole("dialog", { name: "Выдать плейлист" });
    await person.type(within(dialog).getByLabelText("Найти плейлист"), "джаз");
    const add = await within(dialog).findByRole("button", {
      name: "Добавить плейлист «Вечерний джаз»",
    });
    // The tariff's own playlist is not offered again.
    expect(within(dialog).queryByRole("button", { name: /Утренний джаз/ })).toBeNull();
    await person.click(add);
    expect(grants).toEqual([`+${evening.id}`]);
    expect(await screen.findByText("Плейлист «Вечерний джаз» выдан клиенту")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    const card = screen.getByRole("article", { name: "Базовый" });
    expect(namesIn(card, "Плейлисты, выданные клиенту по тарифу «Базовый»")).toEqual([
      "Вечерний джаз",
    ]);

    await person.click(
      within(card).getByRole("button", { name: "Отозвать плейлист «Вечерний джаз»" }),
    );
    const confirm = screen.getByRole("dialog", { name: "Отозвать плейлист?" });
    await person.click(within(confirm).getByRole("button", { name: "Отмена" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(grants).toEqual([`+${evening.id}`]);

    await person.click(
      within(card).getByRole("button", { name: "Отозвать плейлист «Вечерний джаз»" }),
    );
    await person.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: "Отозвать" }),
    );
    expect(await screen.findByText("Плейлист «Вечерний джаз» отозван")).toBeTruthy();
    expect(grants).toEqual([`+${evening.id}`, `-${evening.id}`]);
    expect(namesIn(card, "Плейлисты, выданные клиенту по тарифу «Базовый»")).toEqual([
      "Дополнительных плейлистов нет",
    ]);
    expect(namesIn(card, "Плейлисты тарифа «Базовый»")).toEqual(["Утренний джаз"]);
  });

  it("keeps the grant dialog with the server's reason when the grant is refused", async () => {
    const person = userEvent.setup();
    const user = buildUser();
    const jazz = buildPlaylist({ name: "Вечерний джаз" });
    renderClient("role-admin", user, {
      tariffs: [buildUserTariff()],
      playlists: [jazz],
      grantStatus: 404,
    });
    await person.click(
      await screen.findByRole(
        "button",
        { name: "Выдать плейлист по тарифу «Базовый»" },
        { timeout: 5_000 },
      ),
    );
    const dialog = screen.getByRole("dialog", { name: "Выдать плейлист" });
    await person.type(within(dialog).getByLabelText("Найти плейлист"), "вечер");
    await person.click(
      await within(dialog).findByRole("button", { name: "Добавить плейлист «Вечерний джаз»" }),
    );
    expect(await within(dialog).findByText("Плейлист не найден")).toBeTruthy();
    expect(
      namesIn(
        screen.getByRole("article", { name: "Базовый" }),
        "Плейлисты, выданные клиенту по тарифу «Базовый»",
      ),
    ).toEqual(["Дополнительных плейлистов нет"]);
  });

  it("offers no grant or withdrawal where the server does not allow it", async () => {
    const user = buildUser();
    const basic = buildUserTariff({
      personalPlaylists: [{ id: buildPlaylist().id, name: "Джаз для ужина" }],
      abilities: { edit: false, subscribe: false, grantPlaylists: false },
    });
    renderClient("role-client-manager", user, { tariffs: [basic] });

    const card = await screen.findByRole("article", { name: "Базовый" }, { timeout: 5_000 });
    expect(namesIn(card, "Плейлисты, выданные клиенту по тарифу «Базовый»")).toEqual([
      "Джаз для ужина",
    ]);
    expect(within(card).getByText("Заведений с этим тарифом сейчас нет")).toBeTruthy();
    expect(within(card).queryByRole("button")).toBeNull();
  });

  it("hides delete for a blocked client", async () => {
    // Even were the server to allow it, SPEC.md §2 hides it for a blocked client.
    const user = buildUser({ status: "blocked", abilities: { edit: true, delete: true } });
    renderClient("role-admin", user);
    const header = (
      await screen.findByRole("heading", { name: "Иванова Анна Сергеевна" }, { timeout: 5_000 })
    ).closest("header");
    if (!header) throw new Error("No profile header");
    expect(within(header).getByText("Заблокирован")).toBeTruthy();
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
      on(tariffsApi.listUserTariffs, ({ reply }) => reply({ data: [] })),
    );
    expect(await screen.findByText("Пользователь не найден", {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Удалить" })).toBeNull();
  });
});
