import { API_BASE, PLAYER_SOCKET_PATH, playerSocketProtocols } from "@fonika/shared";
import WebSocket from "ws";
import type { TestServer } from "./harness.ts";

/** A test client of the player socket that queues what it receives. */
export interface SocketClient {
  socket: WebSocket;
  /** The next message not read yet (waits up to 5 s). */
  next(): Promise<Record<string, unknown>>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  send(message: unknown): void;
}

/**
 * Opens a player socket with the token offered as a subprotocol, as the web
 * app and the box do (issue 31); `tokenIn: "url"` puts it in the URL, as
 * boxes of earlier releases do.
 */
export function connect(
  server: TestServer,
  token?: string,
  query: Record<string, string> = {},
  { tokenIn = "protocol" }: { tokenIn?: "protocol" | "url" } = {},
): Promise<SocketClient> {
  const url = new URL(`${API_BASE}${PLAYER_SOCKET_PATH}`, server.url.replace("http", "ws"));
  if (token !== undefined && tokenIn === "url") url.searchParams.set("access_token", token);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const socket =
    token !== undefined && tokenIn === "protocol"
      ? new WebSocket(url, playerSocketProtocols(token))
      : new WebSocket(url);
  const inbox: Array<Record<string, unknown>> = [];
  const waiting: Array<(message: Record<string, unknown>) => void> = [];
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.once("open", () =>
      resolve({
        socket,
        closed,
        send: (message) =>
          socket.send(typeof message === "string" ? message : JSON.stringify(message)),
        next: () => {
          const queued = inbox.shift();
          if (queued) return Promise.resolve(queued);
          return new Promise((resolveMessage, rejectMessage) => {
            const timer = setTimeout(
              () => rejectMessage(new Error("no message within 5 s")),
              5_000,
            );
            waiting.push((message) => {
              clearTimeout(timer);
              resolveMessage(message);
            });
          });
        },
      }),
    );
  });
}

/** The next message of `type`, skipping others. */
export async function nextOfType(socket: SocketClient, type: string) {
  for (;;) {
    const message = await socket.next();
    if (message.type === type) return message;
  }
}
