import { playersApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PLAYERS_BASE_REFRESH_MS } from "../../../features/players/api/list-all-players.ts";
import { CLIENT_ID } from "../../../test/establishments-factories.ts";
import {
  buildPlayer,
  buildPlayerLive,
  buildPlayerRequest,
  buildStaffPlayer,
  onePage,
} from "../../../test/players-factories.ts";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";

/** A song on a player, as the players base names it. */
const nowPlaying = {
  songId: "00000000-0000-4000-8000-00000000a001",
  title: "Кофе с корицей",
  artists: ["Оркестр Утра", "Лена Л."],
  playlistId: "00000000-0000-4000-8000-00000000a002",
  playlistName: "Утро в кофейне",
};

/** A section of the page by its heading. */
async function sectionNamed(name: string) {
  const heading = await screen.findByRole("heading", { name });
  const section = heading.closest("section");
  if (!section) throw new Error(`no section ${name}`);
  return within(section);
}

describe("the players base", () => {
  it("lists every player with client and venue, 30 a page, searching as one types", async () => {
    const bar = buildStaffPlayer({
      name: "Бокс у стойки",
      type: "boxPlayer",
      serialBoxNumber: "FB-7",
      clientName: "Анна Смирнова",
      establishmentName: "Бар на Садовой",
    });
    const hall = buildStaffPlayer({ name: "Зал у окна", clientName: "Иван Петров" });
    const asked: Record<string, string>[] = [];
    renderSignedIn(
      "role-admin",
      "/players-base",
      on(playersApi.listAllPlayers, ({ query, reply }) => {
        asked.push(Object.fromEntries(query));
        if (query.get("query") === "Смирнова") return reply(onePage([bar]));
        if (query.get("page") === "1") {
          return reply({ data: [hall], total: 31, totalPages: 2 });
        }
        return reply({ data: [bar, hall], total: 31, totalPages: 2 });
      }),
      on(playersApi.listPlayerRequests, ({ reply }) => reply(onePage([]))),
    );
    const table = await screen.findByRole("table", { name: "Плееры" });
    expect(await within(table).findByText("Анна Смирнова")).toBeTruthy();
    expect(within(table).getByText("№ FB-7")).toBeTruthy();
    expect(within(table).getByRole("link", { name: "Бокс у стойки" }).getAttribute("href")).toBe(
      `/role-admin-player/${bar.id}`,
    );
    expect(within(table).getByRole("link", { name: "Бар на Садовой" }).getAttribute("href")).toBe(
      `/client-objects/${bar.establishmentId}/${bar.userId}`,
    );
    expect(asked[0]).toEqual({ page: "0", count: "30", sortBy: "createdAt" });

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Следующая страница" }));
    await waitFor(() => expect(within(table).queryByText("Анна Смирнова")).toBeNull());
    expect(asked.at(-1)).toEqual({ page: "1", count: "30", sortBy: "createdAt" });

    await user.type(screen.getByRole("searchbox", { name: "Поиск плееров" }), "Смирнова");
    await waitFor(() => expect(within(table).queryByText("Иван Петров")).toBeNull());
    expect(within(table).getByText("Анна Смирнова")).toBeTruthy();
    expect(asked.at(-1)).toEqual({
      page: "0",
      count: "30",
      sortBy: "createdAt",
      query: "Смирнова",
    });
  });

  it("says when the search finds nothing, and leads support to the shared player page", async () => {
    const hall = buildStaffPlayer({ name: "Зал у окна" });
    renderSignedIn(
      "role-support",
      "/players-base?query=нет-такого",
      on(playersApi.listAllPlayers, ({ query, reply }) =>
        reply(onePage(query.get("query") ? [] : [hall])),
      ),
      on(playersApi.listPlayerRequests, ({ reply }) => reply(onePage([]))),
    );
    expect(await screen.findByText("Ничего не найдено")).toBeTruthy();
    expect(screen.getByText("Заявок пока нет")).toBeTruthy();
    const user = userEvent.setup();
    await user.clear(screen.getByRole("searchbox", { name: "Поиск плееров" }));
    const link = await screen.findByRole("link", { name: "Зал у окна" });
    expect(link.getAttribute("href")).toBe(`/player/${hall.id}`);
  });

  it("shows the clients' purchase and leave requests with the buyer's details", async () => {
    renderSignedIn(
      "role-client-manager",
      "/players-base",
      on(playersApi.listAllPlayers, ({ reply }) => reply(onePage([]))),
      on(playersApi.listPlayerRequests, ({ reply }) =>
        reply(
          onePage([
            buildPlayerRequest({ comment: "Нужен к пятнице" }),
            buildPlayerRequest({
              kind: "leave",
              userId: CLIENT_ID,
              playerId: null,
              playerName: "Терраса",
              name: null,
              phone: null,
              email: null,
              company: null,
              quantity: null,
              address: "Москва, ул. Лесная, 5",
            }),
          ]),
        ),
      ),
    );
    expect(await screen.findByText("Плееров пока нет")).toBeTruthy();
    const requests = await screen.findByRole("table", { name: "Заявки по плеерам" });
    expect(await within(requests).findByText("Покупка бокс-плеера, 2 шт.")).toBeTruthy();
    expect(within(requests).getByText("+7 (900) 123-45-67")).toBeTruthy();
    expect(within(requests).getByText("ivan@example.ru")).toBeTruthy();
    expect(within(requests).getByText("Нужен к пятнице")).toBeTruthy();
    expect(within(requests).getByText("Отключение плеера «Терраса»")).toBeTruthy();
  });
});

