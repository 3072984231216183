import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  API_BASE,
  authApi,
  type Endpoint,
  endpointPath,
  establishmentsApi,
  historyApi,
  playersApi,
  tokenPairSchema,
} from "@fonika/shared";

/**
 * `npm run box-player:outage` (issue 31): the repository's box player,
 * run as a venue runs it (`npm run box-player`, its own process), through
 * the server killed with SIGKILL for a minute. It makes the demo on a
 * fresh data folder (`npm run demo`), starts the server, adds a box player
 * to the demo venue, approves the box's code as the owner would, waits
 * until the box keeps its plan's music, kills the server, starts it again
 * after OUTAGE_SECONDS, and reads the box's log and the history: the
 * longest silence between two songs, the song after the reconnect, and
 * whether every play the box made is in the history once, ended.
 */

const ROOT = resolve(import.meta.dirname, "../../..");
const OUTAGE_SECONDS = Number(process.env.OUTAGE_SECONDS ?? 60);
/** The demo's songs last 45–90 s; at this speed an outage of a minute spans many. */
const SPEED = Number(process.env.BOX_SPEED ?? 10);
const SERIAL = "BOX-OUTAGE";

const work = mkdtempSync(join(tmpdir(), "fonika-outage-"));
const dataDir = join(work, "data");
const serverLog = join(work, "server.log");
const boxLog = join(work, "box.log");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string>, log: string) {
  const out = createWriteStream(log, { flags: "a" });
  // A group of its own: npm's children (tsx, the box) are stopped with it.
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  children.push(child);
  return child;
}

/** Signals a child's whole process group (npm, its shell, tsx, node). */
function stop(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // The group has ended already.
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  return typeof address === "object" && address ? address.port : 0;
}

