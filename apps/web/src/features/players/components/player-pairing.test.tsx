import {
  authApi,
  type DeviceCodeInfo,
  establishmentsApi,
  type Player,
  type PlayerLiveState,
  playersApi,
  type ServerSocketMessage,
  serverSocketMessageSchema,
} from "@fonika/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, type Mock } from "vitest";
import { buildEstablishment, CLIENT_ID } from "../../../test/establishments-factories.ts";
import { buildPlayer, buildPlayerLive, onePage } from "../../../test/players-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

/** The socket's state of a player: offline and never seen unless `overrides` say otherwise. */
function liveState(playerId: string, overrides: Partial<PlayerLiveState> = {}): PlayerLiveState {
  return {
    playerId,
    songId: null,
    previousSongId: null,
    nextSongId: null,
    playlistId: null,
    positionSeconds: 0,
    positionAt: null,
    loop: false,
    shuffle: false,
    volume: 100,
    playing: false,
    online: false,
    lastSeenAt: null,
    ...overrides,
  };
}

/** Speaks for the server on the app's player socket (checked by the shared schema). */
function socketOf(view: ReturnType<typeof renderSignedIn>) {
  return (frame: unknown) => {
    const message = serverSocketMessageSchema.parse(frame);
    const subscribe = view.playerSocket.subscribe as Mock;
    act(() => {
      for (const [listener] of subscribe.mock.calls as [(m: ServerSocketMessage) => void][]) {
        listener(message);
      }
    });
  };
}

const deviceCode = (kind: DeviceCodeInfo["kind"]): DeviceCodeInfo => ({
  createdAt: "2026-11-23T10:00:00.000Z",
  expiresAt: "2026-11-23T10:10:00.000Z",
  ip: "203.0.113.7",
  userAgent: "FonikaBoxPlayer/1.0.0 (serial FB-1)",
  kind,
});

async function playersSection() {
  const heading = await screen.findByRole("heading", { name: "Плееры заведения" });
  const section = heading.closest("section");
  if (!section) throw new Error("no players section");
  return section;
}

/** The venue page of the signed-in client, with `players`. */
function venueWith(players: Player[], venue = buildEstablishment({ userId: SIGNED_IN_USER_ID })) {
  return [
    on(establishmentsApi.getEstablishment, ({ reply }) => reply(venue)),
    on(playersApi.listUserPlayers, ({ reply }) => reply(onePage(players))),
  ];
}

