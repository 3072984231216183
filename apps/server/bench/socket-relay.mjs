// The sockets bench's baseline (run by sockets.ts with fork and --expose-gc;
// plain JavaScript, no tsx): a bare `ws` relay in a process of its own. A
// client connects to ws://127.0.0.1:PORT/?owner=<id>[&player=<id>]: without
// a player it is one of the owner's browsers, with one the device of that
// player. A text frame {"type": …, "playerId": …} is parsed and written, as
// it came, to the sender's owner's browsers and the devices of that player
// of the owner, which is the set the product's player socket reaches for an
// owner's command (the owner's room of browsers and the player's room).
// {"type":"ping"} is answered {"type":"pong"}. It sends its port as its
// first IPC message, and answers {memory: true} with its memoryUsage()
// after a GC (two, a second apart).
//
// With RELAY_REDIS_URL, relays are bridged as the product's processes are
// (the two-process bench): a command is written to this relay's sockets of
// its rooms and published, with this relay's origin, on one Redis channel
// (RELAY_REDIS_CHANNEL); every other relay writes what it hears there to
// its own sockets of those rooms. An owner's remote on one relay thus
// reaches the owner's device on the other through Redis, as in the product.
import { randomUUID } from "node:crypto";
import { WebSocketServer } from "ws";

/** Sockets by room: "owner:<id>" the owner's browsers, "player:<owner>:<id>" a player's devices. */
const rooms = new Map();

function join(room, socket) {
  let members = rooms.get(room);
  if (!members) {
    members = new Set();
    rooms.set(room, members);
  }
  members.add(socket);
}

function leave(room, socket) {
  const members = rooms.get(room);
  members?.delete(socket);
  if (members?.size === 0) rooms.delete(room);
}

/** Writes a command's text to this relay's sockets of the owner's browsers and of the player's devices. */
function deliver(owner, playerId, text) {
  for (const target of [`owner:${owner}`, `player:${owner}:${playerId}`]) {
    for (const member of rooms.get(target) ?? []) {
      if (member.readyState === 1) member.send(text);
    }
  }
}

// Loaded only when bridged: the plain relay is ws alone.
const Redis = process.env.RELAY_REDIS_URL ? (await import("ioredis")).Redis : undefined;
const bridge = Redis
  ? {
      origin: randomUUID(),
      channel: process.env.RELAY_REDIS_CHANNEL ?? "relay",
      publisher: new Redis(process.env.RELAY_REDIS_URL),
      subscriber: new Redis(process.env.RELAY_REDIS_URL),
    }
  : undefined;
if (bridge) {
  await bridge.subscriber.subscribe(bridge.channel);
  bridge.subscriber.on("message", (_channel, wire) => {
    const event = JSON.parse(wire);
    if (event.origin !== bridge.origin) deliver(event.owner, event.playerId, event.text);
  });
}

// Bridged, it listens once subscribed: its port, sent when listening, says it is ready.
const server = new WebSocketServer({ host: "127.0.0.1", port: 0, maxPayload: 16 * 1024 });

server.on("connection", (socket, request) => {
  const query = new URL(request.url ?? "/", "http://relay").searchParams;
  const owner = query.get("owner") ?? "";
  const player = query.get("player");
  const room = player ? `player:${owner}:${player}` : `owner:${owner}`;
  join(room, socket);
  socket.on("message", (data, isBinary) => {
    if (isBinary) return;
    let message;
    try {
      message = JSON.parse(data.toString("utf8"));
    } catch {
      return;
    }
    if (message.type === "ping") {
      socket.send('{"type":"pong"}');
      return;
    }
    if (typeof message.playerId !== "string") return;
    const text = JSON.stringify(message);
    deliver(owner, message.playerId, text);
    if (bridge) {
      const wire = { origin: bridge.origin, owner, playerId: message.playerId, text };
      bridge.publisher.publish(bridge.channel, JSON.stringify(wire));
    }
  });
  socket.on("close", () => leave(room, socket));
});

server.on("listening", () => {
  process.send?.({ port: server.address().port });
});

// A GC, a second for the heap's sweeping to give its free pages back, and a GC again.
process.on("message", (request) => {
  if (!request?.memory) return;
  globalThis.gc?.();
  setTimeout(() => {
    globalThis.gc?.();
    process.send?.({ memory: process.memoryUsage() });
  }, 1_000);
});
process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", () => process.exit(0));
