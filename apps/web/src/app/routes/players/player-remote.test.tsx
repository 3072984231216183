import {
  type ClientSocketMessage,
  type PlayerLiveState,
  playersApi,
  type ServerSocketMessage,
  schedulesApi,
  serverSocketMessageSchema,
  songsApi,
} from "@fonika/shared";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, type Mock } from "vitest";
import { buildSong } from "../../../test/library-factories.ts";
import { buildPlayer, buildPlayerPlaylist } from "../../../test/players-factories.ts";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

const song = buildSong({
  title: "Осенний блюз",
  artists: ["Квартет Ли"],
  durationMs: 200_000,
  hasCover: true,
});
const nextSong = buildSong({ title: "Кофе с корицей", artists: ["Анна Ким"] });
const morning = buildPlayerPlaylist({ name: "Утро в кофейне" });

function stateOf(playerId: string, changes: Partial<PlayerLiveState> = {}): PlayerLiveState {
  return {
    playerId,
    songId: song.id,
    previousSongId: null,
    nextSongId: nextSong.id,
    playlistId: morning.playlistId,
    positionSeconds: 30,
    positionAt: new Date().toISOString(),
    loop: false,
    shuffle: false,
    volume: 80,
    playing: true,
    online: true,
    lastSeenAt: new Date().toISOString(),
    ...changes,
  };
}

/** The player's page over a scripted server; the test speaks for the socket through the shared schema. */
async function openRemote() {
  const player = buildPlayer({ userId: SIGNED_IN_USER_ID, name: "Зал" });
  const until = new Date(Date.now() + 3_600_000).toISOString();
  const view = renderSignedIn(
    "role-client",
    `/player/${player.id}`,
    on(playersApi.getPlayer, ({ reply }) => reply(player)),
    on(playersApi.listPlayerPlaylists, ({ reply }) => reply({ data: [morning] })),
    on(songsApi.getSongMeta, ({ params, reply }) =>
      reply([song, nextSong].find((one) => one.id === params.id) ?? song),
    ),
    on(schedulesApi.playNow, ({ reply }) =>
      reply({
        playlistId: morning.playlistId,
        scheduleId: null,
        fallback: true,
        until,
        timeZone: "Europe/Moscow",
      }),
    ),
    on(schedulesApi.playerQueue, ({ reply }) =>
      reply({ playlistIds: [morning.playlistId], slots: [], timeZone: "Europe/Moscow" }),
    ),
  );
  const heading = await screen.findByRole("heading", { name: "Пульт плеера" });
  const section = heading.closest("section");
  if (!section) throw new Error("no remote section");
  const subscribe = view.playerSocket.subscribe as Mock;
  const send = view.playerSocket.send as Mock;
  const serverSends = (frame: unknown) => {
    const message = serverSocketMessageSchema.parse(JSON.parse(JSON.stringify(frame)));
    act(() => {
      for (const [listener] of subscribe.mock.calls as [(m: ServerSocketMessage) => void][]) {
        listener(message);
      }
    });
  };
  const sent = () => send.mock.calls.map(([message]) => message as ClientSocketMessage);
  return { player, section, serverSends, sent };
}

