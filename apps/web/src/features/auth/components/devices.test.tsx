import {
  accountsApi,
  authApi,
  type DeviceCodeInfo,
  type Establishment,
  establishmentsApi,
  type Player,
  playersApi,
} from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { deviceApprovalUrl } from "../../../config/paths.ts";
import { buildProfile, buildTokenPair } from "../../../test/factories.ts";
import { buildPlayer } from "../../../test/players-factories.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { on, replyError, scriptedServer } from "../../../test/scripted-server.ts";

const clientId = "00000000-0000-4000-8000-000000000001";
const signedIn = buildTokenPair({ sub: clientId, authority: ["role-client"] }, "stored");
const session = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  kind: "browser" as const,
  current: false,
  createdAt: "2026-11-20T09:00:00.000Z",
  lastUsedAt: "2026-11-23T10:15:00.000Z",
  expiresAt: "2026-12-20T09:00:00.000Z",
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/150.0.0.0 Safari/537.36",
  establishmentId: null,
  ...overrides,
});

const accountRoutes = [
  on(authApi.refreshToken, ({ reply }) => reply(signedIn)),
  on(accountsApi.getPersonalInfo, ({ reply }) =>
    reply(buildProfile({ userId: clientId, role: "role-client", authority: ["role-client"] })),
  ),
];

const establishment = (id: string, name: string): Establishment => ({
  id,
  userId: clientId,
  name,
  address: "Москва, Тверская, 7",
  explicitFilter: false,
  timeZone: "Europe/Moscow",
  layoutFile: null,
  playerInfo: { players: 0, online: 0 },
  subscriptionInfo: null,
  createdAt: "2026-11-20T09:00:00.000Z",
  abilities: { edit: true, subscribe: true },
});

const ownEstablishments = (list: Establishment[]) =>
  on(establishmentsApi.listEstablishments, ({ params, reply }) => {
    expect(params.userId).toBe(clientId);
    return reply({ data: list, total: list.length, totalPages: 1 });
  });

const cafe = "00000000-0000-4000-8000-0000000000f1";
const gym = "00000000-0000-4000-8000-0000000000f2";

