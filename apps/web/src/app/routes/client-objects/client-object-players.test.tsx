import {
  establishmentsApi,
  type Player,
  playersApi,
  type ServerSocketMessage,
  serverSocketMessageSchema,
  songsApi,
} from "@fonika/shared";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, type Mock } from "vitest";
import { buildEstablishment, CLIENT_ID } from "../../../test/establishments-factories.ts";
import { buildSong } from "../../../test/library-factories.ts";
import { buildPlayer, onePage } from "../../../test/players-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

async function playersSection() {
  const heading = await screen.findByRole("heading", { name: "Плееры заведения" });
  const section = heading.closest("section");
  if (!section) throw new Error("no players section");
  return section;
}

describe("the players of an establishment's page", () => {
  it("says there are none yet, adds a web player to this venue and lists it with its link", async () => {
    const venue = buildEstablishment({ userId: SIGNED_IN_USER_ID });
    let players: Player[] = [];
    const added: unknown[] = [];
    const askedFor: (string | null)[] = [];
    renderSignedIn(
      "role-client",
      `/client-objects/${venue.id}`,
      on(establishmentsApi.getEstablishment, ({ reply }) => reply(venue)),
      on(playersApi.listUserPlayers, ({ params, query, reply }) => {
        askedFor.push(`${params.userId}/${query.get("establishmentId")}`);
        return reply(onePage(players));
      }),
      on(playersApi.addPlayer, ({ body, reply }) => {
        added.push(body);
        const player = buildPlayer({
          userId: SIGNED_IN_USER_ID,
          establishmentId: venue.id,
          establishmentName: venue.name,
          name: body.name,
          address: body.address,
        });
        players = [player];
        return reply(player);
      }),
    );
    const section = await playersSection();
    expect(await within(section).findByText("Плееров пока нет")).toBeTruthy();
    expect(askedFor[0]).toBe(`${SIGNED_IN_USER_ID}/${venue.id}`);

    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: "Добавить плеер" }));
    const dialog = await screen.findByRole("dialog", { name: "Новый плеер" });
    expect((within(dialog).getByLabelText("Адрес") as HTMLInputElement).value).toBe(venue.address);
    await user.click(within(dialog).getByRole("button", { name: "Добавить" }));
    expect(await within(dialog).findByText("Введите от 3 до 200 символов")).toBeTruthy();
    expect(added).toEqual([]);

    await user.type(within(dialog).getByLabelText("Название"), "Зал у окна");
    await user.click(within(dialog).getByRole("button", { name: "Добавить" }));
    expect(await screen.findByText("Плеер «Зал у окна» добавлен")).toBeTruthy();
    expect(added).toEqual([
      {
        name: "Зал у окна",
        type: "web",
        address: venue.address,
        establishmentId: venue.id,
      },
    ]);
    const link = await within(section).findByRole("link", { name: "Зал у окна" });
    expect(link.getAttribute("href")).toBe(`/player/${players[0]?.id}`);
    expect(within(section).getByText("Веб-плеер")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("asks a box player's serial number and shows the server's refusal in the form", async () => {
    const venue = buildEstablishment({ userId: SIGNED_IN_USER_ID });
    const added: unknown[] = [];
    renderSignedIn(
      "role-client",
      `/client-objects/${venue.id}`,
      on(establishmentsApi.getEstablishment, ({ reply }) => reply(venue)),
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([]))),
      on(playersApi.addPlayer, ({ body }) => {
        added.push(body);
        return replyError(409, {
          type: "conflict",
          reason: "Плеер с таким серийным номером уже есть",
          message: "serial taken",
        });
      }),
    );
    const section = await playersSection();
    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: "Добавить плеер" }));
    const dialog = await screen.findByRole("dialog", { name: "Новый плеер" });
    await user.type(within(dialog).getByLabelText("Название"), "Бокс в зале");
    await user.selectOptions(within(dialog).getByLabelText("Тип"), "Бокс-плеер");
    await user.click(within(dialog).getByRole("button", { name: "Добавить" }));
    expect(await within(dialog).findByText("Укажите серийный номер плеера")).toBeTruthy();
    expect(added).toEqual([]);

    await user.type(within(dialog).getByLabelText("Серийный номер"), "FB-000123");
    await user.click(within(dialog).getByRole("button", { name: "Добавить" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Плеер с таким серийным номером уже есть",
    );
    expect(added).toEqual([
      {
        name: "Бокс в зале",
        type: "boxPlayer",
        serialBoxNumber: "FB-000123",
        address: venue.address,
        establishmentId: venue.id,
      },
    ]);
  });

  it("removes a player after the confirmation", async () => {
    const venue = buildEstablishment({ userId: SIGNED_IN_USER_ID });
    const box = buildPlayer({
      userId: SIGNED_IN_USER_ID,
      establishmentId: venue.id,
      name: "Бокс в зале",
      type: "boxPlayer",
      serialBoxNumber: "FB-000123",
      address: "Москва, ул. Лесная, 5, зал 2",
    });
    let players = [box];
    const removed: string[] = [];
    renderSignedIn(
      "role-client",
      `/client-objects/${venue.id}`,
      on(establishmentsApi.getEstablishment, ({ reply }) => reply(venue)),
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage(players))),
      on(playersApi.removePlayer, ({ params, reply }) => {
        removed.push(`${params.id}/${params.userId}`);
        players = [];
        return reply({ ok: true });
      }),
    );
    const section = await playersSection();
    expect(await within(section).findByText("Бокс-плеер · № FB-000123")).toBeTruthy();
    expect(within(section).getByText("Москва, ул. Лесная, 5, зал 2")).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: "Удалить плеер Бокс в зале" }));
    const dialog = await screen.findByRole("dialog", { name: "Удалить плеер?" });
    await user.click(within(dialog).getByRole("button", { name: "Удалить" }));
    expect(await screen.findByText("Плеер удалён")).toBeTruthy();
    expect(await within(section).findByText("Плееров пока нет")).toBeTruthy();
    expect(removed).toEqual([`${box.id}/${SIGNED_IN_USER_ID}`]);
  });

  it("lets a support reader see a client's players without adding or removing", async () => {
    const venue = buildEstablishment({ abilities: { edit: false, subscribe: false } });
    const player = buildPlayer({
      establishmentId: venue.id,
      abilities: { edit: false, remove: false },
    });
    const askedFor: string[] = [];
    renderSignedIn(
      "role-support",
      `/client-objects/${venue.id}/${CLIENT_ID}`,
      on(establishmentsApi.getEstablishment, ({ reply }) => reply(venue)),
      on(playersApi.listUserPlayers, ({ params, reply }) => {
        askedFor.push(params.userId);
        return reply(onePage([player]));
      }),
    );
    const section = await playersSection();
    expect(await within(section).findByRole("link", { name: player.name })).toBeTruthy();
    expect(within(section).queryByRole("button")).toBeNull();
    expect(askedFor).toEqual([CLIENT_ID]);
  });
});

