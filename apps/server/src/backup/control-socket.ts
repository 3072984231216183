import { chmodSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";

/**
 * The operator's line into a running server with an embedded database:
 * a Unix socket in DATA_DIR (`control.sock`, owner-only), through which
 * `npm run backup` asks the process that holds the database for a snapshot
 * (no other process may open it). One JSON line asked, one answered.
 */
export const CONTROL_SOCKET = "control.sock";

export type ControlRequest = { command: "snapshot"; target: string } | { command: "ping" };
export type ControlAnswer = { ok: true; result: unknown } | { ok: false; error: string };

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, CONTROL_SOCKET);
}

/** Listens on DATA_DIR/control.sock; a socket file left by a killed process is replaced. */
export async function listenForControl(
  dataDir: string,
  handle: (request: Extract<ControlRequest, { command: "snapshot" }>) => Promise<unknown>,
): Promise<Server> {
  const file = controlSocketPath(dataDir);
  // Whoever holds the database's lock owns DATA_DIR: a file here is a dead process's.
  rmSync(file, { force: true });
  const server = createServer((socket) => {
    const lines = createInterface({ input: socket });
    lines.once("line", (line) => {
      lines.close();
      let answer: Promise<ControlAnswer>;
      try {
        const request = JSON.parse(line) as ControlRequest;
        if (request.command === "ping") {
          answer = Promise.resolve({ ok: true, result: "pong" });
          void answer.then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
          return;
        }
        if (request.command !== "snapshot" || typeof request.target !== "string") {
          throw new Error("unknown command");
        }
        answer = handle(request).then(
          (result) => ({ ok: true, result }),
          (error: unknown) => ({ ok: false, error: String((error as Error)?.message ?? error) }),
        );
      } catch (error) {
        answer = Promise.resolve({ ok: false, error: String((error as Error).message) });
      }
      void answer.then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
    socket.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(file, () => {
      server.off("error", reject);
      resolve();
    });
  });
  chmodSync(file, 0o600);
  return server;
}

/**
 * Asks the server of DATA_DIR; answers undefined when no server listens
 * there (the socket file is missing or nobody answers on it).
 */
export async function askControl(
  dataDir: string,
  request: ControlRequest,
): Promise<ControlAnswer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(undefined);
      else reject(error);
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(text) as ControlAnswer);
      } catch {
        reject(new Error(`The server answered something else than a control answer: ${text}`));
      }
    });
    socket.on("connect", () => socket.write(`${JSON.stringify(request)}\n`));
  });
}
