import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playerAlerts } from "../../../db/schema.ts";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { scheduledPlayer as scheduledPlayerOf, waitFor } from "../../../test/silent-players.ts";
import { connect, nextOfType, type SocketClient } from "../../../test/socket-client.ts";
import { createVenueStaff, type VenueStaff } from "../../../test/venues.ts";
import { PlayersStore } from "../players.store.ts";
import { silenceMail } from "./silence-alerts.errors.ts";
import { SilenceAlerts } from "./silence-alerts.ts";

/**
 * Silence alerts (issue 14) on the real server and database. The sweep is driven by the test on a fake
 * clock (`sweep(instant)`); the app's own 30-second sweep is stopped (it
 * still listens for plays) so that only the test's instants count. Where the device's state must be
 * that of a fake instant (online and playing 11 minutes from now), it is
 * written with the live repository's own writers (through the store), as its pings and
 * reports would write it then.
 */

const MINUTE = 60_000;

let server: TestServer;
let staff: VenueStaff;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.modules.silenceAlerts.stopSweeping();
  staff = await createVenueStaff(server);
});

afterAll(async () => {
  await server?.close();
});

/**
 * The mails sent to an address so far. Without SMTP_URL a mail is written
 * to the server's log where an operator reads it (notifications.test.ts
 * proves the same mail goes out through SMTP when it is set).
 */
function mailsTo(address: string): string[] {
  return server.logs
    .filter((entry) => entry.channel === "email" && entry.to === address && "subject" in entry)
    .map((entry) => `${entry.subject}\n${entry.text}`);
}

function scheduledPlayer(
  name: string,
  schedule: { fallback: true } | { window: { startTime: string; endTime: string } },
) {
  return scheduledPlayerOf(server, staff, name, schedule);
}

/**
 * This test's player among those a sweep names: the file's tests share one
 * database, and a sweep moved minutes on also names other tests' players.
 */
function ofPlayer(ids: readonly string[], playerId: string): string[] {
  return ids.filter((id) => id === playerId);
}

function sweep(instantMs: number) {
  return server.app.modules.silenceAlerts.sweep(instantMs);
}

async function openAlerts(client: SignedInUser) {
  const answer = await call(server, "GET", "/music/player/alerts", { token: client.token });
  expect(answer.status).toBe(200);
  return answer.body.data as Array<Record<string, unknown>>;
}

/** The open silence rows of a player (raised or not). */
async function openRows(playerId: string) {
  return server.app.db
    .select()
    .from(playerAlerts)
    .where(and(eq(playerAlerts.playerId, playerId), isNull(playerAlerts.clearedAt)));
}