describe("approving a device code", () => {
  it("shows when, where and from which browser the code was made before the approve button", async () => {
    const approvals: unknown[] = [];
    renderApp(
      "/cabinet",
      scriptedServer(
        ...accountRoutes,
        ownEstablishments([establishment(cafe, "Кофейня"), establishment(gym, "Спортзал")]),
        on(authApi.inspectDeviceCode, ({ body, reply }) => {
          expect(body).toEqual({ code: "482913" });
          return reply({
            createdAt: "2026-11-23T10:00:00.000Z",
            expiresAt: "2026-11-23T10:10:00.000Z",
            ip: "198.51.100.4",
            userAgent:
              "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0",
            kind: "device",
          });
        }),
        on(authApi.approveDeviceCode, ({ body, reply }) => {
          approvals.push(body);
          return reply({ ok: true, playerId: null });
        }),
      ),
      signedIn,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Код с экрана устройства"), "482913");
    expect(screen.queryByRole("button", { name: "Подтвердить вход устройства" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Проверить код" }));

    expect(await screen.findByText("198.51.100.4")).toBeTruthy();
    expect(screen.getByText("Firefox 140 · Windows")).toBeTruthy();
    expect(approvals).toEqual([]);
    // Two establishments: the owner says which one the player is for.
    await user.click(screen.getByRole("button", { name: "Подтвердить вход устройства" }));
    expect(
      await screen.findByText("Выберите заведение, в котором будет играть устройство"),
    ).toBeTruthy();
    expect(approvals).toEqual([]);
    await user.selectOptions(screen.getByLabelText("Заведение"), "Спортзал, Москва, Тверская, 7");
    await user.click(screen.getByRole("button", { name: "Подтвердить вход устройства" }));
    await waitFor(() => expect(approvals).toEqual([{ code: "482913", establishmentId: gym }]));
    expect(await screen.findByText("Плеер подключён")).toBeTruthy();
  });

  it("sends an owner without establishments to add one first", async () => {
    renderApp("/cabinet", scriptedServer(...accountRoutes, ownEstablishments([])), signedIn);
    const link = await screen.findByRole("link", { name: "Добавьте первое заведение" });
    expect(link.getAttribute("href")).toBe("/add-client-objects");
    expect(screen.queryByLabelText("Код с экрана устройства")).toBeNull();
  });
});

const webPlayerCode: DeviceCodeInfo = {
  createdAt: "2026-11-23T10:00:00.000Z",
  expiresAt: "2026-11-23T10:10:00.000Z",
  ip: "198.51.100.4",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/150.0.0.0 Safari/537.36",
  kind: "webPlayer",
};

/** The owner's players: every establishment's, of both kinds. */
const ownPlayers = (list: Player[]) =>
  on(playersApi.listUserPlayers, ({ params, reply }) => {
    expect(params.userId).toBe(clientId);
    return reply({ data: list, total: list.length, totalPages: 1 });
  });

describe("approving a web player's code", () => {
  it("opens from the approval link with its code looked up and binds it to a chosen web player", async () => {
    const approvals: unknown[] = [];
    const bar = buildPlayer({ userId: clientId, establishmentId: cafe, name: "Бар" });
    const hall = buildPlayer({ userId: clientId, establishmentId: cafe, name: "Зал" });
    const box = buildPlayer({
      userId: clientId,
      establishmentId: cafe,
      name: "Приставка",
      type: "boxPlayer",
      serialBoxNumber: "BX-1",
    });
    const gymPlayer = buildPlayer({ userId: clientId, establishmentId: gym, name: "Тренажёры" });
    const link = new URL(deviceApprovalUrl("https://fonika.example", "482913"));
    expect(link.toString()).toBe("https://fonika.example/connect-device?code=482913");
    renderApp(
      `${link.pathname}${link.search}`,
      scriptedServer(
        ...accountRoutes,
        ownEstablishments([establishment(cafe, "Кофейня"), establishment(gym, "Спортзал")]),
        ownPlayers([bar, hall, box, gymPlayer]),
        on(authApi.inspectDeviceCode, ({ body, reply }) => {
          expect(body).toEqual({ code: "482913" });
          return reply(webPlayerCode);
        }),
        on(authApi.approveDeviceCode, ({ body, reply }) => {
          approvals.push(body);
          return reply({ ok: true, playerId: hall.id });
        }),
        on(playersApi.getPlayer, ({ params, reply }) => {
          expect(params.id).toBe(hall.id);
          return reply(hall);
        }),
      ),
      signedIn,
    );
    const user = userEvent.setup();
    // The link's code (checked in the inspection's handler) is looked up without a click.
    expect(await screen.findByText("Веб-плеер в браузере")).toBeTruthy();
    // The player is chosen after the establishment, among that establishment's web players.
    expect(screen.queryByLabelText("Веб-плеер")).toBeNull();
    await user.selectOptions(screen.getByLabelText("Заведение"), "Кофейня, Москва, Тверская, 7");
    const players = screen.getByLabelText<HTMLSelectElement>("Веб-плеер");
    const labels = within(players)
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(labels).toEqual(["Выберите веб-плеер", "Бар", "Зал", "Новый веб-плеер"]);
    await user.click(screen.getByRole("button", { name: "Подтвердить вход устройства" }));
    expect(
      await screen.findByText("Выберите веб-плеер, который будет играть на устройстве"),
    ).toBeTruthy();
    expect(approvals).toEqual([]);
    await user.selectOptions(players, "Зал");
    await user.click(screen.getByRole("button", { name: "Подтвердить вход устройства" }));
    await waitFor(() =>
      expect(approvals).toEqual([{ code: "482913", establishmentId: cafe, playerId: hall.id }]),
    );
    expect(
      await screen.findByText("Веб-плеер подключён: на устройстве будет играть «Зал»"),
    ).toBeTruthy();
  });

  it("makes a new web player by default where the establishment has none, and names it", async () => {
    const approvals: unknown[] = [];
    const made = buildPlayer({ userId: clientId, establishmentId: gym, name: "Веб-плеер 1" });
    const box = buildPlayer({
      userId: clientId,
      establishmentId: gym,
      type: "boxPlayer",
      serialBoxNumber: "BX-2",
    });
    renderApp(
      "/cabinet?code=551177",
      scriptedServer(
        ...accountRoutes,
        ownEstablishments([establishment(gym, "Спортзал")]),
        ownPlayers([box]),
        on(authApi.inspectDeviceCode, ({ reply }) => reply(webPlayerCode)),
        on(authApi.approveDeviceCode, ({ body, reply }) => {
          approvals.push(body);
          return reply({ ok: true, playerId: made.id });
        }),
        on(playersApi.getPlayer, ({ reply }) => reply(made)),
      ),
      signedIn,
    );
    const user = userEvent.setup();
    // The link's code is looked up at once: the device's details and the choice, no 'Проверить код'.
    const players = await screen.findByLabelText<HTMLSelectElement>("Веб-плеер");
    await waitFor(() => expect(players.value).toBe("new"));
    await user.click(screen.getByRole("button", { name: "Подтвердить вход устройства" }));
    await waitFor(() => expect(approvals).toEqual([{ code: "551177", establishmentId: gym }]));
    expect(
      await screen.findByText("Веб-плеер подключён: на устройстве будет играть «Веб-плеер 1»"),
    ).toBeTruthy();
  });

  it("shows the server's reason when it refuses the chosen player", async () => {
    const bar = buildPlayer({ userId: clientId, establishmentId: cafe, name: "Бар" });
    renderApp(
      "/cabinet?code=482913",
      scriptedServer(
        ...accountRoutes,
        ownEstablishments([establishment(cafe, "Кофейня")]),
        ownPlayers([bar]),
        on(authApi.inspectDeviceCode, ({ reply }) => reply(webPlayerCode)),
        on(authApi.approveDeviceCode, () =>
          replyError(404, {
            type: "not-found",
            reason: "Плеер не найден",
            message: "Player not found",
          }),
        ),
      ),
      signedIn,
    );
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText("Веб-плеер"), "Бар");
    await user.click(screen.getByRole("button", { name: "Подтвердить вход устройства" }));
    expect(await screen.findByText("Плеер не найден")).toBeTruthy();
  });

  it("ignores a link's code that is not six digits", async () => {
    renderApp(
      "/cabinet?code=12ab",
      scriptedServer(...accountRoutes, ownEstablishments([establishment(cafe, "Кофейня")])),
      signedIn,
    );
    const field = await screen.findByLabelText<HTMLInputElement>("Код с экрана устройства");
    expect(field.value).toBe("");
  });
});

describe("the profile's devices and browsers", () => {
  it("lists where the user is signed in and ends another session", async () => {
    const ended: string[] = [];
    let sessions = [
      session("00000000-0000-4000-8000-0000000000b1", { current: true }),
      session("00000000-0000-4000-8000-0000000000b2", {
        kind: "device",
        expiresAt: null,
        ip: "192.0.2.10",
      }),
    ];
    renderApp(
      "/profile",
      scriptedServer(
        ...accountRoutes,
        on(authApi.listSessions, ({ reply }) => reply({ data: sessions })),
        on(authApi.endSession, ({ params, reply }) => {
          ended.push(params.sessionId);
          sessions = sessions.filter((item) => item.id !== params.sessionId);
          return reply({ ok: true });
        }),
      ),
      signedIn,
    );
    const table = await screen.findByRole("table", {
      name: "Устройства и браузеры, где выполнен вход",
    });
    await within(table).findByText("Плеер заведения");
    expect(within(table).getByText("Это устройство")).toBeTruthy();
    expect(within(table).getByText("192.0.2.10")).toBeTruthy();
    // The current browser cannot be ended from here (that is logging out).
    const buttons = within(table).getAllByRole("button", { name: /^Завершить/ });
    expect(buttons).toHaveLength(1);
    await userEvent.setup().click(buttons[0] as HTMLElement);
    await waitFor(() => expect(ended).toEqual(["00000000-0000-4000-8000-0000000000b2"]));
    await waitFor(() => expect(within(table).queryByText("Плеер заведения")).toBeNull());
  });
});
