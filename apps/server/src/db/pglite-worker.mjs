/**
 * The embedded database's thread: PGlite (PostgreSQL compiled to WebAssembly,
 * synchronous) runs here so that the server's event loop only parses and
 * sends. The main thread reaches it through node-postgres over an
 * in-process stream (pglite-wire.ts), which posts whole protocol batches
 * (up to a Sync, a simple Query or a Flush) tagged with a connection id; this
 * thread answers each batch with PostgreSQL's own reply bytes.
 *
 * PGlite is one backend session shared by every connection, so:
 * - A connection whose last ReadyForQuery said 'T' or 'E' (a transaction is
 *   open), or whose batch did not end in one (an extended query is half
 *   done), owns the session: other connections' batches wait, in arrival
 *   order, until it answers 'I' or goes away (then its transaction is rolled
 *   back).
 * - Named prepared statements are the session's: a Parse of a name already
 *   prepared with the same text is answered ParseComplete without running,
 *   and a Close of one CloseComplete (another connection may still run it).
 *
 * A snapshot (for a backup) is taken between transactions: once the session
 * is free, a checkpoint, then a copy of the data folder, while every batch
 * waits; they run again when the main thread says "resume" (it links the
 * stored files meanwhile, so that both halves are of one instant).
 *
 * Plain JavaScript: a worker thread runs without the TypeScript loader.
 */
import { cpSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

const PARSE = 0x50; // 'P'
const CLOSE = 0x43; // 'C'
const PARSE_COMPLETE = Uint8Array.of(0x31, 0, 0, 0, 4);
const CLOSE_COMPLETE = Uint8Array.of(0x33, 0, 0, 0, 4);
const ERROR_RESPONSE = 0x45; // 'E'
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'
const decoder = new TextDecoder();
const encoder = new TextEncoder();
/**
 * Every connection starts as PGlite's one user on its one database,
 * whatever pg sends (its default user is the OS account's, which PGlite
 * does not know: a FATAL there ends PGlite itself).
 */
const STARTUP = startupMessage({ user: "postgres", database: "postgres" });

const port = parentPort;
if (!port) throw new Error("pglite-worker.mjs runs as a worker thread");

/** @type {PGlite} */
let pglite;
/** The connection that holds the session (open transaction or half-done extended query). */
let owner = null;
/** @type {Array<{ connection: number, bytes: Uint8Array }>} */
let waiting = [];
/** Named statements prepared in the session: name → text. */
const statements = new Map();
/** Where a snapshot asked for goes; taken as soon as the session is free. */
let snapshotTarget = null;
/** A snapshot was taken: batches wait until "resume". */
let paused = false;

try {
  const started = performance.now();
  // The library's search (pg_trgm, unaccent) is the same SQL on PostgreSQL.
  pglite = await PGlite.create(workerData.directory ?? undefined, {
    // PostgreSQL's WebAssembly as the process compiled it once (pglite-wire.ts);
    // none for its first database, which PGlite compiles here.
    pgliteWasmModule: workerData.postgres ?? undefined,
    extensions: { pg_trgm, unaccent },
    // PostgreSQL's own 128 MB of shared buffers are zeroed at start, all of
    // it resident: most of an idle server's memory. A venue network's
    // database is small and the OS caches its files besides (issue 16).
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "work_mem=2MB"],
  });
  // Reads are prepared once per session and should be planned once:
  // planning in WebAssembly takes 2-30 ms where our indexed reads run in
  // under one, and PostgreSQL's own choice keeps re-planning them.
  await pglite.exec("set plan_cache_mode = force_generic_plan");
  port.postMessage({ type: "ready", ms: Math.round(performance.now() - started) });
} catch (error) {
  port.postMessage({ type: "failed", message: String(error?.message ?? error) });
  port.close();
}

port.on("message", (message) => {
  if (message.type === "batch") {
    receive(message.connection, message.bytes);
  } else if (message.type === "disconnect") {
    disconnect(message.connection);
  } else if (message.type === "close") {
    void close();
  } else if (message.type === "snapshot") {
    snapshotTarget = message.target;
    if (owner === null) takeSnapshot();
  } else if (message.type === "resume") {
    paused = false;
    drain();
  }
});

function receive(connection, bytes) {
  if (paused || (owner !== null && owner !== connection)) {
    waiting.push({ connection, bytes });
    return;
  }
  run(connection, bytes);
  drain();
}

function drain() {
  if (owner === null && snapshotTarget !== null) takeSnapshot();
  while (!paused && owner === null && waiting.length > 0) {
    const next = waiting.shift();
    run(next.connection, next.bytes);
    if (owner === null && snapshotTarget !== null) takeSnapshot();
  }
}

/**
 * Copies the data folder as of now (no transaction is open) to the target,
 * after a checkpoint so that the copy needs no recovery; stays paused until
 * "resume", or goes on at once if the copy failed.
 */
function takeSnapshot() {
  const target = snapshotTarget;
  snapshotTarget = null;
  paused = true;
  try {
    pglite.execProtocolRawSync(simpleQuery("checkpoint"));
    cpSync(workerData.directory, target, {
      recursive: true,
      // The running server's pid file is not part of the database.
      filter: (source) => !source.endsWith("postmaster.pid"),
    });
    port.postMessage({ type: "snapshot" });
  } catch (error) {
    paused = false;
    port.postMessage({ type: "snapshot", message: String(error?.message ?? error) });
  }
}