describe("a player silent against its schedule", () => {
  it("raises one alert after 5 minutes (not at 4), mails once, clears when it plays, and a later silence raises a new one", async () => {
    const venue = await scheduledPlayer("Зал у окна", { fallback: true });
    const { client, playerId } = venue;
    const t0 = Date.now() + MINUTE;

    expect((await sweep(t0)).silent).toContain(playerId);
    for (const minutes of [1, 2, 3, 4, 4.9]) {
      expect((await sweep(t0 + minutes * MINUTE)).raised).not.toContain(playerId);
    }
    expect(await openAlerts(client)).toEqual([]);
    expect(mailsTo(client.email)).toHaveLength(0);

    expect(ofPlayer((await sweep(t0 + 5 * MINUTE)).raised, playerId)).toEqual([playerId]);
    const [alert] = await openAlerts(client);
    expect(alert).toMatchObject({
      playerId,
      playerName: "Зал у окна",
      establishmentId: venue.establishmentId,
      timeZone: "Europe/Moscow",
      silentSince: new Date(t0).toISOString(),
      raisedAt: new Date(t0 + 5 * MINUTE).toISOString(),
      // Its device is off the line: it may be playing from its memory, which the alert says.
      outOfTouch: true,
    });
    expect(String(alert?.establishmentName)).not.toBe("");
    expect(mailsTo(client.email)).toHaveLength(1);
    const text = mailsTo(client.email)[0];
    const moscow = new Intl.DateTimeFormat("ru-RU", {
      timeZone: "Europe/Moscow",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(t0);
    expect(text).toContain("«Зал у окна»");
    expect(text).toContain(`«${alert?.establishmentName}»`);
    expect(text).toContain(`не выходит на связь с Фоникой с ${moscow}`);
    expect(text).toContain("играет расписание из своей памяти");

    // Sweep after sweep, on one process or two at once: still one mail.
    for (const minutes of [5.5, 6, 6.5, 7, 8, 9, 10]) {
      const [one, two] = await Promise.all([
        sweep(t0 + minutes * MINUTE),
        sweep(t0 + minutes * MINUTE),
      ]);
      expect([...one.raised, ...two.raised]).not.toContain(playerId);
    }
    expect(mailsTo(client.email)).toHaveLength(1);
    expect(await openAlerts(client)).toHaveLength(1);

    // Staff see it in the players base, and may keep to silent players.
    const base = await call(server, "GET", "/music/player/all?alert=silent&count=500", {
      token: staff.admin.token,
    });
    expect(base.status).toBe(200);
    const row = base.body.data.find((player: { id: string }) => player.id === playerId);
    expect(row?.live.silentSince).toBe(new Date(t0).toISOString());
    expect(
      base.body.data.every((player: { live: { silentSince: string | null } }) =>
        Boolean(player.live.silentSince),
      ),
    ).toBe(true);

    // It plays again (the device's pings and report at that instant): cleared.
    const t1 = t0 + 11 * MINUTE;
    await new PlayersStore(server.app.db).live.writeState(playerId, {
      playing: true,
      heartbeatAt: new Date(t1),
      lastSeenAt: new Date(t1),
    });
    expect(ofPlayer((await sweep(t1)).cleared, playerId)).toEqual([playerId]);
    expect(await openAlerts(client)).toEqual([]);
    const [cleared] = await server.app.db
      .select()
      .from(playerAlerts)
      .where(eq(playerAlerts.playerId, playerId));
    expect(cleared?.clearedAt?.toISOString()).toBe(new Date(t1).toISOString());
    const quiet = await call(server, "GET", "/music/player/all?alert=silent&count=500", {
      token: staff.admin.token,
    });
    expect(quiet.body.data.map((player: { id: string }) => player.id)).not.toContain(playerId);

    // A second silence later is a new alert and a second mail.
    await new PlayersStore(server.app.db).live.writeState(playerId, {
      playing: false,
      heartbeatAt: null,
    });
    const t2 = t1 + MINUTE;
    await sweep(t2);
    expect((await sweep(t2 + 4 * MINUTE)).raised).not.toContain(playerId);
    expect(ofPlayer((await sweep(t2 + 5 * MINUTE)).raised, playerId)).toEqual([playerId]);
    const [second] = await openAlerts(client);
    expect(second?.id).not.toBe(alert?.id);
    expect(second?.silentSince).toBe(new Date(t2).toISOString());
    expect(mailsTo(client.email)).toHaveLength(2);
  });

  it("raises nothing outside its schedule's hours, and clears when the window closes", async () => {
    const { client, playerId } = await scheduledPlayer("Терраса", {
      window: { startTime: "09:00:00", endTime: "10:00:00" },
    });
    // Tomorrow (UTC) at 12:00 and the day after at 09:00, Moscow time (UTC+3).
    const tomorrow = new Date(Date.now() + 24 * 60 * MINUTE);
    const day = Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate());
    const noon = day + 9 * 60 * MINUTE;
    const opening = day + 24 * 60 * MINUTE + 6 * 60 * MINUTE;

    for (const minutes of [0, 5, 10, 30]) {
      const result = await sweep(noon + minutes * MINUTE);
      expect(result.silent).not.toContain(playerId);
      expect(result.raised).not.toContain(playerId);
    }
    expect(await openRows(playerId)).toEqual([]);
    expect(await openAlerts(client)).toEqual([]);

    expect((await sweep(opening)).silent).toContain(playerId);
    expect(ofPlayer((await sweep(opening + 5 * MINUTE)).raised, playerId)).toEqual([playerId]);
    expect(await openAlerts(client)).toHaveLength(1);
    // 10:00: the window closed and the schedule asks for no music.
    expect(ofPlayer((await sweep(opening + 60 * MINUTE)).cleared, playerId)).toEqual([playerId]);
    expect(await openAlerts(client)).toEqual([]);
    expect(mailsTo(client.email)).toHaveLength(1);
  });

  it("takes a commanded pause for a choice, a stop for silence, and clears as soon as the device reports playing", async () => {
    const { client, playerId, playlistId, deviceToken } = await scheduledPlayer("Бар", {
      fallback: true,
    });
    const device: SocketClient = await connect(server, deviceToken);
    await nextOfType(device, "playerState");
    const report = (playing: boolean) =>
      device.send({
        type: "playerStatus",
        playerId,
        songId: null,
        playlistId,
        positionSeconds: 1,
        volume: 80,
        playing,
      });
    const stateIs = (playing: boolean, pausedAt: "set" | null) =>
      waitFor(async () => {
        const state = await new PlayersStore(server.app.db).live.findState(playerId);
        const paused = state?.pausedAt ? "set" : null;
        return state?.playing === playing && paused === pausedAt ? true : undefined;
      });
    report(true);
    await stateIs(true, null);
    expect((await sweep(Date.now())).silent).not.toContain(playerId);

    const paused = await call(server, "POST", `/music/player/${playerId}/pause`, {
      token: client.token,
    });
    expect(paused.status).toBe(200);
    report(false);
    await stateIs(false, "set");
    expect((await sweep(Date.now())).silent).not.toContain(playerId);
    expect(await openRows(playerId)).toEqual([]);

    // Played again, then stopped by itself: silence.
    expect(
      (await call(server, "POST", `/music/player/${playerId}/play`, { token: client.token }))
        .status,
    ).toBe(200);
    report(true);
    await stateIs(true, null);
    report(false);
    await stateIs(false, null);
    const silentAt = Date.now();
    expect((await sweep(silentAt)).silent).toContain(playerId);
    // Raised 5 minutes on (its heartbeat then long stale: offline as well).
    expect(ofPlayer((await sweep(silentAt + 5 * MINUTE)).raised, playerId)).toEqual([playerId]);
    expect(await openAlerts(client)).toHaveLength(1);

    report(true);
    await waitFor(async () => ((await openRows(playerId)).length === 0 ? true : undefined));
    expect(await openAlerts(client)).toEqual([]);
    device.socket.close();
    await device.closed;
  });
});

describe("GET /music/player/alerts", () => {
  it("answers a client its own alerts, staff a named client's, and refuses the rest", async () => {
    const { client, playerId } = await scheduledPlayer("Холл", { fallback: true });
    const t0 = Date.now() + MINUTE;
    await sweep(t0);
    await sweep(t0 + 5 * MINUTE);
    const own = await openAlerts(client);
    expect(own.map((alert) => alert.playerId)).toEqual([playerId]);

    const named = await call(server, "GET", `/music/player/alerts?userId=${client.id}`, {
      token: staff.clientManager.token,
    });
    expect(named.status).toBe(200);
    expect(named.body.data).toEqual(own);

    const other = await createSignedInUser(server, { role: "role-client" });
    const answers = await Promise.all([
      call(server, "GET", "/music/player/alerts"),
      call(server, "GET", `/music/player/alerts?userId=${client.id}`, { token: other.token }),
      call(server, "GET", "/music/player/alerts", { token: staff.contentManager.token }),
      call(server, "GET", "/music/player/alerts", { token: staff.admin.token }),
      call(server, "GET", "/music/player/alerts?userId=not-an-id", { token: client.token }),
      call(server, "GET", "/music/player/all?alert=loud", { token: staff.admin.token }),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body.type])).toEqual([
      [401, "unauthorized"],
      [403, "forbidden"],
      [403, "forbidden"],
      [400, "validation-error"],
      [400, "validation-error"],
      [400, "validation-error"],
    ]);
    for (const answer of answers) expect(typeof answer.body.reason).toBe("string");
    // Another client sees none of them.
    expect(await openAlerts(other)).toEqual([]);
    // Nothing changed: the alert is still open.
    expect(await openAlerts(client)).toEqual(own);
  });
});

