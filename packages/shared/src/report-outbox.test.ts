import { describe, expect, it } from "vitest";
import { type PlayReport, PlayReportOutbox } from "./report-outbox.ts";
import type { ClientSocketMessage } from "./socket.ts";

/**
 * The play reports' outbox of both players (issues 14, 31): a report is
 * kept until the server answers a ping sent after it, so that what a dead
 * or refused socket swallowed is sent again.
 */

const started = (playId: string): PlayReport => ({
  type: "songStarted",
  playerId: "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b",
  songId: "1b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b",
  playlistId: null,
  fallback: false,
  playId,
  startedAt: "2026-11-28T10:00:00.000Z",
});

function outboxOf(maxKept = 100) {
  const written: ClientSocketMessage[] = [];
  let kept: readonly PlayReport[] = [];
  let socketOpen = false;
  const outbox = new PlayReportOutbox(
    (message) => {
      if (socketOpen) written.push(message);
      return socketOpen;
    },
    (now) => {
      kept = now;
    },
    maxKept,
  );
  return {
    outbox,
    written,
    kept: () => kept.map((report) => report.playId),
    open: () => {
      socketOpen = true;
      outbox.opened();
    },
    close: () => {
      socketOpen = false;
      outbox.closed();
    },
  };
}

describe("the play reports' outbox", () => {
  it("keeps what it wrote until a pong answers a ping sent after it", () => {
    const { outbox, kept, open } = outboxOf();
    open();
    outbox.pinged();
    outbox.send(started("a"));
    // The pong of the ping sent before the report confirms nothing of it.
    outbox.ponged();
    expect(kept()).toEqual(["a"]);
    outbox.pinged();
    outbox.ponged();
    expect(kept()).toEqual([]);
    expect(outbox.count()).toBe(0);
  });

  it("sends again, first and in order, what a dropped socket left unconfirmed", () => {
    const { outbox, written, kept, open, close } = outboxOf();
    open();
    outbox.send(started("a"));
    outbox.send(started("b"));
    close();
    outbox.send(started("c"));
    expect(kept()).toEqual(["a", "b", "c"]);
    written.length = 0;
    open();
    expect(written.map((message) => (message as PlayReport).playId)).toEqual(["a", "b", "c"]);
  });

  it("keeps only play reports while closed, and the newest when full", () => {
    const { outbox, kept } = outboxOf(2);
    outbox.send({ type: "ping" } as ClientSocketMessage);
    outbox.send(started("a"));
    outbox.send(started("b"));
    outbox.send(started("c"));
    expect(kept()).toEqual(["b", "c"]);
  });

  it("takes what an earlier run left before what this one adds", () => {
    const { outbox, kept } = outboxOf();
    outbox.send(started("new"));
    outbox.restore([started("old")]);
    outbox.send(started("newer"));
    expect(kept()).toEqual(["old", "new", "newer"]);
  });
});

describe("what a screen calls waiting", () => {
  it("is what was not written yet; what is written comes back to it if the socket drops", () => {
    const { outbox, open, close } = outboxOf();
    outbox.send(started("a"));
    expect(outbox.unsent()).toBe(1);
    open();
    expect(outbox.unsent()).toBe(0);
    expect(outbox.count()).toBe(1);
    close();
    expect(outbox.unsent()).toBe(1);
  });
});
