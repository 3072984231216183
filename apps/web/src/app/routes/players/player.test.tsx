import { type PlayerPlaylist, playersApi, playlistsApi } from "@fonika/shared";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildPlaylist } from "../../../test/library-factories.ts";
import {
  buildPlayer,
  buildPlayerLive,
  buildPlayerPlaylist,
  onePage,
} from "../../../test/players-factories.ts";
import { PHONE_WIDTH, stubScreenWidth } from "../../../test/screen-width.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

async function playlistsSection() {
  const heading = await screen.findByRole("heading", { name: "Плейлисты плеера" });
  const section = heading.closest("section");
  if (!section) throw new Error("no playlists section");
  return section;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The sections folded on a phone, in the order the owner finds them under the remote. */
const FOLDED = [
  "Плейлисты плеера",
  "Расписание",
  "Переход между песнями",
  "Плеер",
  "История эфира",
];

describe("a player's page", () => {
  it("shows the player, its playlists with those out of the tariff marked, and the remote waiting for its state", async () => {
    const player = buildPlayer({
      userId: SIGNED_IN_USER_ID,
      name: "Бокс у стойки",
      type: "boxPlayer",
      serialBoxNumber: "FB-7",
      establishmentName: "Бар на Садовой",
      address: "Москва, Садовая, 1",
    });
    renderSignedIn(
      "role-client",
      `/player/${player.id}`,
      on(playersApi.getPlayer, ({ reply }) => reply(player)),
      on(playersApi.listPlayerPlaylists, ({ reply }) =>
        reply({
          data: [
            buildPlayerPlaylist({ name: "Утро в кофейне" }),
            buildPlayerPlaylist({ name: "Лаунж прошлого тарифа", playable: false }),
          ],
        }),
      ),
    );
    expect(await screen.findByRole("heading", { name: "Бокс у стойки", level: 1 })).toBeTruthy();
    expect(screen.getByText("Бокс-плеер · Бар на Садовой · Москва, Садовая, 1")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Бар на Садовой" }).getAttribute("href")).toBe(
      `/client-objects/${player.establishmentId}`,
    );
    expect(screen.getByText("FB-7")).toBeTruthy();
    const section = await playlistsSection();
    const items = await within(section).findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Утро в кофейнеУбрать",
      "Лаунж прошлого тарифане входит в тарифУбрать",
    ]);
    expect(screen.getByRole("heading", { name: "Пульт плеера" })).toBeTruthy();
    // No command can be sent before the server's snapshot says what the player does.
    expect((screen.getByRole("button", { name: "Играть" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText("Ждём состояние плеера…")).toBeTruthy();
  });

  it("adds a playlist from those the owner may play and takes one off", async () => {
    const player = buildPlayer({ userId: SIGNED_IN_USER_ID });
    const morning = buildPlaylist({ name: "Утро в кофейне" });
    const evening = buildPlaylist({ name: "Вечерний джаз" });
    let attached: PlayerPlaylist[] = [
      buildPlayerPlaylist({ playlistId: morning.id, name: morning.name }),
    ];
    const allowedFor: string[] = [];
    const calls: string[] = [];
    renderSignedIn(
      "role-client",
      `/player/${player.id}`,
      on(playersApi.getPlayer, ({ reply }) => reply(player)),
      on(playersApi.listPlayerPlaylists, ({ reply }) => reply({ data: attached })),
      on(playlistsApi.listAllowedPlaylists, ({ params, reply }) => {
        allowedFor.push(params.userId);
        return reply(
          onePage([
            { ...morning, songCount: 12 },
            { ...evening, songCount: 3 },
          ]),
        );
      }),
      on(playersApi.addPlayerPlaylist, ({ params, body, reply }) => {
        calls.push(`add ${params.id} ${body.playlistId}`);
        attached = [
          ...attached,
          buildPlayerPlaylist({ playlistId: evening.id, name: evening.name }),
        ];
        return reply({ data: attached });
      }),
      on(playersApi.removePlayerPlaylist, ({ params, reply }) => {
        calls.push(`remove ${params.id} ${params.playlistId}`);
        attached = attached.filter((playlist) => playlist.playlistId !== params.playlistId);
        return reply({ data: attached });
      }),
    );
    const section = await playlistsSection();
    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: "Добавить плейлист" }));
    const picker = await screen.findByRole("dialog", { name: "Добавить плейлист" });
    expect(await within(picker).findByText("Уже на плеере")).toBeTruthy();
    expect(within(picker).getByText("3 трека")).toBeTruthy();
    await user.click(
      within(picker).getByRole("button", { name: "Добавить плейлист Вечерний джаз" }),
    );
    expect(await screen.findByText("Плейлист «Вечерний джаз» добавлен на плеер")).toBeTruthy();
    expect(await within(section).findByText("Вечерний джаз")).toBeTruthy();
    expect(allowedFor).toEqual([SIGNED_IN_USER_ID]);
    await user.click(within(picker).getByRole("button", { name: "Закрыть" }));

    await user.click(
      within(section).getByRole("button", { name: "Убрать плейлист Утро в кофейне" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Убрать плейлист с плеера?" });
    await user.click(within(dialog).getByRole("button", { name: "Убрать" }));
    expect(await screen.findByText("Плейлист убран с плеера")).toBeTruthy();
    expect(within(section).queryByText("Утро в кофейне")).toBeNull();
    expect(calls).toEqual([`add ${player.id} ${evening.id}`, `remove ${player.id} ${morning.id}`]);
  });

  it("shows the server's refusal of a playlist outside the tariff", async () => {
    const player = buildPlayer({ userId: SIGNED_IN_USER_ID });
    const lounge = buildPlaylist({ name: "Лаунж" });
    renderSignedIn(
      "role-client",
      `/player/${player.id}`,
      on(playersApi.getPlayer, ({ reply }) => reply(player)),
      on(playersApi.listPlayerPlaylists, ({ reply }) => reply({ data: [] })),
      on(playlistsApi.listAllowedPlaylists, ({ reply }) =>
        reply(onePage([{ ...lounge, songCount: 5 }])),
      ),
      on(playersApi.addPlayerPlaylist, () =>
        replyError(403, {
          type: "forbidden",
          reason: "Этот плейлист не входит в тарифы клиента",
          message: "not allowed",
        }),
      ),
    );
    const section = await playlistsSection();
    expect(await within(section).findByText("Плейлисты не добавлены")).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: "Добавить плейлист" }));
    const picker = await screen.findByRole("dialog", { name: "Добавить плейлист" });
    await user.click(
      await within(picker).findByRole("button", { name: "Добавить плейлист Лаунж" }),
    );
    expect((await within(picker).findByRole("alert")).textContent).toBe(
      "Этот плейлист не входит в тарифы клиента",
    );
  });

  it("removes the player after the confirmation and goes back to the list", async () => {
    const player = buildPlayer({ userId: SIGNED_IN_USER_ID, name: "Терраса" });
    let removed = false;
    renderSignedIn(
      "role-client",
      `/player/${player.id}`,
      on(playersApi.getPlayer, ({ reply }) => reply(player)),
      on(playersApi.listPlayerPlaylists, ({ reply }) => reply({ data: [] })),
      on(playersApi.removePlayer, ({ reply }) => {
        removed = true;
        return reply({ ok: true });
      }),
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([]))),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Удалить плеер Терраса" }));
    const dialog = await screen.findByRole("dialog", { name: "Удалить плеер?" });
    await user.click(within(dialog).getByRole("button", { name: "Удалить" }));
    expect(await screen.findByRole("heading", { name: "Мои плееры", level: 1 })).toBeTruthy();
    expect(removed).toBe(true);
  });

  it("says plainly when the player is not there", async () => {
    const missing = buildPlayer();
    renderSignedIn(
      "role-client",
      `/player/${missing.id}`,
      on(playersApi.getPlayer, () =>
        replyError(404, { type: "not-found", reason: "Плеер не найден", message: "no player" }),
      ),
    );
    expect(await screen.findByText("Плеер не найден")).toBeTruthy();
    expect(screen.getByText(/Возможно, его удалили/)).toBeTruthy();
  });

  it("shows an admin a client's player read-only when the server allows no change", async () => {
    const player = buildPlayer({ name: "Зал клиента", abilities: { edit: false, remove: false } });
    renderSignedIn(
      "role-admin",
      `/role-admin-player/${player.id}`,
      on(playersApi.getPlayer, ({ reply }) => reply(player)),
      on(playersApi.listPlayerPlaylists, ({ reply }) =>
        reply({ data: [buildPlayerPlaylist({ name: "Утро в кофейне" })] }),
      ),
    );
    expect(await screen.findByRole("heading", { name: "Зал клиента", level: 1 })).toBeTruthy();
    const section = await playlistsSection();
    expect(await within(section).findByText("Утро в кофейне")).toBeTruthy();
    // The section's title folds it; nothing in it changes the player.
    expect(
      within(section)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Плейлисты плеера"]);
    expect(screen.queryByRole("button", { name: /Удалить плеер/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Все плееры" }).getAttribute("href")).toBe(
      "/players-base",
    );
    expect(screen.getByRole("link", { name: player.establishmentName }).getAttribute("href")).toBe(
      `/client-objects/${player.establishmentId}/${player.userId}`,
    );
  });

  it("on a phone leads with the licence, the pairing and the remote; the settings are folded until opened, and stay as the owner left them", async () => {
    // The mobile layout: below 1024 px.
    stubScreenWidth(PHONE_WIDTH);
    const player = buildPlayer({
      userId: SIGNED_IN_USER_ID,
      name: "Зал",
      licence: { state: "pending", until: null },
    });
    const routes = [
      on(playersApi.getPlayer, ({ reply }) => reply(player)),
      on(playersApi.listPlayerPlaylists, ({ reply }) =>
        reply({
          data: [
            buildPlayerPlaylist({ name: "Утро в кофейне" }),
            buildPlayerPlaylist({ name: "Вечер" }),
          ],
        }),
      ),
      // No device has played it yet: how to pair it comes first.
      on(playersApi.getPlayerLive, ({ reply }) => reply(buildPlayerLive())),
    ];
    renderSignedIn("role-client", `/player/${player.id}`, ...routes);
    const pairing = await screen.findByRole("heading", { name: "Подключите плеер" });
    const licence = screen.getByTestId("player-licence");
    const remote = screen.getByRole("heading", { name: "Пульт плеера" });
    const order = [
      licence,
      pairing,
      remote,
      ...FOLDED.map((name) => screen.getByRole("heading", { name })),
    ];
    for (const [index, element] of order.slice(1).entries()) {
      const before = order[index];
      expect(
        before && before.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
    for (const name of FOLDED) {
      expect(screen.getByRole("button", { name }).getAttribute("aria-expanded")).toBe("false");
    }
    // Closed, a section says what it holds; what is in it is not drawn.
    expect(await screen.findByText("2 плейлиста")).toBeTruthy();
    expect(screen.getByText("4 с")).toBeTruthy();
    expect(screen.getByText("Веб-плеер · с 08.05.2024")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Плейлисты плеера" })).toBeNull();
    expect(screen.getByRole("button", { name: "Играть" })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Плейлисты плеера" }));
    expect(
      screen.getByRole("button", { name: "Плейлисты плеера" }).getAttribute("aria-expanded"),
    ).toBe("true");
    const list = await screen.findByRole("list", { name: "Плейлисты плеера" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);

    // Opened again later on this phone, the page is as the owner left it.
    cleanup();
    renderSignedIn("role-client", `/player/${player.id}`, ...routes);
    const again = await screen.findByRole("button", { name: "Плейлисты плеера" });
    expect(again.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("button", { name: "Расписание" }).getAttribute("aria-expanded")).toBe(
      "false",
    );
  });
});
