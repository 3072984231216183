import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { loggerOptions } from "../lib/logging.ts";
import {
  copyPgliteTemplate,
  createPostgresDatabase,
  templateDataDir,
} from "./database-template.ts";

/**
 * A real Фоника server for API tests: the same buildApp on a fresh database,
 * listening on a free loopback port. The database is embedded PGlite in a
 * temporary DATA_DIR, or, when TEST_DATABASE_URL names a PostgreSQL server
 * (CI does), a fresh database created on it — the DATABASE_URL path of the
 * product itself. The log is kept so tests read codes where operators do.
 */
/**
 * An app of its own that logs nothing, on a fresh DATA_DIR, not listening:
 * for a test that adds a route before it starts, or restarts it on the same
 * data (`build` again).
 */
export async function buildQuietApp(prefix: string) {
  const dataDir = templateDataDir(`fonika-${prefix}-`);
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, "no-web"),
    LOG_LEVEL: "silent",
  });
  const build = () =>
    buildApp(config, {
      logger: pino({ level: "silent" }, new Writable({ write: (_c, _e, done) => done() })),
    });
  return { app: await build(), build, dataDir };
}

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  /** http://127.0.0.1:PORT */
  url: string;
  logs: Array<Record<string, unknown>>;
  /** The last sign-in code written to the log for an address. */
  lastCodeFor(address: string): string;
  /** Stops the server; `keepData` leaves DATA_DIR for a restart test. */
  close(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Two processes of one deployment, as the tests across processes need them:
 * one Redis, one signing key, and the second on the first's database (CI's
 * TEST_DATABASE_URL).
 */
export async function startTwoProcesses(redisUrl: string): Promise<[TestServer, TestServer]> {
  const first = await startTestServer({ REDIS_URL: redisUrl });
  const second = await startTestServer({
    REDIS_URL: redisUrl,
    DATABASE_URL: first.config.databaseUrl,
    JWT_SECRET: first.config.jwtSecret,
  });
  return [first, second];
}

export async function startTestServer(
  env: Record<string, string | undefined> = {},
): Promise<TestServer> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "fonika-test-"));
  const databaseUrl = env.DATABASE_URL ?? (await createTestDatabase());
  if (!databaseUrl) copyPgliteTemplate(dataDir);
  const config = loadConfig({
    ...s3Settings(),
    LOG_LEVEL: "info",
    PORT: "0",
    HOST: "127.0.0.1",
    WEB_DIST: path.join(dataDir, "no-web"),
    // Tests play several clients through X-Forwarded-For, as a local proxy would.
    TRUST_PROXY: "loopback",
    ...env,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const logs: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  const app = await buildApp(config, { logger: pino(loggerOptions(config), sink) });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    app,
    config,
    url: `http://127.0.0.1:${port}`,
    logs,
    lastCodeFor(target: string) {
      for (let index = logs.length - 1; index >= 0; index--) {
        const entry = logs[index];
        const to = String(entry?.to ?? "");
        if (to === target || to === `+${target}` || to.endsWith(target)) {
          const match = /\b(\d{6})\b/.exec(String(entry?.msg ?? ""));
          if (match?.[1]) return match[1];
        }
      }
      throw new Error(`No code in the log for ${target}`);
    },
    async close(options = {}) {
      await app.close();
      if (!options.keepData && !env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * With TEST_S3_ENDPOINT set (CI's second pass runs scripts/s3rver.mjs), the
 * server keeps its files in that S3-protocol server's bucket `fonika-test`,
 * under a prefix of its own so that test servers never see each other's
 * files; without it, under DATA_DIR.
 */
function s3Settings(): Record<string, string> {
  const endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint) return {};
  return {
    S3_BUCKET: "fonika-test",
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_PREFIX: `test-${randomUUID()}/`,
  };
}

/**
 * With TEST_DATABASE_URL set, makes a new database on that server (a copy
 * of the run's migrated template) and answers its URL; without it,
 * undefined (embedded PGlite, copied from its template into DATA_DIR).
 */
async function createTestDatabase(): Promise<string | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const name = `fonika_test_${randomUUID().replaceAll("-", "")}`;
  return createPostgresDatabase(base, name);
}

/** JSON call helper for tests: answers status and parsed body. */
export async function call(
  server: Pick<TestServer, "url">,
  method: "GET" | "POST",
  pathName: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
): Promise<{ status: number; body: any; readonly headers: Record<string, string> }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${server.url}/api/v1${pathName}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const answer = { status: response.status, body: text ? JSON.parse(text) : undefined };
  // Not enumerable: tests compare `{status, body}` whole and read headers by name.
  return Object.defineProperty(answer, "headers", {
    value: Object.fromEntries(response.headers),
    enumerable: false,
  }) as typeof answer & { readonly headers: Record<string, string> };
}