describe("the live line of each player on an establishment's page", () => {
  it("shows the owner whether a player is online, what it plays, and plays or pauses it", async () => {
    const venue = buildEstablishment({ userId: SIGNED_IN_USER_ID });
    const player = buildPlayer({ userId: SIGNED_IN_USER_ID, establishmentId: venue.id });
    const song = buildSong({ title: "Осенний блюз", artists: ["Квартет Ли"] });
    const view = renderSignedIn(
      "role-client",
      `/client-objects/${venue.id}`,
      on(establishmentsApi.getEstablishment, ({ reply }) => reply(venue)),
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([player]))),
      on(songsApi.getSongMeta, ({ reply }) => reply(song)),
    );
    const section = await playersSection();
    await within(section).findByRole("link", { name: player.name });
    const state = {
      playerId: player.id,
      songId: song.id,
      previousSongId: null,
      nextSongId: null,
      playlistId: null,
      positionSeconds: 0,
      positionAt: null,
      loop: false,
      shuffle: false,
      volume: 100,
      playing: false,
      online: true,
      lastSeenAt: null,
    };
    const serverSends = (frame: unknown) => {
      const message = serverSocketMessageSchema.parse(frame);
      const subscribe = view.playerSocket.subscribe as Mock;
      act(() => {
        for (const [listener] of subscribe.mock.calls as [(m: ServerSocketMessage) => void][]) {
          listener(message);
        }
      });
    };
    serverSends({ type: "playerState", state });
    expect(await within(section).findByText("Осенний блюз")).toBeTruthy();
    expect(within(section).getByText("В сети")).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: "Играть" }));
    expect(view.playerSocket.send).toHaveBeenCalledWith({ type: "play", playerId: player.id });
    expect(within(section).getByRole("button", { name: "Играть" }).getAttribute("aria-busy")).toBe(
      "true",
    );
    serverSends({ type: "needToStartPlayerError", playerId: player.id });
    expect(
      within(section).getByText(
        "Плеер не запущен: откройте веб-плеер в заведении или включите бокс-плеер",
      ),
    ).toBeTruthy();
    serverSends({ type: "playerState", state: { ...state, playing: true } });
    expect(within(section).getByRole("button", { name: "Пауза" })).toBeTruthy();
  });
});
