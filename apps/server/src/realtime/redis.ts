import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Redis } from "ioredis";

/**
 * Redis connections of the process (REDIS_URL): the realtime bus and the
 * rate-limit counters. Each is closed when the app closes.
 */

/**
 * A Redis connection that connects on `connect()` or its first command,
 * reconnects after a loss, and logs its errors instead of crashing. The
 * client library is loaded on the first connection: a process without
 * REDIS_URL never holds it (issue 16, memory).
 */
export async function connectRedis(
  url: string,
  name: string,
  log?: FastifyBaseLogger,
): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const client = new Redis(url, {
    lazyConnect: true,
    connectionName: `fonika-${name}`,
    // A command waits for a reconnect briefly, then fails rather than hang.
    maxRetriesPerRequest: 2,
    // The commands of one turn of the event loop go in one write: a burst
    // of 1 000 owners' commands published 2 000 events, each its own system
    // call (issue 30). Alone, a command waits for the turn's end only.
    enableAutoPipelining: true,
  });
  let lastLoggedAt = 0;
  client.on("error", (error: Error) => {
    // A dead Redis emits an error per retry; one line a minute is enough.
    if (Date.now() - lastLoggedAt < 60_000) return;
    lastLoggedAt = Date.now();
    log?.warn({ err: error, connection: name }, "Redis connection error");
  });
  return client;
}

/** Waits for pending replies, then closes; a dead connection is dropped. */
export async function quitRedis(client: Redis): Promise<void> {
  if (client.status === "end") return;
  if (client.status === "wait") {
    client.disconnect();
    return;
  }
  try {
    await withTimeout(client.quit(), 2_000, "Redis quit timed out");
  } catch {
    client.disconnect();
  }
}

/**
 * Options for @fastify/rate-limit: with REDIS_URL the counters live in Redis
 * so that every process counts the same tries; without it, in memory. While
 * Redis is down these limits are not enforced (`skipOnError`, and the
 * connection error is logged) rather than refusing every limited call.
 */
export async function rateLimitStore(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Promise<{ redis?: Redis; nameSpace?: string; skipOnError?: boolean }> {
  if (!redisUrl) return {};
  const redis = await connectRedis(redisUrl, "rate-limit", app.log);
  app.addHook("onClose", async () => quitRedis(redis));
  return { redis, nameSpace: "fonika:rate-limit:", skipOnError: true };
}

/** Rejects with `message` when `promise` takes longer than `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