describe("a new player's card on the venue page", () => {
  it("tells how to open a web player, approves the typed code for this player and shows its live line once it plays", async () => {
    const venue = buildEstablishment({ userId: SIGNED_IN_USER_ID });
    const hall = buildPlayer({
      userId: SIGNED_IN_USER_ID,
      establishmentId: venue.id,
      name: "Зал у окна",
    });
    const approvals: unknown[] = [];
    const view = renderSignedIn(
      "role-client",
      `/client-objects/${venue.id}`,
      ...venueWith([hall], venue),
      // Added after the socket connected: the socket has not told of it, the server says "never seen".
      on(playersApi.getPlayerLive, ({ params, reply }) => {
        expect(params.id).toBe(hall.id);
        return reply(buildPlayerLive());
      }),
      on(authApi.approveDeviceCode, ({ body, reply }) => {
        approvals.push(body);
        return reply({ ok: true, playerId: hall.id });
      }),
    );
    const section = await playersSection();
    const form = await within(section).findByRole("form", { name: "Подключить плеер Зал у окна" });
    const item = form.closest("li");
    if (!item) throw new Error("the form is not on the player's card");
    expect(item.textContent).toContain("/web-player на экране заведения");
    expect(
      within(item)
        .getByRole("link", { name: /\/web-player$/ })
        .getAttribute("href"),
    ).toBe(`/web-player?player=${hall.id}`);
    // No live line (nothing to play or pause) while no device is there.
    expect(within(item).queryByRole("button", { name: "Играть" })).toBeNull();

    const user = userEvent.setup();
    await user.type(within(form).getByLabelText("Код с экрана плеера"), "12345");
    await user.click(within(form).getByRole("button", { name: "Подтвердить" }));
    expect(await within(form).findByText("Введите 6 цифр кода")).toBeTruthy();
    expect(approvals).toEqual([]);

    await user.type(within(form).getByLabelText("Код с экрана плеера"), "6");
    await user.click(within(form).getByRole("button", { name: "Подтвердить" }));
    expect(await within(item).findByRole("status")).toBeTruthy();
    expect(approvals).toEqual([{ code: "123456", establishmentId: venue.id, playerId: hall.id }]);
    expect(within(item).getByRole("status").textContent).toBe(
      "Код подтверждён: плеер заиграет, как только выйдет на связь.",
    );

    // The screen comes online: the card shows its normal state.
    socketOf(view)({
      type: "playerState",
      state: liveState(hall.id, { online: true, lastSeenAt: "2026-11-23T10:01:00.000Z" }),
    });
    expect(await within(item).findByText("В сети")).toBeTruthy();
    expect(within(item).queryByRole("form")).toBeNull();
    expect(within(item).getByRole("button", { name: "Играть" })).toBeTruthy();
  });

  it("asks a box to be switched on and approves its code for the venue, naming no player", async () => {
    const venue = buildEstablishment({ userId: SIGNED_IN_USER_ID });
    const box = buildPlayer({
      userId: SIGNED_IN_USER_ID,
      establishmentId: venue.id,
      name: "Бокс у стойки",
      type: "boxPlayer",
      serialBoxNumber: "FB-1",
    });
    const approvals: unknown[] = [];
    const inspected: unknown[] = [];
    const view = renderSignedIn(
      "role-client",
      `/client-objects/${venue.id}`,
      ...venueWith([box], venue),
      on(authApi.inspectDeviceCode, ({ body, reply }) => {
        inspected.push(body);
        return reply(deviceCode("device"));
      }),
      on(authApi.approveDeviceCode, ({ body, reply }) => {
        approvals.push(body);
        return reply({ ok: true, playerId: null });
      }),
    );
    const section = await playersSection();
    await within(section).findByRole("link", { name: box.name });
    // The socket's snapshot says it was never seen.
    socketOf(view)({ type: "playerState", state: liveState(box.id) });
    const form = await within(section).findByRole("form", {
      name: "Подключить плеер Бокс у стойки",
    });
    expect(within(section).getByText("Включите плеер и введите код с его экрана")).toBeTruthy();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText("Код с экрана плеера"), "654321");
    await user.click(within(form).getByRole("button", { name: "Подтвердить" }));
    await waitFor(() => expect(approvals).toEqual([{ code: "654321", establishmentId: venue.id }]));
    expect(inspected).toEqual([{ code: "654321" }]);
  });

  it("refuses a web player's code on a box's card instead of making a new web player", async () => {
    const venue = buildEstablishment({ userId: SIGNED_IN_USER_ID });
    const box = buildPlayer({
      userId: SIGNED_IN_USER_ID,
      establishmentId: venue.id,
      name: "Бокс у стойки",
      type: "boxPlayer",
      serialBoxNumber: "FB-1",
    });
    const approvals: unknown[] = [];
    const view = renderSignedIn(
      "role-client",
      `/client-objects/${venue.id}`,
      ...venueWith([box], venue),
      on(authApi.inspectDeviceCode, ({ reply }) => reply(deviceCode("webPlayer"))),
      on(authApi.approveDeviceCode, ({ body, reply }) => {
        approvals.push(body);
        return reply({ ok: true, playerId: null });
      }),
    );
    const section = await playersSection();
    await within(section).findByRole("link", { name: box.name });
    socketOf(view)({ type: "playerState", state: liveState(box.id) });
    const form = await within(section).findByRole("form", {
      name: "Подключить плеер Бокс у стойки",
    });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText("Код с экрана плеера"), "654321");
    await user.click(within(form).getByRole("button", { name: "Подтвердить" }));
    expect(await within(form).findByText(/Это код веб-плеера/)).toBeTruthy();
    expect(approvals).toEqual([]);
  });

  it("shows the server's reason for a code it refuses", async () => {
    const venue = buildEstablishment({ userId: SIGNED_IN_USER_ID });
    const hall = buildPlayer({ userId: SIGNED_IN_USER_ID, establishmentId: venue.id });
    const view = renderSignedIn(
      "role-client",
      `/client-objects/${venue.id}`,
      ...venueWith([hall], venue),
      on(authApi.approveDeviceCode, () =>
        replyError(400, { type: "invalid-code", reason: "Неверный код", message: "Wrong code" }),
      ),
    );
    const section = await playersSection();
    await within(section).findByRole("link", { name: hall.name });
    socketOf(view)({ type: "playerState", state: liveState(hall.id) });
    const form = await within(section).findByRole("form", {
      name: `Подключить плеер ${hall.name}`,
    });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText("Код с экрана плеера"), "000000");
    await user.click(within(form).getByRole("button", { name: "Подтвердить" }));
    expect(await within(form).findByText("Неверный код")).toBeTruthy();
  });

  it("shows a player once seen its normal state, offline or not, and asks nothing", async () => {
    const venue = buildEstablishment({ userId: SIGNED_IN_USER_ID });
    const hall = buildPlayer({ userId: SIGNED_IN_USER_ID, establishmentId: venue.id });
    const asked: string[] = [];
    const view = renderSignedIn(
      "role-client",
      `/client-objects/${venue.id}`,
      ...venueWith([hall], venue),
      on(playersApi.getPlayerLive, ({ params, reply }) => {
        asked.push(params.id);
        return reply(buildPlayerLive({ lastSeenAt: "2026-11-20T18:00:00.000Z" }));
      }),
    );
    const section = await playersSection();
    await within(section).findByRole("link", { name: hall.name });
    // Until the socket tells, the server is asked once; it was seen, so the live line stays.
    await waitFor(() => expect(asked).toEqual([hall.id]));
    socketOf(view)({
      type: "playerState",
      state: liveState(hall.id, { lastSeenAt: "2026-11-20T18:00:00.000Z" }),
    });
    expect(await within(section).findByText(/Не в сети · был в сети/)).toBeTruthy();
    expect(within(section).queryByRole("form")).toBeNull();
  });
});