function disconnect(connection) {
  waiting = waiting.filter((batch) => batch.connection !== connection);
  if (owner !== connection) return;
  owner = null;
  try {
    pglite.execProtocolRawSync(simpleQuery("rollback"));
  } catch {
    // Nothing was open after all; the session goes on.
  }
  drain();
}

async function close() {
  waiting = [];
  try {
    // A checkpoint: the data folder is whole on disk when this answers.
    await pglite.close();
    port.postMessage({ type: "closed" });
  } catch (error) {
    port.postMessage({ type: "closed", message: String(error?.message ?? error) });
  }
  port.close();
}

/** Runs one batch of one connection and posts the reply; updates the session's owner. */
function run(connection, bytes) {
  let reply;
  try {
    reply = bytes[0] === 0 ? copy(pglite.execProtocolRawSync(STARTUP)) : execute(bytes);
  } catch (error) {
    // PostgreSQL's own errors come back as ErrorResponse; a throw is PGlite itself.
    reply = concat([
      errorResponse(`embedded database: ${error?.message ?? error}`),
      Uint8Array.of(READY_FOR_QUERY, 0, 0, 0, 5, IDLE),
    ]);
  }
  const status =
    reply.length >= 6 && reply[reply.length - 6] === READY_FOR_QUERY
      ? reply[reply.length - 1]
      : undefined;
  owner = status === IDLE ? null : connection;
  port.postMessage({ type: "reply", connection, bytes: reply }, [reply.buffer]);
}

/**
 * Runs a batch's messages in as few calls as possible: the runs between
 * messages answered here (a Parse or Close of a session-wide statement) go
 * to PostgreSQL whole; a named Parse runs alone, so that its ParseComplete
 * tells that the name now exists.
 */
function execute(bytes) {
  const parts = [];
  let failed = false;
  let runStart = 0;
  const flush = (end) => {
    if (end <= runStart) return;
    const answer = pglite.execProtocolRawSync(bytes.subarray(runStart, end));
    if (!failed && hasError(answer)) failed = true;
    parts.push(copy(answer));
  };
  let offset = 0;
  while (offset + 5 <= bytes.length) {
    const end = offset + 1 + readInt32(bytes, offset + 1);
    const type = bytes[offset];
    if (type === PARSE) {
      const name = cString(bytes, offset + 5);
      if (name.value) {
        const text = cString(bytes, name.next).value;
        flush(offset);
        runStart = end;
        if (statements.get(name.value) === text) {
          // After an error PostgreSQL skips to Sync without a word; so do we.
          if (!failed) parts.push(PARSE_COMPLETE.slice());
        } else {
          const answer = pglite.execProtocolRawSync(bytes.subarray(offset, end));
          if (answer[0] === PARSE_COMPLETE[0]) statements.set(name.value, text);
          if (!failed && hasError(answer)) failed = true;
          parts.push(copy(answer));
        }
      }
    } else if (type === CLOSE && bytes[offset + 5] === 0x53 /* 'S' */) {
      const name = cString(bytes, offset + 6).value;
      if (name && statements.has(name)) {
        flush(offset);
        runStart = end;
        if (!failed) parts.push(CLOSE_COMPLETE.slice());
      }
    }
    offset = end;
  }
  flush(bytes.length);
  return parts.length === 1 ? parts[0] : concat(parts);
}

/** Whether a reply holds an ErrorResponse (walked by the messages' lengths). */
function hasError(reply) {
  for (let offset = 0; offset + 5 <= reply.length; offset += 1 + readInt32(reply, offset + 1)) {
    if (reply[offset] === ERROR_RESPONSE) return true;
  }
  return false;
}

function readInt32(bytes, offset) {
  return (
    ((bytes[offset] << 24) |
      (bytes[offset + 1] << 16) |
      (bytes[offset + 2] << 8) |
      bytes[offset + 3]) >>>
    0
  );
}

function cString(bytes, offset) {
  const end = bytes.indexOf(0, offset);
  return { value: decoder.decode(bytes.subarray(offset, end)), next: end + 1 };
}

/** A reply that owns its whole buffer, so that it can be transferred (PGlite answers the startup in a view of its own buffer). */
function copy(bytes) {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : bytes.slice();
}

function concat(parts) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function message(type, body) {
  const out = new Uint8Array(5 + body.length);
  out[0] = type;
  new DataView(out.buffer).setInt32(1, 4 + body.length);
  out.set(body, 5);
  return out;
}

function startupMessage(parameters) {
  const body = encoder.encode(
    `${Object.entries(parameters)
      .map(([key, value]) => `${key}\0${value}\0`)
      .join("")}\0`,
  );
  const out = new Uint8Array(8 + body.length);
  const view = new DataView(out.buffer);
  view.setInt32(0, out.length);
  view.setInt32(4, 196_608); // protocol 3.0
  out.set(body, 8);
  return out;
}

function simpleQuery(text) {
  return message(0x51 /* 'Q' */, encoder.encode(`${text}\0`));
}

function errorResponse(text) {
  return message(ERROR_RESPONSE, encoder.encode(`SERROR\0CXX000\0M${text}\0\0`));
}