describe("the remote control on a player's page", () => {
  it("shows the snapshot: the song with its artist, the next song and the schedule's playlist", async () => {
    const { player, section, serverSends } = await openRemote();
    serverSends({ type: "playerState", state: stateOf(player.id) });
    expect(await within(section).findByText("Осенний блюз")).toBeTruthy();
    expect(within(section).getByText("Квартет Ли")).toBeTruthy();
    expect(await within(section).findByText("Кофе с корицей")).toBeTruthy();
    // The schedule wants the fallback now: named so in the queue, and as what plays.
    expect(
      await within(section).findByText(/Утро в кофейне · Запасной плейлист · до/),
    ).toBeTruthy();
    expect(within(section).getByTestId("playing-playlist").textContent).toBe(
      "Утро в кофейне · Запасной плейлист",
    );
    expect(within(section).getByText("В сети")).toBeTruthy();
    expect(within(section).getByRole("progressbar").getAttribute("aria-valuemax")).toBe("200");
    const cover = section.querySelector(".remote-now__cover img");
    expect(cover?.getAttribute("src")).toMatch(
      new RegExp(`/music/song/${song.id}/avatar-file\\?access_token=.+`),
    );
  });

  it("draws a placeholder for a song without a cover", async () => {
    const { player, section, serverSends } = await openRemote();
    serverSends({ type: "playerState", state: stateOf(player.id, { songId: nextSong.id }) });
    expect(await within(section).findAllByText("Кофе с корицей")).toHaveLength(2);
    expect(section.querySelector(".remote-now__cover img")).toBeNull();
  });

  it("shows pause pending until the server's state confirms it", async () => {
    const { player, section, serverSends, sent } = await openRemote();
    serverSends({ type: "playerState", state: stateOf(player.id) });
    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: "Пауза" }));
    expect(sent()).toContainEqual({ type: "pause", playerId: player.id });
    expect(within(section).getByRole("button", { name: "Пауза" }).getAttribute("aria-busy")).toBe(
      "true",
    );
    serverSends({ type: "playerState", state: stateOf(player.id, { playing: false }) });
    const play = within(section).getByRole("button", { name: "Играть" });
    expect(play.getAttribute("aria-busy")).toBeNull();
  });

  it("says in place that the player is not started when the server answers so", async () => {
    const { player, section, serverSends, sent } = await openRemote();
    serverSends({
      type: "playerState",
      state: stateOf(player.id, { online: false, playing: false }),
    });
    expect(within(section).getByText(/Не в сети · был в сети/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: "Следующий трек" }));
    expect(sent()).toContainEqual({ type: "playNextSongRequested", playerId: player.id });
    serverSends({ type: "needToStartPlayerError", playerId: player.id });
    expect(
      within(section).getByText(
        "Плеер не запущен: откройте веб-плеер в заведении или включите бокс-плеер",
      ),
    ).toBeTruthy();
    expect(
      within(section).getByRole("button", { name: "Следующий трек" }).getAttribute("aria-busy"),
    ).toBeNull();
  });

  it("after a reconnect the new snapshot replaces what was shown", async () => {
    const { player, section, serverSends } = await openRemote();
    serverSends({ type: "playerState", state: stateOf(player.id) });
    expect(await within(section).findByText("Осенний блюз")).toBeTruthy();
    serverSends({
      type: "playerState",
      state: stateOf(player.id, { songId: nextSong.id, nextSongId: null, loop: true, volume: 20 }),
    });
    expect(await within(section).findAllByText("Кофе с корицей")).toHaveLength(1);
    expect(within(section).queryByText("Осенний блюз")).toBeNull();
    expect(
      within(section)
        .getByRole("button", { name: "Повтор плейлиста" })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    expect(
      (within(section).getByRole("slider", { name: "Громкость" }) as HTMLInputElement).value,
    ).toBe("20");
  });
});

describe("the remote control for staff", () => {
  it("is the owner's: a client manager reads whose it is and sends nothing", async () => {
    const player = buildPlayer({ name: "Зал" });
    const view = renderSignedIn(
      "role-client-manager",
      `/player/${player.id}`,
      on(playersApi.getPlayer, ({ reply }) => reply(player)),
      on(playersApi.listPlayerPlaylists, ({ reply }) => reply({ data: [] })),
    );
    const heading = await screen.findByRole("heading", { name: "Состояние плеера" });
    const section = heading.closest("section");
    if (!section) throw new Error("no remote section");
    expect(within(section).getByText(/Пультом управляет владелец плеера/)).toBeTruthy();
    expect(within(section).queryByRole("button")).toBeNull();
    expect(view.playerSocket.send).not.toHaveBeenCalled();
  });
});