describe("pairing on the players page and the player's page", () => {
  it("puts the code field on a new player's card in the owner's players list", async () => {
    const hall = buildPlayer({ userId: SIGNED_IN_USER_ID, name: "Зал у окна" });
    const seen = buildPlayer({
      userId: SIGNED_IN_USER_ID,
      establishmentId: hall.establishmentId,
      name: "Терраса",
    });
    const view = renderSignedIn(
      "role-client",
      "/players",
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([hall, seen]))),
    );
    const group = await screen.findByRole("region", { name: hall.establishmentName });
    await within(group).findByRole("link", { name: "Терраса" });
    socketOf(view)({ type: "playerState", state: liveState(hall.id) });
    socketOf(view)({
      type: "playerState",
      state: liveState(seen.id, { online: true, lastSeenAt: "2026-11-23T10:00:00.000Z" }),
    });
    expect(
      await within(group).findByRole("form", { name: "Подключить плеер Зал у окна" }),
    ).toBeTruthy();
    expect(within(group).getAllByRole("form")).toHaveLength(1);
  });

  it("asks nothing of staff reading a client's players, who approve no device", async () => {
    const hall = buildPlayer({ name: "Зал у окна" });
    const asked: string[] = [];
    renderSignedIn(
      "role-support",
      `/players/${CLIENT_ID}`,
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([hall]))),
      on(playersApi.getPlayerLive, ({ params, reply }) => {
        asked.push(params.id);
        return reply(buildPlayerLive());
      }),
    );
    const group = await screen.findByRole("region", { name: hall.establishmentName });
    await within(group).findByRole("link", { name: "Зал у окна" });
    expect(within(group).queryByRole("form")).toBeNull();
    expect(asked).toEqual([]);
  });

  it("opens a new player's page with what to do next above its facts, until a device plays it", async () => {
    const hall = buildPlayer({ userId: SIGNED_IN_USER_ID, name: "Зал у окна" });
    const approvals: unknown[] = [];
    const view = renderSignedIn(
      "role-client",
      `/player/${hall.id}`,
      on(playersApi.getPlayer, ({ reply }) => reply(hall)),
      on(playersApi.listPlayerPlaylists, ({ reply }) => reply({ data: [] })),
      on(playersApi.getPlayerLive, ({ reply }) => reply(buildPlayerLive())),
      on(authApi.approveDeviceCode, ({ body, reply }) => {
        approvals.push(body);
        return reply({ ok: true, playerId: hall.id });
      }),
    );
    const heading = await screen.findByRole("heading", { name: "Подключите плеер" });
    const section = heading.closest("section");
    if (!section) throw new Error("no pairing section");
    const facts = screen.getByRole("heading", { name: "Плеер", level: 2 });
    // What to do next comes before the player's facts.
    expect(heading.compareDocumentPosition(facts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const user = userEvent.setup();
    await user.type(within(section).getByLabelText("Код с экрана плеера"), "482913");
    await user.click(within(section).getByRole("button", { name: "Подтвердить" }));
    await waitFor(() =>
      expect(approvals).toEqual([
        { code: "482913", establishmentId: hall.establishmentId, playerId: hall.id },
      ]),
    );
    socketOf(view)({
      type: "playerState",
      state: liveState(hall.id, { online: true, lastSeenAt: "2026-11-23T10:01:00.000Z" }),
    });
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "Подключите плеер" })).toBeNull(),
    );
  });
});
