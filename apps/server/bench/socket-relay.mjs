// The sockets bench's baseline (run by sockets.ts with fork and --expose-gc;
// plain JavaScript, no tsx): a bare `ws` relay in a process of its own. A
// client connects to ws://127.0.0.1:PORT/?owner=<id>[&player=<id>] and is
// held in its owner's set; a text frame {"type": …, "playerId": …} is
// parsed and written, as it came, to every socket of the sender's owner
// (the sender too), which is the set the product's player socket reaches
// for an owner's command: the owner's room holds the owner's browsers and
// the devices of the owner's players. {"type":"ping"} is answered
// {"type":"pong"}. It sends its port as its first IPC message, and answers
// {memory: true} with its memoryUsage() after a GC (two, a second apart).
import { WebSocketServer } from "ws";

/** Sockets of each owner. */
const owners = new Map();
const server = new WebSocketServer({ host: "127.0.0.1", port: 0, maxPayload: 16 * 1024 });

server.on("connection", (socket, request) => {
  const owner = new URL(request.url ?? "/", "http://relay").searchParams.get("owner") ?? "";
  let members = owners.get(owner);
  if (!members) {
    members = new Set();
    owners.set(owner, members);
  }
  members.add(socket);
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
    for (const member of members) {
      if (member.readyState === 1) member.send(text);
    }
  });
  socket.on("close", () => {
    members.delete(socket);
    if (members.size === 0) owners.delete(owner);
  });
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
