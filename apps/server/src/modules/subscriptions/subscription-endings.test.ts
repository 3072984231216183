import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { subscriptions } from "../../db/schema.ts";
import type { BusEvent } from "../../realtime/bus.ts";
import { readyToSubscribe, tariffInput } from "../../test/clients.ts";
import { createSignedInUser, type SignedInUser } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { SubscriptionEndings } from "./subscription-endings.ts";
import { SubscriptionsStore } from "./subscriptions.store.ts";

/**
 * Subscriptions ending by date, woken by events (issue 16): every change
 * of a subscription announces `music-access-changed`, and the endings job
 * sleeps until the next end, or with none until such an event. The job
 * tested is one of its own on the test server's database and bus, as a
 * second process's would be (the app's own runs beside it: whichever
 * writes an end first announces it).
 */

let server: TestServer;
let manager: SignedInUser;
let tariffId: string;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await createSignedInUser(server, { role: "role-admin" });
  manager = await createSignedInUser(server, { role: "role-client-manager" });
  const tariff = await call(server, "POST", "/tariff/add", {
    token: admin.token,
    body: tariffInput(),
  });
  expect(tariff.status).toBe(201);
  tariffId = tariff.body.id;
});

afterAll(async () => {
  await server?.close();
});

/** The `music-access-changed` events heard on the bus while `body` runs. */
async function announcementsDuring(body: () => Promise<void>): Promise<number> {
  let heard = 0;
  const stop = server.app.bus.subscribe((event) => {
    if (event.kind === "music-access-changed") heard += 1;
  });
  try {
    await body();
  } finally {
    stop();
  }
  return heard;
}

function act(token: string, id: string, action: string, body?: unknown) {
  return call(server, "POST", `/subscription/${id}/${action}`, { token, body });
}

/** A client's pending subscription with every item of the tariff (one needs approval). */
async function pendingSubscription(): Promise<{ id: string; itemIds: string[] }> {
  const client = await createSignedInUser(server, { role: "role-client" });
  const ready = await readyToSubscribe(server, client);
  const tariff = await call(server, "GET", `/tariff/${tariffId}`, { token: manager.token });
  const itemIds = (tariff.body.features as Array<{ items: Array<{ id: string }> }>).flatMap(
    (feature) => feature.items.map((item) => item.id),
  );
  const added = await call(server, "POST", `/subscription/${client.id}/add`, {
    token: manager.token,
    body: { ...ready, tariffId, itemIds, periodMonths: 1 },
  });
  expect(added.status).toBe(201);
  return { id: added.body.id, itemIds };
}

async function stateOf(id: string) {
  const [row] = await server.app.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

describe("every change of a subscription", () => {
  it("announces music-access-changed once; a refused change announces nothing and changes nothing", async () => {
    let made: { id: string; itemIds: string[] } | undefined;
    expect(
      await announcementsDuring(async () => {
        made = await pendingSubscription();
      }),
    ).toBe(1);
    const { id, itemIds } = made as { id: string; itemIds: string[] };
    const steps: Array<[string, unknown]> = [
      [`item/${itemIds[0]}/decide`, { approval: "approved" }],
      ["activate", undefined],
      ["suspend", undefined],
      ["resume", undefined],
      ["end", undefined],
    ];
    for (const [action, body] of steps) {
      expect(
        await announcementsDuring(async () => {
          expect((await act(manager.token, id, action, body)).status).toBe(200);
        }),
        action,
      ).toBe(1);
    }
    const ended = await stateOf(id);
    expect(ended?.state).toBe("ended");

    const refused = await announcementsDuring(async () => {
      const bad = await act(manager.token, id, `item/${itemIds[0]}/decide`, { approval: "maybe" });
      expect([bad.status, bad.body.type]).toEqual([400, "validation-error"]);
      const late = await act(manager.token, id, "resume");
      expect(late.status).toBe(409);
      expect(typeof late.body.reason).toBe("string");
    });
    expect(refused).toBe(0);
    expect(await stateOf(id)).toEqual(ended);
  });
});

describe("the endings job", () => {
  it("sleeps with no end to wait for, wakes on an announcement, and ends a period at its end", async () => {
    const endings = new SubscriptionEndings({
      store: new SubscriptionsStore(server.app.db),
      log: server.app.log,
      bus: server.app.bus,
      announceMusicAccessChange: () =>
        server.app.bus.publish({ kind: "music-access-changed", rooms: [] }),
      announceEnded: async () => undefined,
    });
    const settled = () =>
      vi.waitFor(() => {
        expect(endings.looking).toBe(false);
        expect(endings.nextLookAt === null || endings.nextLookAt > Date.now()).toBe(true);
      });
    endings.start();
    try {
      // Nothing live has an end (the test before ended its subscription): no timer.
      await settled();
      expect(endings.nextLookAt).toBeNull();

      // Made and activated for a month: the end is further than a timer holds, so it looks then.
      const { id, itemIds } = await pendingSubscription();
      await act(manager.token, id, `item/${itemIds[0]}/decide`, { approval: "rejected" });
      expect((await act(manager.token, id, "activate")).status).toBe(200);
      await settled();
      expect((endings.nextLookAt ?? 0) - Date.now()).toBeGreaterThan(24 * 24 * 3_600_000);

      // Its period now ends in a second and a half (as a changed period would, announced).
      const endsAt = new Date(Date.now() + 1_500);
      await server.app.db.update(subscriptions).set({ endsAt }).where(eq(subscriptions.id, id));
      const events: BusEvent[] = [];
      const stopHearing = server.app.bus.subscribe((event) => events.push(event));
      await server.app.bus.publish({ kind: "music-access-changed", rooms: [] });
      await settled();
      expect(endings.nextLookAt).toBe(endsAt.getTime());
      expect((await stateOf(id))?.state).toBe("active");

      // At its end it is written down as ended then, and announced; the job sleeps again.
      await vi.waitFor(async () => expect((await stateOf(id))?.state).toBe("ended"), {
        timeout: 5_000,
        interval: 50,
      });
      expect((await stateOf(id))?.endedAt?.getTime()).toBe(endsAt.getTime());
      await vi.waitFor(() =>
        expect(events.filter((event) => event.kind === "music-access-changed").length).toBe(2),
      );
      stopHearing();
      await settled();
      expect(endings.nextLookAt).toBeNull();
    } finally {
      await endings.stop();
    }
  });
});
