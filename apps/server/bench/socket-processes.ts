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
