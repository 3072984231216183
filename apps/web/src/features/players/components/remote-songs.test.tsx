import {
  type ClientSocketMessage,
  type Player,
  type PlayerLiveState,
  playersApi,
  playlistsApi,
  type ServerSocketMessage,
  schedulesApi,
  serverSocketMessageSchema,
  songsApi,
} from "@fonika/shared";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, type Mock } from "vitest";
import { buildPlaylistWithTracks, buildSong, nextId } from "../../../test/library-factories.ts";
import { buildPlayer, buildPlayerPlaylist } from "../../../test/players-factories.ts";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";
import { upcomingSongIds } from "./remote-songs.tsx";

const first = buildSong({ title: "Осенний блюз", artists: ["Квартет Ли"] });
const second = buildSong({ title: "Кофе с корицей", artists: ["Анна Ким"] });
const third = buildSong({ title: "Дождь", artists: ["Квартет Ли"] });
const fourth = buildSong({ title: "Тишина", artists: ["Анна Ким"] });
const songs = [first, second, third, fourth];
const morning = buildPlayerPlaylist({ name: "Утро в кофейне" });
const evening = buildPlayerPlaylist({ name: "Вечер" });
const eveningSong = buildSong({ title: "Закат", artists: ["Анна Ким"] });

function stateOf(playerId: string, changes: Partial<PlayerLiveState> = {}): PlayerLiveState {
  return {
    playerId,
    songId: first.id,
    previousSongId: null,
    nextSongId: second.id,
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

/** The owner's player page over a scripted server; the test speaks for the socket. */
async function openPlayer(overrides: Partial<Player> = {}) {
  const player = buildPlayer({ userId: SIGNED_IN_USER_ID, name: "Зал", ...overrides });
  const view = renderSignedIn(
    "role-client",
    `/player/${player.id}`,
    on(playersApi.getPlayer, ({ reply }) => reply(player)),
    on(playersApi.listPlayerPlaylists, ({ reply }) =>
      reply({ data: [morning, evening, buildPlayerPlaylist({ name: "Старый", playable: false })] }),
    ),
    on(playlistsApi.getPlaylist, ({ params, reply }) =>
      reply(
        params.id === morning.playlistId
          ? buildPlaylistWithTracks({
              id: morning.playlistId,
              tracks: songs.map((song, position) => ({ entryId: nextId(), position, song })),
            })
          : buildPlaylistWithTracks({
              id: evening.playlistId,
              tracks: [{ entryId: nextId(), position: 0, song: eveningSong }],
            }),
      ),
    ),
    on(songsApi.getSongMeta, ({ params, reply }) =>
      reply(songs.find((song) => song.id === params.id) ?? first),
    ),
    on(schedulesApi.playNow, ({ reply }) =>
      reply({
        playlistId: morning.playlistId,
        scheduleId: null,
        fallback: true,
        until: new Date(Date.now() + 3_600_000).toISOString(),
        timeZone: "Europe/Moscow",
      }),
    ),
    on(schedulesApi.playerQueue, ({ reply }) =>
      reply({ playlistIds: [morning.playlistId], slots: [], timeZone: "Europe/Moscow" }),
    ),
  );
  const sectionOf = async (name: string) => {
    const section = (await screen.findByRole("heading", { name })).closest("section");
    if (!section) throw new Error(`no section ${name}`);
    return section;
  };
  const remote = await sectionOf("Пульт плеера");
  const chooser = await sectionOf("Выбрать песню");
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
  return { player, remote, chooser, serverSends, sent };
}

describe("choosing the song a player plays", () => {
  it("plays a song of the queue now, waiting for the server's state", async () => {
    const { player, chooser, serverSends, sent } = await openPlayer();
    serverSends({ type: "playerState", state: stateOf(player.id) });
    const queue = await within(chooser).findByRole("list", { name: "Следующие песни" });
    expect(
      (await within(queue).findAllByRole("button")).map((button) =>
        button.getAttribute("aria-label"),
      ),
    ).toEqual([
      "Играть сейчас: «Кофе с корицей»",
      "Играть сейчас: «Дождь»",
      "Играть сейчас: «Тишина»",
    ]);

    const user = userEvent.setup();
    await user.click(within(queue).getByRole("button", { name: "Играть сейчас: «Дождь»" }));
    expect(sent()).toContainEqual({
      type: "playSongRequested",
      playerId: player.id,
      songId: third.id,
      playlistId: morning.playlistId,
    });
    expect(
      within(queue)
        .getByRole("button", { name: "Играть сейчас: «Дождь»" })
        .getAttribute("aria-busy"),
    ).toBe("true");
    serverSends({
      type: "playerState",
      state: stateOf(player.id, { songId: third.id, nextSongId: fourth.id }),
    });
    expect(
      within(queue)
        .getByRole("button", { name: "Играть сейчас: «Тишина»" })
        .getAttribute("aria-busy"),
    ).toBeNull();
  });

  it("lists a playable playlist's songs with the one playing marked, and says a refusal there", async () => {
    const { player, chooser, serverSends, sent } = await openPlayer();
    serverSends({ type: "playerState", state: stateOf(player.id) });
    const picker = within(chooser).getByRole("combobox", { name: "Плейлист" });
    // A playlist out of the tariff is not offered.
    expect(
      within(picker)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Утро в кофейне", "Вечер"]);
    const list = await within(chooser).findByRole("list", {
      name: "Песни плейлистов: «Утро в кофейне»",
    });
    const playing = within(list).getByText("Осенний блюз").closest("li");
    expect(playing?.getAttribute("aria-current")).toBe("true");
    expect(within(playing as HTMLElement).getByText("Играет")).toBeTruthy();
    expect(within(playing as HTMLElement).queryByRole("button")).toBeNull();

    const user = userEvent.setup();
    await user.selectOptions(picker, "Вечер");
    const other = await within(chooser).findByRole("list", { name: "Песни плейлистов: «Вечер»" });
    await user.click(within(other).getByRole("button", { name: "Играть сейчас: «Закат»" }));
    expect(sent()).toContainEqual({
      type: "playSongRequested",
      playerId: player.id,
      songId: eveningSong.id,
      playlistId: evening.playlistId,
    });
    serverSends({ type: "error", message: "Эта песня не звучит в заведении с фильтром" });
    expect(within(chooser).getByRole("status").textContent).toBe(
      "Эта песня не звучит в заведении с фильтром",
    );
  });

  it("continues a paused song with «Продолжить»", async () => {
    const { player, remote, serverSends, sent } = await openPlayer();
    serverSends({ type: "playerState", state: stateOf(player.id) });
    expect(within(remote).queryByRole("button", { name: "Продолжить" })).toBeNull();
    serverSends({ type: "playerState", state: stateOf(player.id, { playing: false }) });
    const user = userEvent.setup();
    await user.click(within(remote).getByRole("button", { name: "Продолжить" }));
    expect(sent()).toContainEqual({ type: "resumePlay", playerId: player.id });
    expect(
      within(remote).getByRole("button", { name: "Продолжить" }).getAttribute("aria-busy"),
    ).toBe("true");
    // The main button plays as ever.
    expect(within(remote).getByRole("button", { name: "Играть" })).toBeTruthy();
    serverSends({ type: "playerState", state: stateOf(player.id) });
    expect(within(remote).queryByRole("button", { name: "Продолжить" })).toBeNull();
  });
});

describe("what plays and what comes next, said as the player plays it", () => {
  /** What the queue's «Следующая песня» says. */
  const nextSongIn = (remote: HTMLElement) =>
    within(remote).getByText("Следующая песня").nextElementSibling?.textContent;

  it("names the fallback as what plays, and after the last song the first again, as the web player plays on", async () => {
    const { player, remote, chooser, serverSends } = await openPlayer();
    serverSends({
      type: "playerState",
      state: stateOf(player.id, { songId: fourth.id, nextSongId: null }),
    });
    // The schedule wants the fallback now, and it is the playlist on.
    expect((await within(remote).findByTestId("playing-playlist")).textContent).toBe(
      "Утро в кофейне · Запасной плейлист",
    );
    expect(
      within(remote).getByText("По расписанию сейчас").nextElementSibling?.textContent,
    ).toMatch(/^Утро в кофейне · Запасной плейлист · до \d\d:\d\d$/);
    // The server names no next song after the last one; the web player starts the list over.
    await within(remote).findByText("Осенний блюз");
    expect(nextSongIn(remote)).toBe("Осенний блюзКвартет Ли");
    expect(within(remote).queryByText("Сейчас ничего не играет")).toBeNull();
    const queue = await within(chooser).findByRole("list", { name: "Следующие песни" });
    expect(
      within(queue)
        .getAllByRole("button")
        .map((button) => button.getAttribute("aria-label")),
    ).toEqual([
      "Играть сейчас: «Осенний блюз»",
      "Играть сейчас: «Кофе с корицей»",
      "Играть сейчас: «Дождь»",
    ]);

    // The owner's song of another playlist: that playlist plays, not the fallback.
    serverSends({
      type: "playerState",
      state: stateOf(player.id, {
        songId: eveningSong.id,
        playlistId: evening.playlistId,
        nextSongId: null,
      }),
    });
    expect(within(remote).getByTestId("playing-playlist").textContent).toBe("Вечер");
    expect(await within(remote).findByText("Закат", { selector: "dd *" })).toBeTruthy();
  });

  it("says a box ends the playlist after its last song, and a dash for the next while nothing is on", async () => {
    const { player, remote, serverSends } = await openPlayer({ type: "boxPlayer" });
    serverSends({
      type: "playerState",
      state: stateOf(player.id, { songId: fourth.id, nextSongId: null }),
    });
    expect(nextSongIn(remote)).toBe("Плейлист закончится на этой песне");
    serverSends({
      type: "playerState",
      state: stateOf(player.id, { songId: null, nextSongId: null, playlistId: null }),
    });
    expect(within(remote).getByText("Сейчас ничего не играет")).toBeTruthy();
    expect(nextSongIn(remote)).toBe("—");
    expect(within(remote).queryByTestId("playing-playlist")).toBeNull();
  });
});

describe("the coming songs", () => {
  const order = ["a", "b", "c", "d"];
  const state = { songId: "b", nextSongId: "c", loop: false, shuffle: false };
  it("follow the server's next song in the playlist's order, round again only when looped", () => {
    expect(upcomingSongIds(state, order)).toEqual(["c", "d"]);
    expect(upcomingSongIds({ ...state, loop: true }, order)).toEqual(["c", "d", "a"]);
    expect(upcomingSongIds({ ...state, loop: true }, order, { count: 2 })).toEqual(["c", "d"]);
  });
  it("are the next song alone when shuffled or unknown, and none without one", () => {
    expect(upcomingSongIds({ ...state, shuffle: true }, order)).toEqual(["c"]);
    expect(upcomingSongIds({ ...state, nextSongId: "x" }, order)).toEqual(["x"]);
    expect(upcomingSongIds({ ...state, nextSongId: null }, order)).toEqual([]);
  });
  it("go round again for a player that starts its playlist over, from the top after the last song", () => {
    const web = { startsOver: true };
    expect(upcomingSongIds(state, order, web)).toEqual(["c", "d", "a"]);
    // The last song: the server names none, and a web player begins the playlist again.
    const last = { ...state, songId: "d", nextSongId: null };
    expect(upcomingSongIds(last, order, web)).toEqual(["a", "b", "c"]);
    expect(upcomingSongIds(last, order)).toEqual([]);
    expect(upcomingSongIds({ ...last, shuffle: true }, order, web)).toEqual([]);
    expect(upcomingSongIds({ ...last, songId: null }, order, web)).toEqual([]);
  });
});