describe("the players base's live state and filters", () => {
  it("shows whether each player is online, playing or paused, what it plays and when it was last seen", async () => {
    const hall = buildStaffPlayer({
      name: "Зал",
      live: buildPlayerLive({
        online: true,
        playing: true,
        nowPlaying,
        lastSeenAt: new Date().toISOString(),
      }),
    });
    const till = buildStaffPlayer({
      name: "Касса",
      type: "boxPlayer",
      serialBoxNumber: "FB-9",
      live: buildPlayerLive({
        online: true,
        nowPlaying: { ...nowPlaying, artists: [], playlistId: null, playlistName: null },
        lastSeenAt: new Date().toISOString(),
      }),
    });
    const terrace = buildStaffPlayer({
      name: "Терраса",
      live: buildPlayerLive({ lastSeenAt: new Date(Date.now() - 5 * 60_000).toISOString() }),
    });
    const cellar = buildStaffPlayer({ name: "Подвал" });
    renderSignedIn(
      "role-support",
      "/players-base",
      on(playersApi.listAllPlayers, ({ reply }) => reply(onePage([hall, till, terrace, cellar]))),
      on(playersApi.listPlayerRequests, ({ reply }) => reply(onePage([]))),
    );
    const table = await screen.findByRole("table", { name: "Плееры" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual([
      "Плеер",
      "Тип",
      "Клиент",
      "Заведение и адрес",
      "Состояние",
      "Сейчас играет",
      "Последний раз в сети",
    ]);
    const rowOf = async (name: string) => {
      const link = await within(table).findByRole("link", { name });
      const row = link.closest("tr");
      if (!row) throw new Error(`no row of ${name}`);
      return within(row);
    };
    const hallRow = await rowOf("Зал");
    expect(hallRow.getAllByText("В сети")).toHaveLength(2);
    expect(hallRow.getByText("Играет")).toBeTruthy();
    expect(hallRow.getByText("Кофе с корицей — Оркестр Утра, Лена Л.")).toBeTruthy();
    expect(hallRow.getByText("Утро в кофейне")).toBeTruthy();
    const tillRow = await rowOf("Касса");
    expect(tillRow.getByText("Пауза")).toBeTruthy();
    expect(tillRow.getByText("Кофе с корицей")).toBeTruthy();
    const terraceRow = await rowOf("Терраса");
    expect(terraceRow.getByText("Не в сети")).toBeTruthy();
    expect(terraceRow.queryByText("Пауза")).toBeNull();
    expect(terraceRow.getByText("5 мин назад")).toBeTruthy();
    expect((await rowOf("Подвал")).getByText("Никогда")).toBeTruthy();
  });

  it("filters by online, playback and type, keeps them in the address and starts again from page one", async () => {
    const asked: Record<string, string>[] = [];
    renderSignedIn(
      "role-admin",
      "/players-base?status=offline&type=web&page=2",
      on(playersApi.listAllPlayers, ({ query, reply }) => {
        asked.push(Object.fromEntries(query));
        if (query.get("playback") === "playing") return reply(onePage([]));
        return reply({ data: [buildStaffPlayer({ name: "Зал" })], total: 31, totalPages: 2 });
      }),
      on(playersApi.listPlayerRequests, ({ reply }) => reply(onePage([]))),
    );
    await screen.findByRole("link", { name: "Зал" });
    // The address's filters are asked and shown chosen.
    expect(asked[0]).toEqual({
      page: "1",
      count: "30",
      sortBy: "createdAt",
      status: "offline",
      type: "web",
    });
    const network = screen.getByRole("group", { name: "Сеть" });
    const playback = screen.getByRole("group", { name: "Воспроизведение" });
    const type = screen.getByRole("group", { name: "Тип" });
    expect(
      (within(network).getByRole("radio", { name: "Не в сети" }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((within(type).getByRole("radio", { name: "Веб" }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((within(playback).getByRole("radio", { name: "Все" }) as HTMLInputElement).checked).toBe(
      true,
    );

    const user = userEvent.setup();
    await user.click(within(network).getByRole("radio", { name: "В сети" }));
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({
        page: "0",
        count: "30",
        sortBy: "createdAt",
        status: "online",
        type: "web",
      }),
    );
    await user.click(within(type).getByRole("radio", { name: "Бокс" }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ type: "boxPlayer" }));
    await user.click(within(network).getByRole("radio", { name: "Все" }));
    await waitFor(() => expect(asked.at(-1)).not.toHaveProperty("status"));
    await user.selectOptions(screen.getByRole("combobox", { name: "Сортировка" }), "lastSeen");
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ sortBy: "lastSeen" }));

    // Nothing matches: said so, and the filters can be dropped in one click.
    await user.click(within(playback).getByRole("radio", { name: "Играет" }));
    expect(await screen.findByText("Под фильтры не подходит ни один плеер")).toBeTruthy();
    expect(asked.at(-1)).toEqual({
      page: "0",
      count: "30",
      sortBy: "lastSeen",
      playback: "playing",
      type: "boxPlayer",
    });
    await user.click(screen.getByRole("button", { name: "Сбросить фильтры" }));
    await screen.findByRole("link", { name: "Зал" });
    expect(asked.at(-1)).toEqual({ page: "0", count: "30", sortBy: "lastSeen" });
    expect((within(type).getByRole("radio", { name: "Все" }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it("asks again every 10 s, so the live columns follow the devices", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let online = false;
      renderSignedIn(
        "role-admin",
        "/players-base?status=online",
        on(playersApi.listAllPlayers, ({ query, reply }) => {
          expect(query.get("status")).toBe("online");
          return reply(
            onePage([
              buildStaffPlayer({ name: "Зал", live: buildPlayerLive({ online, playing: online }) }),
            ]),
          );
        }),
        on(playersApi.listPlayerRequests, ({ reply }) => reply(onePage([]))),
      );
      const table = await screen.findByRole("table", { name: "Плееры" });
      expect(await within(table).findByText("Не в сети")).toBeTruthy();
      online = true;
      await vi.advanceTimersByTimeAsync(PLAYERS_BASE_REFRESH_MS);
      expect(await within(table).findByText("Играет")).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it("ignores a hand-typed filter the server would refuse", async () => {
    const asked: Record<string, string>[] = [];
    renderSignedIn(
      "role-client-manager",
      "/players-base?status=busy&playback=stopped&type=radio&sortBy=price",
      on(playersApi.listAllPlayers, ({ query, reply }) => {
        asked.push(Object.fromEntries(query));
        return reply(onePage([buildStaffPlayer({ name: "Зал" })]));
      }),
      on(playersApi.listPlayerRequests, ({ reply }) => reply(onePage([]))),
    );
    await screen.findByRole("link", { name: "Зал" });
    expect(asked).toEqual([{ page: "0", count: "30", sortBy: "createdAt" }]);
  });
});

describe("the admin's player page", () => {
  it("shows the live state read-only, with the client and the venue linked", async () => {
    const player = buildPlayer({ name: "Зал клиента", abilities: { edit: false, remove: false } });
    const view = renderSignedIn(
      "role-admin",
      `/role-admin-player/${player.id}`,
      on(playersApi.getPlayer, ({ reply }) => reply(player)),
      on(playersApi.listPlayerPlaylists, ({ reply }) => reply({ data: [] })),
      on(playersApi.getPlayerLive, ({ params, reply }) => {
        expect(params.id).toBe(player.id);
        return reply(buildPlayerLive({ online: true, playing: true, nowPlaying }));
      }),
    );
    const live = await sectionNamed("Состояние плеера");
    expect(await live.findByText("Играет")).toBeTruthy();
    expect(live.getAllByText("В сети").length).toBeGreaterThan(0);
    expect(live.getByText("Кофе с корицей — Оркестр Утра, Лена Л.")).toBeTruthy();
    expect(live.getByText("Утро в кофейне")).toBeTruthy();
    expect(live.queryByRole("button")).toBeNull();
    expect(live.getByText(/Пультом управляет владелец плеера/)).toBeTruthy();
    expect(view.playerSocket.send).not.toHaveBeenCalled();

    const summary = await sectionNamed("Плеер");
    const client = await summary.findByRole("link", { name: "Анна Иванова" });
    expect(client.getAttribute("href")).toBe(`/client/${player.userId}`);
    expect(summary.getByRole("link", { name: player.establishmentName }).getAttribute("href")).toBe(
      `/client-objects/${player.establishmentId}/${player.userId}`,
    );
  });

  it("names the client without a link for support, who may not open the client's page", async () => {
    const player = buildPlayer({ name: "Зал клиента" });
    renderSignedIn(
      "role-support",
      `/player/${player.id}`,
      on(playersApi.getPlayer, ({ reply }) => reply(player)),
      on(playersApi.listPlayerPlaylists, ({ reply }) => reply({ data: [] })),
      on(playersApi.getPlayerLive, ({ reply }) =>
        reply(buildPlayerLive({ lastSeenAt: "2024-05-08T10:00:00.000Z" })),
      ),
    );
    const live = await sectionNamed("Состояние плеера");
    expect(await live.findByText("Не в сети")).toBeTruthy();
    expect(live.getByText("—")).toBeTruthy();
    expect(live.getByText("08.05.2024", { exact: false })).toBeTruthy();
    const summary = await sectionNamed("Плеер");
    expect(await summary.findByText("Анна Иванова")).toBeTruthy();
    expect(summary.queryByRole("link", { name: "Анна Иванова" })).toBeNull();
  });
});
