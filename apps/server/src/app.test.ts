import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { buildQuietApp, call, startTestServer, type TestServer } from "./test/harness.ts";

describe("the application core", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers health with the database reachable", async () => {
    const { status, body } = await call(server, "GET", "/health");
    expect(status).toBe(200);
    expect(body).toEqual({
      status: "ok",
      database: "ok",
      bus: "in-process",
      // CI's second pass keeps files in an S3 server (TEST_S3_ENDPOINT).
      storage: process.env.TEST_S3_ENDPOINT ? "ok" : "local",
    });
  });

  it("answers liveness without asking the database", async () => {
    const { status, body } = await call(server, "GET", "/health/live");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok" });
  });

  it("publishes an OpenAPI document generated from the schemas", async () => {
    const { status, body } = await call(server, "GET", "/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/health",
        "/api/v1/auth/email/send-code",
        "/api/v1/auth/refresh-token",
        "/api/v1/integration/amo/form",
      ]),
    );
    const sendCode = body.paths["/api/v1/auth/email/send-code"].post;
    expect(JSON.stringify(sendCode.requestBody)).toContain("email");
    expect(body.components.securitySchemes.bearerAuth.scheme).toBe("bearer");
  });

  it("answers an unknown API route with the error body", async () => {
    const { status, body } = await call(server, "GET", "/no/such/route");
    expect(status).toBe(404);
    expect(body).toMatchObject({ type: "not-found", reason: "Не найдено" });
    expect(typeof body.message).toBe("string");
  });

  it("answers malformed JSON with validation-error", async () => {
    const response = await fetch(`${server.url}/api/v1/auth/email/send-code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: "validation-error" });
  });

  it("answers a schema violation with validation-error and a Russian reason", async () => {
    const { status, body } = await call(server, "POST", "/auth/email/send-code", {
      body: { email: "x".repeat(300) },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ type: "validation-error", reason: "Проверьте введённые данные" });
  });

  it("echoes a request id on every answer", async () => {
    const response = await fetch(`${server.url}/api/v1/health`, {
      headers: { "x-request-id": "trace-123" },
    });
    expect(response.headers.get("x-request-id")).toBe("trace-123");
  });
});

describe("an unexpected failure", () => {
  it("becomes a logged 500 that leaks nothing", async () => {
    const server = await startTestServer();
    try {
      await server.app.database.close();
      const { status, body } = await call(server, "GET", "/health");
      expect(status).toBe(503);
      expect(body).toMatchObject({ type: "service-unavailable" });
      // Alive all the same: a supervisor restarts on liveness, not on a database away.
      expect((await call(server, "GET", "/health/live")).status).toBe(200);
      expect(JSON.stringify(body)).not.toMatch(/stack|at \w+ \(|PGlite|closed/i);
      expect(server.logs.some((entry) => entry.msg === "health check: database unreachable")).toBe(
        true,
      );
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});

describe("readiness with S3 configured", () => {
  it("is 503 while the bucket does not answer, and the log says it is storage", async () => {
    const server = await startTestServer({
      S3_BUCKET: "fonika-test",
      S3_ENDPOINT: "http://127.0.0.1:9",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    try {
      const { status, body } = await call(server, "GET", "/health");
      expect(status).toBe(503);
      expect(body).toMatchObject({ type: "service-unavailable" });
      expect(server.logs.some((entry) => entry.msg === "health check: storage unreachable")).toBe(
        true,
      );
      expect((await call(server, "GET", "/health/live")).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe("a handler that throws", () => {
  it("answers 500 'Что-то пошло не так' with the request id, and logs the cause", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fonika-500-"));
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString("utf8"));
        callback();
      },
    });
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, "none") });
    const app = await buildApp(config, { logger: pino({ level: "info" }, sink) });
    app.get("/api/v1/failing-route", async () => {
      throw new Error("secret internals: password=hunter2");
    });
    try {
      const response = await app.inject({ method: "GET", url: "/api/v1/failing-route" });
      expect(response.statusCode).toBe(500);
      const body = response.json();
      expect(body).toMatchObject({ type: "internal-error", reason: "Что-то пошло не так" });
      expect(body.requestId).toBe(response.headers["x-request-id"]);
      expect(response.body).not.toContain("hunter2");
      expect(lines.join("")).toContain("hunter2");
    } finally {
      await app.close();
    }
  });
});

describe("closing", () => {
  it("waits for an answer in flight, then cuts it after the grace and closes the database", async () => {
    const { app, build } = await buildQuietApp("close");
    // An answer that never ends, as a player reading a song that stopped reading.
    app.get("/api/v1/endless", (_request, reply) => {
      reply.raw.writeHead(200, { "content-type": "audio/mpeg" });
      reply.raw.write(Buffer.alloc(1024));
      return reply;
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1/endless`);
    expect(answer.status).toBe(200);
    const reading = answer.arrayBuffer().then(
      () => "ended",
      () => "cut",
    );

    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    // Closing has begun (the server takes no new connections) and waits for the answer.
    await vi.waitFor(() => expect(app.server.listening).toBe(false), { interval: 10 });
    expect(closed, "closing waits for the answer in flight").toBe(false);
    await closing;
    expect(await reading).toBe("cut");
    // onClose ran: the database is closed (and its lock released for a restart).
    const again = await build();
    await again.close();
  }, 20_000);
});
