import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Duplex } from "node:stream";
import { Worker } from "node:worker_threads";

/**
 * The embedded database in a worker thread (pglite-worker.mjs), reached by
 * node-postgres: `connect` makes the stream a `pg.Client` speaks the
 * PostgreSQL protocol over, as it would over a socket. So PGlite and
 * PostgreSQL share one driver (drizzle's node-postgres), and PGlite's
 * WebAssembly, which runs synchronously, never holds the server's event loop.
 */
export interface PgliteWorker {
  /** A new connection's stream (pg's `stream` option). */
  connect(): Duplex;
  /** Milliseconds from starting the thread to PGlite answering, and of that PGlite's own opening (or creating) of the data folder. */
  readonly startMs: { total: number; pglite: number };
  /**
   * Copies the data folder, between transactions, to `target`; every query
   * waits until the answered function is called (the stored files are
   * linked meanwhile, for a backup of one instant).
   */
  snapshot(target: string): Promise<() => void>;
  /**
   * Rows inserted, updated, deleted, merged or copied in so far, as
   * PostgreSQL's replies count them (a statement that changed none adds
   * nothing): whether anything was written since a moment, without a query.
   */
  rowsWritten(): number;
  /** Closes PGlite (a checkpoint: the folder is whole on disk) and ends the thread. Connections end first. */
  close(): Promise<void>;
}

type FromWorker =
  | { type: "ready"; ms: number }
  | { type: "failed"; message: string }
  | { type: "reply"; connection: number; bytes: Uint8Array }
  | { type: "closed"; message?: string }
  | { type: "snapshot"; message?: string };

const workerFile = new URL("./pglite-worker.mjs", import.meta.url);

/**
 * A compiled WebAssembly module, opaque here (Node 20's types do not declare
 * WebAssembly): it is only handed to the thread, which gives it to PGlite.
 */
type CompiledModule = object;
const wasm = (
  globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledModule> };
  }
).WebAssembly;

/** Databases this process has opened so far. */
let opened = 0;
let compiledPostgres: Promise<CompiledModule> | undefined;

/**
 * PostgreSQL's WebAssembly (9 MB) for a thread, from the process's second
 * database on: compiled once and handed to every later thread, which
 * shares its code. A thread compiling it anew spent about 0.3 s of CPU on
 * V8's compile threads each time a process opened a database again (a
 * restore, a restart in place, each API test's server: 0.74 → 0.38 s a
 * start). The first is compiled by PGlite in its own thread, as it always
 * was, beside the process's start (compiled here first, `npm start` was
 * ready in 2.11 s against 1.96); a process that opens one database never
 * compiles it twice.
 */
function postgresModule(): Promise<CompiledModule> | undefined {
  if (opened++ === 0) return undefined;
  compiledPostgres ??= readFile(
    path.join(
      path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")),
      "pglite.wasm",
    ),
  ).then((bytes) => wasm.compile(bytes));
  return compiledPostgres;
}

