import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BoxPlayerEvent, startBoxPlayer } from "@fonika/box-player";
import WebSocket from "ws";
import { AuthStore, SessionIssuer } from "../src/modules/auth/auth.ts";
import { productSockets, type SessionOfSocket } from "./socket-fixtures.ts";
import type { BenchApp } from "./support.ts";

/** How long the box may take to connect, and to follow the command, before the bench fails. */
const WAIT_MS = 10_000;

export interface BoxPlayerFigure {
  /** From the box's start (a stored session, rotated first) to its player's first state. */
  connectedMs: number;
  /** From the owner's command to the box's own `volume` event. */
  followedMs: number;
}

/**
 * The repository's box player (`npm run box-player`, the client an
 * integrator reads) on the bench's server while the bench's sockets are
 * connected: it resumes a bench device's session from a state file, as a
 * box that signed in before does, finds its player by serial number,
 * connects, and follows a volume command its owner's remote sends. The
 * loader's sockets stand for the other boxes; this one shows that the
 * real client, not only the loader's, gets through.
 */
export async function boxPlayerFollows(
  bench: BenchApp,
  sessions: readonly SessionOfSocket[],
): Promise<BoxPlayerFigure> {
  const device = sessions.find((socket) => socket.serial !== undefined);
  const remote = sessions.find(
    (socket) => socket.playerId === null && socket.owner === device?.owner,
  );
  if (!device?.serial || !device.playerId || !remote)
    throw new Error("no bench device with a remote");
  const playerId = device.playerId;
  const issuer = new SessionIssuer(bench.app.accessTokens, bench.app.config.sessionLifetimeDays);
  const folder = await mkdtemp(join(tmpdir(), "fonika-bench-box-"));
  const stateFile = join(folder, "session.json");
  await writeFile(
    stateFile,
    JSON.stringify(await issuer.issue(new AuthStore(bench.app.db), device.session, device.user)),
  );
  const started = performance.now();
  const box = startBoxPlayer({
    server: bench.base,
    serial: device.serial,
    stateFile,
    updatesDir: folder,
  });
  let owner: WebSocket | undefined;
  try {
    await waitForEvent(
      box.events,
      (event) => event.kind === "connected" && event.playerId === playerId,
    );
    const connectedMs = performance.now() - started;
    // The owner's remote, as the loader opens it.
    const [remoteSocket] = await productSockets(bench, [remote]);
    if (!remoteSocket) throw new Error("no socket for the owner's remote");
    owner = new WebSocket(remoteSocket.url, remoteSocket.protocols);
    await once(owner, "open");
    const volume = 37;
    const followed = waitForEvent(
      box.events,
      (event) => event.kind === "volume" && event.volume === volume,
    );
    const sentAt = performance.now();
    owner.send(JSON.stringify({ type: "volume", playerId, volume }));
    await followed;
    return { connectedMs, followedMs: performance.now() - sentAt };
  } finally {
    owner?.close();
    await box.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

/** Resolves on the box's first event that `matches`; rejects on a failure it reports, or after WAIT_MS. */
function waitForEvent(
  events: NodeJS.EventEmitter,
  matches: (event: BoxPlayerEvent) => boolean,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      events.off("event", listen);
      if (error) reject(error);
      else resolve();
    };
    const listen = (event: BoxPlayerEvent) => {
      if (event.kind === "failure") done(new Error(`box player: ${String(event.error)}`));
      else if (event.kind === "denied") done(new Error("box player: its session was refused"));
      else if (matches(event)) done();
    };
    const timer = setTimeout(
      () => done(new Error(`box player: nothing in ${WAIT_MS} ms`)),
      WAIT_MS,
    );
    events.on("event", listen);
  });
}
