// The sockets bench's loader (run by sockets.ts with fork; plain JavaScript,
// no tsx): the client side of every socket, in a process of its own so that
// the server's CPU is the server's. One clock: a command's send and every
// receipt of it are read from performance.now() here.
//
// Requests (IPC), each answered by one message:
//   {connect: {sockets: [{url, protocols, owner, playerId|null}], concurrency}}
//       opens them (playerId: a device socket; null: the owner's remote),
//       waits until no message arrived for 500 ms, and starts the pings
//       (every socket, every 4 s, spread over the 4 s, as clients do);
//       answers how many opened, failed, the seconds, and the sockets the
//       server closed meanwhile (closedByServer).
//   {run: {commands, perSecond, groupSize}}
//       `commands` commands, one player after another; `groupSize` at a time
//       (1 steady, more a burst), `perSecond` commands a second. A command
//       is `pause` or `play` (the other of its player's last) sent by the
//       player's owner's remote, and done when every socket that must
//       get it received it: the owner's browsers and the player's devices.
//       Answers the latencies (ms), the lost commands, the loader's CPU and
//       its GC pauses (loaderGc), and the sockets the server closed since
//       the connect, in all (closedByServer) and by close code (closeCodes:
//       {code: count}).
//   {ceiling: {seconds}}
//       closed loop: each player's next command as soon as its last is
//       done, for `seconds`; answers the commands and messages a second.
//   {close: true}
import { PerformanceObserver, performance } from "node:perf_hooks";
import WebSocket from "ws";

const PING_MS = 4_000;
/**
 * How often the pinger looks for pings due. 1 100 clients' pings arrive
 * one by one, ~3.6 ms apart, not together: a 50 ms tick sent them 14 at a
 * time, and the commands sent just before a tick waited behind the burst
 * on both sides (most slow commands of either side's runs were there).
 */
const PING_TICK_MS = 4;
const LOST_AFTER_MS = 10_000;

/** @type {{socket: WebSocket, owner: string, playerId: string | null}[]} */
let clients = [];
/** Every socket open so far, in the order they opened: the pings go round it. */
let opened = [];
/** Remote socket of each owner. */
const remotes = new Map();
/** Receivers of a command, by the owner's browsers and by the player's devices. */
const audience = new Map();
/** Players in order, with the type of their last command. */
let players = [];
/** Command in flight per player: {type, sentAt, left}. */
const inFlight = new Map();
let latencies = [];
/** When each command of `latencies` was sent, on the machine's clock (ms since the epoch). */
let sentAt = [];
let messagesReceived = 0;
let lastMessageAt = 0;
let pinger;
/** Sockets the server closed while the loader held them, in all and by close code. */
let closedByServer = 0;
let closeCodes = {};
/** Of each socket the server closed: its code, how long it had been open, and since its last ping (null: never pinged). */
let closedSilence = [];
/** Commands still in flight when their player's next one was sent. */
let overtaken = 0;
/** This process's GC pauses (ms) since the run began: the loader's own, said beside its figures. */
let gcPauses = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push(entry.duration);
}).observe({ entryTypes: ["gc"] });
/** Called when a command completes (the ceiling's closed loop). */
let onDone = () => {};

function receive(data) {
  messagesReceived++;
  const text = data.toString();
  if (text === '{"type":"pong"}') return;
  lastMessageAt = performance.now();
  // Only the commands count; states, statuses and pongs are skipped unparsed.
  if (!text.startsWith('{"type":"pause"') && !text.startsWith('{"type":"play"')) return;
  const message = JSON.parse(text);
  const pending = inFlight.get(message.playerId);
  if (!pending || pending.type !== message.type) return;
  pending.left--;
  if (pending.left === 0) {
    inFlight.delete(message.playerId);
    latencies.push(performance.now() - pending.sentAt);
    sentAt.push(performance.timeOrigin + pending.sentAt);
    onDone(message.playerId);
  }
}

