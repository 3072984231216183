import { MESSAGES } from "@fonika/shared";
import { describe, expect, it, vi } from "vitest";
import {
  accountRooms,
  CLOSE_CODES,
  type HubSocket,
  playerRoom,
  SocketHub,
  userRoom,
} from "./hub.ts";

/** A socket that records what the hub does to it. */
class FakeSocket implements HubSocket {
  readyState = 1;
  sent: unknown[] = [];
  closedWith: number | undefined;
  terminated = false;

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
}

describe("SocketHub", () => {
  it("delivers a message once to every socket in any of the rooms", () => {
    const hub = new SocketHub();
    const owner = new FakeSocket();
    const player = new FakeSocket();
    const stranger = new FakeSocket();
    hub.add(owner, "u1");
    hub.add(player, "u1", [playerRoom("p1")]);
    hub.add(stranger, "u2");

    const reached = hub.deliver({
      kind: "messages",
      rooms: [playerRoom("p1"), userRoom("u1")],
      messages: [{ type: "stopPlay", playerId: "p1" }],
    });

    expect(reached).toBe(2);
    expect(owner.sent).toEqual([{ type: "stopPlay", playerId: "p1" }]);
    expect(player.sent).toEqual([{ type: "stopPlay", playerId: "p1" }]);
    expect(stranger.sent).toEqual([]);
  });

  it("writes the deliveries of the code now running to one socket corked, and uncorks them on the next tick", async () => {
    const hub = new SocketHub();
    const remote = new FakeSocket();
    const log: string[] = [];
    const wire = { cork: () => log.push("cork"), uncork: () => log.push("uncork") };
    hub.add(remote, "u1", [], { wire });
    for (const playerId of ["p1", "p2", "p3"]) {
      hub.deliver({
        kind: "messages",
        rooms: [userRoom("u1")],
        messages: [{ type: "stopPlay", playerId }],
      });
    }
    expect(remote.sent).toHaveLength(3);
    expect(log).toEqual(["cork"]);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(log).toEqual(["cork", "uncork"]);
    // The next delivery corks again.
    hub.deliver({
      kind: "messages",
      rooms: [userRoom("u1")],
      messages: [{ type: "stopPlay", playerId: "p4" }],
    });
    expect(log).toEqual(["cork", "uncork", "cork"]);
  });

  it("a player's news reaches its own device and the owner's browsers, not the owner's other devices", () => {
    const hub = new SocketHub();
    const browser = new FakeSocket();
    const ownDevice = new FakeSocket();
    const otherDevice = new FakeSocket();
    hub.add(browser, "u1");
    hub.add(ownDevice, "u1", [playerRoom("p1")], { device: true });
    hub.add(otherDevice, "u1", [playerRoom("p2")], { device: true });

    const reached = hub.deliver({
      kind: "messages",
      rooms: [playerRoom("p1"), userRoom("u1")],
      messages: [{ type: "stopPlay", playerId: "p1" }],
    });

    expect(reached).toBe(2);
    expect(browser.sent).toHaveLength(1);
    expect(ownDevice.sent).toHaveLength(1);
    expect(otherDevice.sent).toEqual([]);
  });

  it("an account's end closes its devices as well as its browsers", () => {
    const hub = new SocketHub();
    const browser = new FakeSocket();
    const device = new FakeSocket();
    const bystander = new FakeSocket();
    hub.add(browser, "u1");
    hub.add(device, "u1", [playerRoom("p1")], { device: true });
    hub.add(bystander, "u2", [], { device: true });

    hub.deliver({
      kind: "access-changed",
      rooms: accountRooms(["u1"]),
      userIds: ["u1"],
      sessionIds: [],
    });

    expect([browser.closedWith, device.closedWith]).toEqual([
      CLOSE_CODES.accessDenied,
      CLOSE_CODES.accessDenied,
    ]);
    expect(bystander.closedWith).toBeUndefined();
    expect(hub.size).toBe(1);
  });

  it("skips sockets that are no longer open and forgets removed ones", () => {
    const hub = new SocketHub();
    const closing = new FakeSocket();
    closing.readyState = 2;
    const gone = new FakeSocket();
    hub.add(closing, "u1");
    hub.add(gone, "u1");
    hub.remove(gone);

    hub.deliver({ kind: "messages", rooms: [userRoom("u1")], messages: [{ type: "pong" }] });

    expect(closing.sent).toEqual([]);
    expect(gone.sent).toEqual([]);
    expect(hub.size).toBe(1);
  });

  it("an access change tells the sockets of its rooms access is denied and closes them", () => {
    const hub = new SocketHub();
    const socket = new FakeSocket();
    const bystander = new FakeSocket();
    hub.add(socket, "u1");
    hub.add(bystander, "u2");

    hub.deliver({
      kind: "access-changed",
      rooms: [userRoom("u1")],
      userIds: ["u1"],
      sessionIds: [],
    });
    expect(bystander.sent).toEqual([]);
    // A change that ends nothing names no rooms and closes nothing.
    hub.deliver({ kind: "access-changed", rooms: [], userIds: ["u2"], sessionIds: [] });
    expect(bystander.closedWith).toBeUndefined();

    expect(socket.sent).toEqual([{ type: "error", message: MESSAGES.accessDenied }]);
    expect(socket.closedWith).toBe(CLOSE_CODES.accessDenied);
    expect(hub.size).toBe(1);
  });

  it("terminates sockets silent for longer than the idle timeout", () => {
    let now = 0;
    const hub = new SocketHub({ idleTimeoutMs: 30_000, now: () => now });
    const silent = new FakeSocket();
    const chatty = new FakeSocket();
    hub.add(silent, "u1");
    hub.add(chatty, "u2");

    now = 20_000;
    hub.touch(chatty);
    now = 30_001;
    expect(hub.sweep()).toBe(1);

    expect(silent.terminated).toBe(true);
    expect(chatty.terminated).toBe(false);
    expect(hub.size).toBe(1);
  });

  it("sweeps only while it holds a socket: no timer in an idle process", () => {
    vi.useFakeTimers();
    try {
      const hub = new SocketHub({ idleTimeoutMs: 30_000, sweepIntervalMs: 5_000 });
      const said: unknown[] = [];
      hub.startSweeping((count, details) => said.push([count, details]));
      expect(hub.sweepArmed).toBe(false);
      expect(vi.getTimerCount()).toBe(0);

      const silent = new FakeSocket();
      hub.add(silent, "u1");
      expect(hub.sweepArmed).toBe(true);
      // The sweep ends the silent socket, the last one: the timer goes with it.
      vi.advanceTimersByTime(35_000);
      expect(silent.terminated).toBe(true);
      // What the sweep ended is said once (the plugin logs it), with how late
      // the sweep ran (a held loop reads as silence) and the longest silence.
      expect(said).toEqual([[1, { lateMs: 0, longestSilentMs: 35_000 }]]);
      expect(hub.sweepArmed).toBe(false);
      expect(vi.getTimerCount()).toBe(0);

      const next = new FakeSocket();
      hub.add(next, "u2");
      expect(hub.sweepArmed).toBe(true);
      hub.remove(next);
      expect(hub.sweepArmed).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("closeAll closes every socket with 1001", async () => {
    const hub = new SocketHub();
    const sockets = [new FakeSocket(), new FakeSocket()];
    for (const socket of sockets) hub.add(socket, "u1");

    await hub.closeAll();

    expect(sockets.map((socket) => socket.closedWith)).toEqual([1001, 1001]);
    expect(hub.size).toBe(0);
  });
});
