import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type { Actor } from "../kernel/actor.ts";
import { OPEN } from "./hub.ts";
import { type SocketContext, SocketHandlers, SocketMemory } from "./socket-registry.ts";
import { handleFrame, SOCKET_ERRORS, type SocketSession } from "./socket-session.ts";

const actor: Actor = {
  userId: randomUUID(),
  authority: ["role-client"],
  role: "role-client",
  sessionId: randomUUID(),
  sessionKind: "browser",
  establishmentId: null,
  playerId: null,
};

const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };

/** An admitted socket on `handlers` that writes down what it is sent. */
function session(handlers: SocketHandlers) {
  const sent: unknown[] = [];
  const socket = {
    readyState: OPEN,
    send: (text: string) => sent.push(JSON.parse(text)),
    close: () => {},
    terminate: () => {},
  };
  const context: SocketContext = {
    actor,
    send: (message) => socket.send(JSON.stringify(message)),
    join: () => {},
    leave: () => {},
    log,
  };
  const frame = (message: unknown) =>
    handleFrame(
      { socket, context, handlers } satisfies SocketSession,
      Buffer.from(JSON.stringify(message)),
      false,
    );
  return { sent, context, frame };
}

describe("the socket's registry", () => {
  it("hands a message to the one handler of its type; a second handler of a type is refused", async () => {
    const handlers = new SocketHandlers();
    const seen: unknown[] = [];
    handlers.onMessage("chatTyping", (message, context) => {
      seen.push(message);
      context.send({ type: "pong" });
    });
    expect(() => handlers.onMessage("chatTyping", () => {})).toThrow(/has a handler already/);
    const { sent, frame } = session(handlers);
    const clientId = randomUUID();
    await frame({ type: "chatTyping", clientId });
    expect(seen).toEqual([{ type: "chatTyping", clientId }]);
    expect(sent).toEqual([{ type: "pong" }]);
  });

  it("answers a known type no module handles as an unknown one, and ping and connect itself", async () => {
    const handlers = new SocketHandlers();
    const { sent, frame } = session(handlers);
    await frame({ type: "watchClientPlayers", clientId: null });
    await frame({ type: "ping" });
    await frame({ type: "connect" });
    expect(sent).toEqual([
      { type: "error", message: SOCKET_ERRORS.unknownType },
      { type: "pong" },
      { type: "connected", userId: actor.userId },
    ]);
  });

  it("runs the handler of ping and connect after the socket's own answer", async () => {
    const handlers = new SocketHandlers();
    const { sent, frame } = session(handlers);
    handlers.onMessage("ping", (_message, context) =>
      context.send({ type: "stopPlay", playerId: "p" }),
    );
    handlers.onMessage("connect", (message, context) =>
      context.send({ type: "error", message: message.version ?? "none" }),
    );
    // The ping written as clients write it takes the fast path; the handler still runs.
    await frame({ type: "ping" });
    await frame({ type: "connect", version: "1.2.3" });
    expect(sent).toEqual([
      { type: "pong" },
      { type: "stopPlay", playerId: "p" },
      { type: "connected", userId: actor.userId },
      { type: "error", message: "1.2.3" },
    ]);
  });

  it("gathers every module's rooms and snapshot in the order they were added", async () => {
    const handlers = new SocketHandlers();
    handlers.onAdmit(() => ({ rooms: ["a"] }));
    handlers.onAdmit(async () => ({ rooms: ["b", "c"], snapshot: [{ type: "pong" }] }));
    handlers.onAdmit(() => ({}));
    expect(await handlers.admit(actor)).toEqual({
      rooms: ["a", "b", "c"],
      snapshot: [{ type: "pong" }],
    });
  });

  it("runs every presence listener even when one fails, and logs the failure", async () => {
    const handlers = new SocketHandlers();
    const calls: string[] = [];
    handlers.onOpen(async () => {
      throw new Error("down");
    });
    handlers.onOpen(async () => {
      calls.push("opened");
    });
    handlers.onClose(async () => {
      calls.push("closed");
    });
    log.error.mockClear();
    await handlers.open(actor, log);
    await handlers.close(actor, log);
    expect(calls).toEqual(["opened", "closed"]);
    expect(log.error).toHaveBeenCalledOnce();
  });

  it("names no player and only narrows a device until a module owns each step; each has one owner", async () => {
    const handlers = new SocketHandlers();
    expect(await handlers.namedPlayer(actor, "p")).toBeNull();
    expect(await handlers.bindToNamed(actor, "p")).toBe(true);
    handlers.findNamedPlayer(async (_actor, playerId) => `found:${playerId}`);
    handlers.bindNamedPlayer(async () => false);
    expect(await handlers.namedPlayer(actor, "p")).toBe("found:p");
    expect(await handlers.bindToNamed(actor, "p")).toBe(false);
    expect(() => handlers.findNamedPlayer(async () => null)).toThrow();
    expect(() => handlers.bindNamedPlayer(async () => true)).toThrow();
  });

  it("takes no registration once sealed (the server is ready)", () => {
    const handlers = new SocketHandlers();
    handlers.seal();
    expect(() => handlers.onMessage("ping", () => {})).toThrow(/sealed/);
    expect(() => handlers.onAdmit(() => ({}))).toThrow(/sealed/);
    expect(() => handlers.onClose(async () => {})).toThrow(/sealed/);
  });

  it("keeps a module's memory of each socket apart", () => {
    const memory = new SocketMemory(() => ({ count: 0 }));
    const first = session(new SocketHandlers()).context;
    const second = session(new SocketHandlers()).context;
    memory.of(first).count += 2;
    expect(memory.of(first).count).toBe(2);
    expect(memory.of(second).count).toBe(0);
  });
});