async function until<T>(what: string, check: () => Promise<T | null> | T | null, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

async function api<E extends Endpoint>(
  endpoint: E,
  input: { params?: Record<string, string>; query?: string; body?: unknown; token?: string },
): Promise<unknown> {
  const answer = await fetch(
    `${base}${API_BASE}${endpointPath(endpoint.path, input.params)}${input.query ?? ""}`,
    {
      method: endpoint.method,
      headers: {
        ...(input.token ? { authorization: `Bearer ${input.token}` } : {}),
        ...(input.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
    },
  );
  if (!answer.ok) throw new Error(`${endpoint.path} answered ${answer.status}`);
  return answer.json();
}

function startServer() {
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" };
  const server = run("node", ["apps/server/dist/server.mjs"], env, serverLog);
  return until(
    "the server",
    async () => ((await fetch(`${base}/health`).catch(() => null))?.ok ? server : null),
    60_000,
  );
}

function codeInLog(email: string, seen: number): string | null {
  const codes = readFileSync(serverLog, "utf8")
    .split("\n")
    .filter((line) => line.includes(email))
    .map((line) => /\b(\d{6})\b/.exec(line)?.[1])
    .filter((code): code is string => Boolean(code));
  return codes.length > seen ? (codes.at(-1) ?? null) : null;
}

/** Lines of the box's log: when, and what. */
function boxLines(): { at: number; text: string }[] {
  let text = "";
  try {
    text = readFileSync(boxLog, "utf8");
  } catch {
    // Not written yet.
  }
  return text
    .split("\n")
    .map((line) => /^(\S+Z) (.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ at: Date.parse(match[1] as string), text: match[2] as string }));
}

try {
  console.log(
    `outage run in ${work}: the demo, then a box player through a ${OUTAGE_SECONDS} s SIGKILL`,
  );
  const demo = run(
    "npm",
    ["run", "demo", "-w", "@fonika/server"],
    { DATA_DIR: dataDir },
    join(work, "demo.log"),
  );
  await new Promise((done) => demo.on("exit", done));
  run("node", ["scripts/build-if-changed.mjs"], {}, join(work, "build.log"));
  await new Promise((done) => children.at(-1)?.on("exit", done));
  let server = await startServer();

  const email = "demo-client@fonika.local";
  await api(authApi.emailSendCode, { body: { email } });
  const code = await until("the sign-in code", () => codeInLog(email, 0), 10_000);
  const owner = tokenPairSchema.parse(
    await api(authApi.emailVerifyCode, { body: { email, code } }),
  );
  const ownerId = JSON.parse(
    Buffer.from(owner.token.split(".")[1] ?? "", "base64url").toString(),
  ).sub;
  const venues = (await api(establishmentsApi.listEstablishments, {
    params: { userId: ownerId },
    token: owner.token,
  })) as { data: { id: string }[] };
  const establishmentId = venues.data[0]?.id ?? "";
  const player = (await api(playersApi.addPlayer, {
    body: {
      name: "Коробка",
      type: "boxPlayer",
      serialBoxNumber: SERIAL,
      establishmentId,
      address: "Москва",
    },
    token: owner.token,
  })) as { id: string };

  const state = join(work, "box.json");
  const box = run(
    "npm",
    [
      "run",
      "box-player",
      "--",
      "--server",
      base,
      "--serial",
      SERIAL,
      "--state-file",
      state,
      "--speed",
      String(SPEED),
    ],
    {},
    boxLog,
  );
  const boxCode = await until(
    "the box's code",
    () =>
      boxLines()
        .map((line) => /^code (\d{6})/.exec(line.text)?.[1])
        .find(Boolean) ?? null,
    60_000,
  );
  await api(authApi.approveDeviceCode, {
    body: { code: boxCode, establishmentId },
    token: owner.token,
  });
  await until(
    "the box's music kept",
    () => (boxLines().some((l) => l.text.startsWith("keeps")) ? true : null),
    120_000,
  );
  await until(
    "a song",
    () => (boxLines().some((l) => l.text.startsWith("playing")) ? true : null),
    60_000,
  );

  const killedAt = Date.now();
  stop(server, "SIGKILL");
  console.log(`server killed with SIGKILL; back in ${OUTAGE_SECONDS} s`);
  await new Promise((done) => setTimeout(done, OUTAGE_SECONDS * 1000));
  server = await startServer();
  const backAt = Date.now();
  await until(
    "the box back",
    () => (boxLines().some((l) => l.at > backAt && l.text.startsWith("connected")) ? true : null),
    60_000,
  );
  await new Promise((done) => setTimeout(done, (90_000 / SPEED) * 2));
  stop(box, "SIGTERM");
  await new Promise((done) => box.on("exit", done));

  const lines = boxLines();
  const plays = lines.filter((line) => line.text.startsWith("playing"));
  let longest = 0;
  let endedAt: number | null = null;
  for (const line of lines) {
    if (line.text.startsWith("ended")) endedAt = line.at;
    if (line.text.startsWith("playing") && endedAt !== null) {
      longest = Math.max(longest, line.at - endedAt);
      endedAt = null;
    }
  }
  const reconnected = lines.find((line) => line.at > backAt && line.text.startsWith("connected"));
  const afterBack = lines.find(
    (line) => reconnected && line.at > reconnected.at && line.text.startsWith("playing"),
  );
  const lastOffline = [...lines]
    .reverse()
    .find((line) => line.text.startsWith("playing") && line.text.includes("(offline"));
  const history = (await api(historyApi.playerHistory, {
    params: { id: player.id },
    query: "?count=500",
    token: owner.token,
  })) as { data: { id: string; ending: string | null }[] };
  const ids = new Set(history.data.map((play) => play.id));
  console.log(
    JSON.stringify(
      {
        outageSeconds: Math.round((backAt - killedAt) / 1000),
        speed: SPEED,
        playsByTheBox: plays.length,
        playsOffline: plays.filter((line) => line.text.includes("(offline")).length,
        longestSilenceMs: longest,
        lastOfflineSong: lastOffline?.text,
        firstSongAfterReconnect: afterBack?.text,
        historyRows: history.data.length,
        historyRowsDistinct: ids.size,
        historyUnended: history.data.filter((play) => play.ending === null).length,
        endings: history.data.reduce<Record<string, number>>((all, play) => {
          all[String(play.ending)] = (all[String(play.ending)] ?? 0) + 1;
          return all;
        }, {}),
      },
      null,
      2,
    ),
  );
} finally {
  for (const child of children) stop(child, "SIGKILL");
  if (!process.env.KEEP_OUTAGE_RUN) rmSync(work, { recursive: true, force: true });
}
