import type { EventEmitter } from "node:events";
import type { SignedInUser } from "@fonika/server/test/factories";
import { call, type TestServer } from "@fonika/server/test/harness";
import { expect } from "vitest";
import { type BoxPlayerEvent, describeEvent } from "../box-player.ts";

/** What the box player's tests share: its events recorded, the owner's approval, waiting. */

/** Everything a box player emitted, and a way to wait for the next event of a kind. */
export function recorder(events: EventEmitter) {
  const seen: BoxPlayerEvent[] = [];
  let read = 0;
  const waiting: Array<() => void> = [];
  events.on("event", (event: BoxPlayerEvent) => {
    seen.push(event);
    for (const wake of waiting.splice(0)) wake();
  });
  async function next<K extends BoxPlayerEvent["kind"]>(
    kind: K,
    matches: (event: Extract<BoxPlayerEvent, { kind: K }>) => boolean = () => true,
    timeoutMs = 8_000,
  ): Promise<Extract<BoxPlayerEvent, { kind: K }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (read < seen.length) {
        const event = seen[read++] as BoxPlayerEvent;
        if (event.kind === kind && matches(event as Extract<BoxPlayerEvent, { kind: K }>)) {
          return event as Extract<BoxPlayerEvent, { kind: K }>;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`no ${kind} event; saw ${seen.map((e) => describeEvent(e)).join(" | ")}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  return { seen, next };
}

/** The owner approves, for their venue, the code the box shows next. */
export async function approveAtVenue(
  server: TestServer,
  venue: { client: SignedInUser; establishmentId: string },
  events: ReturnType<typeof recorder>,
): Promise<void> {
  const code = await events.next("code");
  const approved = await call(server, "POST", "/auth/code/approve-code", {
    token: venue.client.token,
    body: { code: code.code, establishmentId: venue.establishmentId },
  });
  expect(approved.status).toBe(200);
}

/** Waits (up to 5 s) until `check` holds. */
export async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("the condition never held");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The protocol's timings, short: a test reconnects in 200 ms. */
export const fast = { poll: 100, refresh: 50_000, ping: 4_000, reconnect: 200 };