function open(spec) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(spec.url, spec.protocols, { perMessageDeflate: false });
    socket.once("error", reject);
    socket.once("open", () => {
      socket.on("message", receive);
      const client = {
        socket,
        owner: spec.owner,
        playerId: spec.playerId,
        closing: false,
        openedAt: performance.now(),
        pingedAt: 0,
      };
      socket.once("close", (code) => {
        if (client.closing) return;
        closedByServer++;
        closeCodes[code] = (closeCodes[code] ?? 0) + 1;
        closedSilence.push({
          code,
          sinceOpenMs: performance.now() - client.openedAt,
          sinceLastPingMs: client.pingedAt ? performance.now() - client.pingedAt : null,
        });
      });
      // Clients ping from the moment they are open (the server drops a socket silent for 30 s).
      opened.push(client);
      resolve(client);
    });
  });
}

async function connect({ sockets, concurrency }) {
  const started = performance.now();
  closedByServer = 0;
  closedSilence = [];
  closeCodes = {};
  // Pings sent so far: by now, every socket's share of one ping each PING_MS.
  let pinged = 0;
  // The next socket to ping. A cursor, not `pinged % opened.length`: while
  // sockets open, that index jumps back by pinged / length places with each
  // one, and in a 70-s connect it all but stood still, so sockets ahead of
  // it went 30 s unpinged and the server rightly ended them as silent.
  let cursor = 0;
  pinger = setInterval(() => {
    const due = Math.floor(((performance.now() - started) * sockets.length) / PING_MS);
    for (; pinged < due && opened.length > 0; pinged++) {
      if (cursor >= opened.length) cursor = 0;
      const client = opened[cursor++];
      if (client.socket.readyState !== WebSocket.OPEN) continue;
      client.socket.send('{"type":"ping"}');
      client.pingedAt = performance.now();
    }
  }, PING_TICK_MS);
  clients = new Array(sockets.length);
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < sockets.length) {
      const index = next++;
      try {
        clients[index] = await open(sockets[index]);
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  clients = clients.filter(Boolean);
  for (const client of clients) {
    const key = client.playerId === null ? `owner:${client.owner}` : `player:${client.playerId}`;
    audience.set(key, (audience.get(key) ?? 0) + 1);
    if (client.playerId === null) remotes.set(client.owner, client.socket);
    else if (audience.get(key) === 1) {
      players.push({ playerId: client.playerId, owner: client.owner, last: "play" });
    }
  }
  const seconds = (performance.now() - started) / 1000;
  reportClosed("connect");
  // What a connection sets off (snapshots, presence, statuses) settles first.
  lastMessageAt = performance.now();
  while (performance.now() - lastMessageAt < 500) await sleep(100);
  return { connected: clients.length, failed, seconds, closedByServer };
}

function send(player) {
  const type = player.last === "play" ? "pause" : "play";
  player.last = type;
  // The player's last command is still not everywhere after a whole round: it is lost.
  if (inFlight.has(player.playerId)) overtaken++;
  inFlight.set(player.playerId, {
    type,
    sentAt: performance.now(),
    left: audience.get(`owner:${player.owner}`) + audience.get(`player:${player.playerId}`),
  });
  remotes.get(player.owner).send(JSON.stringify({ type, playerId: player.playerId }));
}

/** Waits until nothing is in flight, or LOST_AFTER_MS; answers how many were lost. */
async function drain() {
  const deadline = performance.now() + LOST_AFTER_MS;
  while (inFlight.size > 0 && performance.now() < deadline) await sleep(10);
  const lost = inFlight.size;
  inFlight.clear();
  return lost;
}

async function run({ commands, perSecond, groupSize }) {
  latencies = [];
  sentAt = [];
  // The connect's garbage, and what it left alive in the young generation,
  // is collected now rather than in the run (--expose-gc: LOADER_EXEC_ARGV);
  // its pauses are told to the observer in a later turn, before the count starts.
  globalThis.gc?.();
  await sleep(50);
  gcPauses = [];
  overtaken = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const groups = Math.ceil(commands / groupSize);
  const gapMs = (1000 * groupSize) / perSecond;
  let sent = 0;
  for (let group = 0; group < groups; group++) {
    const due = started + group * gapMs;
    while (performance.now() < due) await sleep(Math.max(0, Math.min(due - performance.now(), 5)));
    for (let index = 0; index < groupSize && sent < commands; index++) {
      send(players[sent++ % players.length]);
    }
  }
  const lost = (await drain()) + overtaken;
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    latencies,
    sentAt,
    lost,
    closedByServer,
    closeCodes: { ...closeCodes },
    seconds: elapsed,
    loaderCores: (used.user + used.system) / 1e6 / elapsed,
    loaderGc: { pauses: gcPauses.length, longestMs: Math.max(0, ...gcPauses) },
  };
}