// Last in the file: this sweep's decisions are the test's own (no schedule
// for anyone), so it closes the open silences of the tests before it.
describe("a sweep of many players", () => {
  it("decides their schedules in batches, every idle player once", async () => {
    const players = [
      await scheduledPlayer("Партия 1", { fallback: true }),
      await scheduledPlayer("Партия 2", { fallback: true }),
      await scheduledPlayer("Партия 3", { fallback: true }),
    ];
    const asked: string[][] = [];
    const alerts = new SilenceAlerts({
      store: new PlayersStore(server.app.db),
      log: server.app.log,
      bus: server.app.bus,
      decide: async (playerIds) => {
        asked.push(playerIds);
        return new Map();
      },
      establishments: { namesOf: async () => new Map(), placesOf: async () => new Map() },
      emailOf: async () => null,
      sendMail: async () => undefined,
      decideBatch: 2,
    });
    await alerts.sweep(Date.now());
    expect(asked.every((ids) => ids.length > 0 && ids.length <= 2)).toBe(true);
    const decided = asked.flat();
    expect(new Set(decided).size).toBe(decided.length);
    for (const { playerId } of players) expect(decided).toContain(playerId);
    expect(asked.length).toBe(Math.ceil(decided.length / 2));
  });

  it("decides again only the players whose decision ran out or an event may have changed", async () => {
    const [first, second] = [
      await scheduledPlayer("Партия 5", { fallback: true }),
      await scheduledPlayer("Партия 6", { fallback: true }),
    ];
    const now = Date.now();
    const asked: string[] = [];
    const alerts = new SilenceAlerts({
      store: new PlayersStore(server.app.db),
      log: server.app.log,
      bus: server.app.bus,
      decide: async (playerIds, instant) => {
        asked.push(...playerIds);
        // Each decision runs out in 10 minutes, the first player's first one in 1.
        return new Map(
          playerIds.map((id) => [
            id,
            {
              playlistId: null,
              windowId: null,
              fallback: false,
              decideAgainAt: instant + (id === first.playerId && instant === now ? 1 : 10) * MINUTE,
            },
          ]),
        );
      },
      establishments: { namesOf: async () => new Map(), placesOf: async () => new Map() },
      emailOf: async () => null,
      sendMail: async () => undefined,
    });
    alerts.start();
    await alerts.stopSweeping();
    const sweepAt = async (at: number) => {
      asked.length = 0;
      await alerts.sweep(at);
      return [...asked];
    };
    try {
      expect(await sweepAt(now)).toEqual(expect.arrayContaining([first.playerId, second.playerId]));
      // Within both decisions: neither is decided again.
      const within = await sweepAt(now + 30_000);
      expect([...ofPlayer(within, first.playerId), ...ofPlayer(within, second.playerId)]).toEqual(
        [],
      );
      // The first one's ran out.
      expect(ofPlayer(await sweepAt(now + 2 * MINUTE), first.playerId)).toHaveLength(1);
      expect(ofPlayer(asked, second.playerId)).toHaveLength(0);
      // Its schedule changed: the second one is decided again, the first one is not.
      await server.app.bus.publish({
        kind: "schedule-changed",
        rooms: [],
        playerIds: [second.playerId],
      });
      const afterSchedule = await sweepAt(now + 3 * MINUTE);
      expect(ofPlayer(afterSchedule, second.playerId)).toHaveLength(1);
      expect(ofPlayer(afterSchedule, first.playerId)).toHaveLength(0);
      // Music access changed: every one is decided again.
      await server.app.bus.publish({ kind: "music-access-changed", rooms: [] });
      const afterAccess = await sweepAt(now + 4 * MINUTE);
      expect(afterAccess).toEqual(expect.arrayContaining([first.playerId, second.playerId]));
    } finally {
      await alerts.stop();
    }
  });

  it("rests between batches while it sweeps on its timer, three times as long as a batch took", async () => {
    await scheduledPlayer("Партия 4", { fallback: true });
    const batchMs = 40;
    const calls: { began: number; ended: number }[] = [];
    const alerts = new SilenceAlerts({
      store: new PlayersStore(server.app.db),
      log: server.app.log,
      bus: server.app.bus,
      decide: async () => {
        const began = performance.now();
        await new Promise((resolve) => setTimeout(resolve, batchMs));
        calls.push({ began, ended: performance.now() });
        return new Map();
      },
      establishments: { namesOf: async () => new Map(), placesOf: async () => new Map() },
      emailOf: async () => null,
      sendMail: async () => undefined,
      decideBatch: 1,
    });
    alerts.start();
    try {
      await alerts.sweep(Date.now());
    } finally {
      await alerts.stopSweeping();
    }
    expect(calls.length).toBeGreaterThan(1);
    for (let index = 1; index < calls.length; index++) {
      const previous = calls[index - 1] as { began: number; ended: number };
      const gap = (calls[index] as { began: number }).began - previous.ended;
      // The rest is 3 × the batch. A timer counts from the loop's clock, read
      // when the loop's turn began (and in whole milliseconds): one set late
      // in a turn fires as much early by the real clock (1.4 ms was seen).
      expect(gap).toBeGreaterThanOrEqual(3 * (previous.ended - previous.began) - 5);
    }
    // Stopped, a sweep finishes without resting.
    calls.length = 0;
    await alerts.sweep(Date.now());
    for (let index = 1; index < calls.length; index++) {
      const previous = calls[index - 1] as { began: number; ended: number };
      const gap = (calls[index] as { began: number }).began - previous.ended;
      expect(gap).toBeLessThan(3 * (previous.ended - previous.began));
    }
  });
});

describe("the owner's mail of an alert", () => {
  const facts = { playerName: "Зал", establishmentName: "Кофейня", since: "14:05, 3 декабря" };

  it("says a player in touch is silent, and one out of touch is not in touch, for it may play from memory", () => {
    const silent = silenceMail({ ...facts, outOfTouch: false });
    expect(silent.subject).toBe("Плеер «Зал» молчит");
    expect(silent.text).toContain("молчит с 14:05, 3 декабря");
    const away = silenceMail({ ...facts, outOfTouch: true });
    expect(away.subject).toBe("Плеер «Зал» не на связи");
    expect(away.text).toContain("не выходит на связь с Фоникой с 14:05, 3 декабря");
    expect(away.text).not.toContain("молчит");
  });
});