/** Starts the thread on `directory` (undefined: in memory) and resolves once PGlite answers. */
export async function startPgliteWorker(directory: string | undefined): Promise<PgliteWorker> {
  const started = performance.now();
  const postgres = (await postgresModule()) ?? null;
  const worker = new Worker(workerFile, { workerData: { directory: directory ?? null, postgres } });
  const streams = new Map<number, WireStream>();
  let lastId = 0;
  let broken: Error | undefined;
  let closed: ((message: string | undefined) => void) | undefined;
  let snapshotted: ((message: string | undefined) => void) | undefined;
  let rowsWritten = 0;

  const fail = (error: Error) => {
    broken ??= error;
    for (const stream of streams.values()) stream.destroy(error);
  };
  worker.on("error", fail);
  worker.on("exit", (code) => {
    fail(new Error(`The embedded database's thread ended (code ${code})`));
    closed?.("the thread ended before PGlite closed");
  });

  const pgliteMs = await new Promise<number>((resolve, reject) => {
    const onStart = (message: FromWorker) => {
      if (message.type === "ready") resolve(message.ms);
      else if (message.type === "failed") reject(new Error(message.message));
    };
    worker.once("message", onStart);
    worker.once("error", reject);
    worker.once("exit", () => reject(broken));
  });
  worker.on("message", (message: FromWorker) => {
    if (message.type === "reply") {
      const { bytes } = message;
      rowsWritten += rowsWrittenIn(bytes);
      streams
        .get(message.connection)
        ?.receive(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
    } else if (message.type === "closed") {
      closed?.(message.message);
    } else if (message.type === "snapshot") {
      snapshotted?.(message.message);
    }
  });

  const link: WireLink = {
    send(connection, bytes) {
      worker.postMessage({ type: "batch", connection, bytes }, [bytes.buffer]);
    },
    disconnect(connection) {
      if (!streams.delete(connection)) return;
      if (!broken) worker.postMessage({ type: "disconnect", connection });
    },
  };

  return {
    startMs: { total: Math.round(performance.now() - started), pglite: pgliteMs },
    rowsWritten: () => rowsWritten,
    connect() {
      const stream = new WireStream(link, ++lastId);
      streams.set(stream.id, stream);
      if (broken) process.nextTick(() => stream.destroy(broken));
      return stream;
    },
    async snapshot(target) {
      if (broken) throw broken;
      if (snapshotted)
        throw new Error("A snapshot of the embedded database is already being taken");
      const message = await new Promise<string | undefined>((resolve) => {
        snapshotted = resolve;
        worker.postMessage({ type: "snapshot", target });
      });
      snapshotted = undefined;
      if (message) throw new Error(`The embedded database's snapshot failed: ${message}`);
      let resumed = false;
      return () => {
        if (resumed || broken) return;
        resumed = true;
        worker.postMessage({ type: "resume" });
      };
    },
    async close() {
      if (broken) return;
      const message = await new Promise<string | undefined>((resolve) => {
        closed = resolve;
        worker.postMessage({ type: "close" });
      });
      await worker.terminate();
      if (message) throw new Error(`The embedded database did not close cleanly: ${message}`);
    },
  };
}

const COMMAND_COMPLETE = 0x43; // 'C'
/** The commands whose CommandComplete tag ends in the rows they wrote ("INSERT 0 3", "UPDATE 2"). */
const WRITING_COMMANDS = new Set(["INSERT", "UPDATE", "DELETE", "MERGE", "COPY"]);
const tagDecoder = new TextDecoder();

/**
 * The rows a reply of PostgreSQL says were written: the sum of its
 * CommandComplete tags of INSERT, UPDATE, DELETE, MERGE and COPY (the
 * reply is walked by its messages' lengths; a statement that wrote no row
 * counts nothing).
 */
export function rowsWrittenIn(reply: Uint8Array): number {
  let rows = 0;
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength);
  for (let offset = 0; offset + 5 <= reply.length; offset += 1 + view.getInt32(offset + 1)) {
    // A length below its own four bytes is no message: stop rather than loop.
    if (view.getInt32(offset + 1) < 4) break;
    if (reply[offset] !== COMMAND_COMPLETE) continue;
    const end = Math.min(offset + 1 + view.getInt32(offset + 1), reply.length);
    // The tag is a C string: up to its zero byte.
    const tag = tagDecoder.decode(reply.subarray(offset + 5, Math.max(end - 1, offset + 5)));
    const words = tag.split(" ");
    if (WRITING_COMMANDS.has(words[0] ?? "")) rows += Number(words.at(-1)) || 0;
  }
  return rows;
}

interface WireLink {
  send(connection: number, bytes: Uint8Array<ArrayBuffer>): void;
  disconnect(connection: number): void;
}

/** Batches end where PostgreSQL answers: Sync, a simple Query, a Flush. */
const BATCH_ENDS = new Set([0x53, 0x51, 0x48]);
const TERMINATE = 0x58;

/**
 * One connection as pg sees a socket. What pg writes is framed by the
 * messages' length fields (a chunk may hold several messages or part of
 * one) and sent to the thread a batch at a time; replies are pushed as read.
 */
class WireStream extends Duplex {
  private buffered: Buffer = Buffer.alloc(0);
  private batch: Buffer[] = [];
  private batchLength = 0;
  private started = false;

  constructor(
    private readonly link: WireLink,
    readonly id: number,
  ) {
    super();
  }

  // The socket methods pg calls.
  connect(): this {
    process.nextTick(() => this.emit("connect"));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  receive(bytes: Buffer): void {
    this.push(bytes);
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void): void {
    this.frame(chunk);
    done();
  }

  override _writev(chunks: Array<{ chunk: Buffer }>, done: (error?: Error | null) => void): void {
    for (const { chunk } of chunks) this.frame(chunk);
    done();
  }

  override _final(done: (error?: Error | null) => void): void {
    this.link.disconnect(this.id);
    this.push(null);
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.link.disconnect(this.id);
    done(error);
  }

  private frame(chunk: Buffer): void {
    let bytes = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    let offset = 0;
    for (;;) {
      // The startup message has no type byte: its length comes first.
      const header = this.started ? 5 : 4;
      if (bytes.length - offset < header) break;
      const length = this.started ? 1 + bytes.readInt32BE(offset + 1) : bytes.readInt32BE(offset);
      if (bytes.length - offset < length) break;
      const message = bytes.subarray(offset, offset + length);
      offset += length;
      if (!this.started) {
        this.started = true;
        this.add(message);
        this.sendBatch();
      } else if (message[0] === TERMINATE) {
        this.link.disconnect(this.id);
      } else {
        this.add(message);
        if (BATCH_ENDS.has(message[0] ?? 0)) this.sendBatch();
      }
    }
    bytes = bytes.subarray(offset);
    // A copy: what pg wrote may be a view of a buffer it reuses.
    this.buffered = bytes.length ? Buffer.from(bytes) : Buffer.alloc(0);
  }

  private add(message: Buffer): void {
    this.batch.push(message);
    this.batchLength += message.length;
  }

  private sendBatch(): void {
    // A buffer of its own, transferred to the thread without a copy.
    const bytes = new Uint8Array(this.batchLength);
    let offset = 0;
    for (const message of this.batch) {
      bytes.set(message, offset);
      offset += message.length;
    }
    this.batch = [];
    this.batchLength = 0;
    this.link.send(this.id, bytes);
  }
}