async function ceiling({ seconds }) {
  latencies = [];
  sentAt = [];
  const byId = new Map(players.map((player) => [player.playerId, player]));
  let running = true;
  onDone = (playerId) => {
    if (running) send(byId.get(playerId));
  };
  const messagesBefore = messagesReceived;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const player of players) send(player);
  await sleep(seconds * 1000);
  running = false;
  const elapsed = (performance.now() - started) / 1000;
  const done = latencies.length;
  const messages = messagesReceived - messagesBefore;
  const used = process.cpuUsage(cpu);
  await drain();
  onDone = () => {};
  return {
    commandsPerSecond: done / elapsed,
    messagesPerSecond: messages / elapsed,
    loaderCores: (used.user + used.system) / 1e6 / elapsed,
  };
}

/**
 * Says on stderr, when the server closed sockets, with which codes, how
 * long they had been open and since the loader last pinged them (the
 * device the repository's box player takes over is one, 4409): a server
 * that ends sockets as silent while the loader pinged them a second before
 * does not read them.
 */
function reportClosed(phase) {
  if (closedSilence.length === 0) return;
  const sinceOpen = closedSilence.map((closed) => closed.sinceOpenMs).sort((a, b) => a - b);
  const pinged = closedSilence
    .map((closed) => closed.sinceLastPingMs)
    .filter((ms) => ms !== null)
    .sort((a, b) => a - b);
  const at = (sorted, q) =>
    sorted.length ? sorted[Math.floor(q * (sorted.length - 1))].toFixed(0) : "-";
  const codes = {};
  for (const { code } of closedSilence) codes[code] = (codes[code] ?? 0) + 1;
  const byCode = Object.entries(codes).map(([code, count]) => `${count}× ${code}`);
  process.stderr.write(
    `loader ${process.pid} (${phase}): ${closedSilence.length} sockets closed by the server ` +
      `(${byCode.join(", ")}); ` +
      `open for ms p0 ${at(sinceOpen, 0)} p50 ${at(sinceOpen, 0.5)} p100 ${at(sinceOpen, 1)}; ` +
      `never pinged ${closedSilence.length - pinged.length}; since the last ping ms ` +
      `p0 ${at(pinged, 0)} p50 ${at(pinged, 0.5)} p100 ${at(pinged, 1)}\n`,
  );
  closedSilence = [];
}

async function close() {
  reportClosed("run");
  clearInterval(pinger);
  await Promise.all(
    clients.map(
      (client) =>
        new Promise((resolve) => {
          const { socket } = client;
          client.closing = true;
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once("close", resolve);
          socket.close();
        }),
    ),
  );
  clients = [];
  opened = [];
  players = [];
  remotes.clear();
  audience.clear();
  return { closed: true };
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

process.on("message", async (request) => {
  try {
    let answer;
    if (request.connect) answer = await connect(request.connect);
    else if (request.run) answer = await run(request.run);
    else if (request.ceiling) answer = await ceiling(request.ceiling);
    else if (request.close) answer = await close();
    process.send({ answer });
  } catch (error) {
    process.send({ error: String(error?.stack ?? error) });
  }
});
process.on("disconnect", () => process.exit(0));
