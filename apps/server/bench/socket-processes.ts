import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { setPriority } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The socket bench's other processes (sockets.ts): the loader and the
 * relay, spoken to by IPC, and the loader raised above the servers.
 */

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * The loader's scheduling priority (nice), above the two servers' 0. The
 * loader stands for 1 100 clients on other machines: a receipt is when the
 * frame reaches the client, not when a core is free for the loader again.
 * Sharing two cores with the server, the loader at 0 read a third of the
 * product's commands 0.2-0.3 ms after the server had written them (the
 * database's thread woke for the state write at that moment), against
 * 0.5% of the relay's, which has no other thread (docs/decisions.md, "The
 * loader reads when the frame arrives").
 */
export const LOADER_NICE = -10;

/**
 * The loader's V8 flags: a young generation of 256 MB a semi-space (V8's
 * default is 16), and `gc` exposed, so that a run begins with a collected
 * heap (socket-loader.mjs). The loader's own collections are not the
 * server's latency, as a client on another machine collects on its own
 * cores. With the default, a loader of 11 000 sockets scavenged every 1.5 s
 * (5-12 ms each on two busy cores, up to 29) and promoted 1 MB a second,
 * so a full collection ran every 6-15 s, its marking 25-75 ms of the
 * loader's thread; on the two-process bench the commands caught in them
 * were most of the slow tail of either side, and more of the product's,
 * whose servers keep the cores busier (docs/decisions.md, "The loader's
 * own collections"). With them, a run of 20 s scavenges once or not at
 * all, and nothing lives long enough to be promoted.
 */
export const LOADER_EXEC_ARGV = ["--max-semi-space-size=256", "--expose-gc"];

/** A child process spoken to by IPC, one request and one answer at a time. */
export class Child {
  private constructor(readonly process: ChildProcess) {}

  /** Forks `file` and waits for its first message; `env` is added to this process's. */
  static async start(
    file: string,
    execArgv: string[],
    env: Record<string, string> = {},
  ): Promise<{ child: Child; first: unknown }> {
    const child = fork(path.join(BENCH_DIR, file), [], {
      execArgv,
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    const [first] = (await once(child, "message")) as [unknown];
    return { child: new Child(child), first };
  }

  static spawn(file: string, execArgv: string[]): Child {
    return new Child(fork(path.join(BENCH_DIR, file), [], { execArgv, stdio: "inherit" }));
  }

  async ask<Answer>(request: unknown): Promise<Answer> {
    this.process.send(request as never);
    const [reply] = (await once(this.process, "message")) as [
      { answer?: Answer; error?: string; memory?: Answer },
    ];
    if (reply.error) throw new Error(`loader: ${reply.error}`);
    return (reply.answer ?? reply.memory) as Answer;
  }

  async stop(): Promise<void> {
    if (this.process.exitCode !== null) return;
    const exited = once(this.process, "exit");
    this.process.kill("SIGTERM");
    await exited;
  }
}

/** Forks a loader (socket-loader.mjs) with LOADER_EXEC_ARGV. */
export function spawnLoader(): Child {
  return Child.spawn("socket-loader.mjs", LOADER_EXEC_ARGV);
}

/** Raises the loader above the servers (LOADER_NICE); answers the line that says whether it could. */
export function raiseLoader(pid: number | undefined): string {
  try {
    if (pid === undefined) throw new Error("the loader has no pid");
    setPriority(pid, LOADER_NICE);
    return `loader at priority ${LOADER_NICE}, the servers at 0: it reads a frame when it arrives`;
  } catch (error) {
    return (
      `WARN loader at the servers' priority (${(error as Error).message}): ` +
      "its receipts may wait for a core the server's own threads hold"
    );
  }
}

/**
 * `count` bare relays (socket-relay.mjs), each a process of its own, and
 * their ports; `env` may bridge them through Redis (RELAY_REDIS_URL).
 * `started` is told each, to stop it at the end.
 */
export async function startRelays(
  count: number,
  execArgv: string[],
  env: Record<string, string>,
  started: (relay: Child) => void,
): Promise<{ relays: Child[]; ports: number[] }> {
  const relays: Child[] = [];
  const ports: number[] = [];
  for (let index = 0; index < count; index++) {
    const { child, first } = await Child.start("socket-relay.mjs", execArgv, env);
    started(child);
    relays.push(child);
    ports.push((first as { port: number }).port);
  }
  return { relays, ports };
}
