import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQuietApp, startTestServer, type TestServer } from "../test/harness.ts";

/** The policy as a browser reads it: directive name → its sources. */
function parsePolicy(header: string | null | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/** Every answer of the process carries these, whatever produced it. */
function expectSecurityHeaders(headers: Headers | Record<string, unknown>, what: string): void {
  const read = (name: string) =>
    headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined);
  const policy = parsePolicy(read("content-security-policy"));
  expect(policy.get("default-src"), what).toEqual(["'self'"]);
  expect(policy.get("script-src"), what).toEqual(["'self'"]);
  expect(policy.get("script-src-attr"), what).toEqual(["'none'"]);
  expect(policy.get("style-src"), what).toEqual(["'self'"]);
  expect(policy.get("connect-src"), what).toEqual(["'self'"]);
  expect(policy.get("object-src"), what).toEqual(["'none'"]);
  expect(policy.get("base-uri"), what).toEqual(["'self'"]);
  expect(policy.get("form-action"), what).toEqual(["'self'"]);
  expect(policy.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(policy.get("img-src"), what).toEqual(["'self'", "data:", "blob:"]);
  expect(policy.get("media-src"), what).toEqual(["'self'", "blob:"]);
  expect(policy.get("font-src"), what).toEqual(["'self'", "data:"]);
  // Nothing anywhere re-opens inline code, eval or a plain-http deployment.
  expect(read("content-security-policy"), what).not.toMatch(
    /unsafe-inline|unsafe-eval|upgrade-insecure-requests/,
  );
  expect(read("x-content-type-options"), what).toBe("nosniff");
  expect(read("referrer-policy"), what).toBe("no-referrer");
  expect(read("x-frame-options"), what).toBe("DENY");
  expect(read("strict-transport-security"), what).toBe("max-age=31536000");
}

describe("security headers", () => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    // A built SPA as `vite build` leaves it, small.
    webDist = mkdtempSync(path.join(tmpdir(), "fonika-web-"));
    mkdirSync(path.join(webDist, "assets"));
    writeFileSync(
      path.join(webDist, "index.html"),
      '<!doctype html><html lang="ru"><head><script type="module" src="/assets/index-a1b2c3.js"></script>' +
        '<link rel="stylesheet" href="/assets/index-d4e5f6.css"></head><body><div id="root"></div></body></html>\n',
    );
    writeFileSync(path.join(webDist, "assets", "index-a1b2c3.js"), "export {};\n");
    writeFileSync(path.join(webDist, "assets", "index-d4e5f6.css"), "body { margin: 0 }\n");
    server = await startTestServer({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("are on API answers", async () => {
    const health = await fetch(`${server.url}/api/v1/health`);
    expect(health.status).toBe(200);
    expectSecurityHeaders(health.headers, "GET /health");
    await health.body?.cancel();

    const openapi = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(openapi.status).toBe(200);
    expectSecurityHeaders(openapi.headers, "GET /openapi.json");
    // Let go of each body: an unread answer keeps its connection busy.
    await openapi.body?.cancel();
  });

  it("are on error answers: 400, 401, 404", async () => {
    const malformed = await fetch(`${server.url}/api/v1/auth/email/send-code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expectSecurityHeaders(malformed.headers, "malformed JSON");

    const invalid = await fetch(`${server.url}/api/v1/auth/email/send-code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "not an address" }),
    });
    expect(invalid.status).toBe(400);
    expectSecurityHeaders(invalid.headers, "validation error");

    const anonymous = await fetch(`${server.url}/api/v1/personal-info/users`);
    expect(anonymous.status).toBe(401);
    expectSecurityHeaders(anonymous.headers, "no token");

    const missing = await fetch(`${server.url}/api/v1/no-such-call`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.headers, "unknown API path");
  });

  it("are on the SPA: index.html at / and at app routes, and its assets", async () => {
    for (const pathName of ["/", "/auth", "/client-base", "/index.html"]) {
      const answer = await fetch(`${server.url}${pathName}`);
      expect(answer.status, pathName).toBe(200);
      expect(answer.headers.get("content-type"), pathName).toMatch(/^text\/html/);
      expectSecurityHeaders(answer.headers, pathName);
      await answer.body?.cancel();
    }
    for (const pathName of ["/assets/index-a1b2c3.js", "/assets/index-d4e5f6.css"]) {
      const answer = await fetch(`${server.url}${pathName}`);
      expect(answer.status, pathName).toBe(200);
      expectSecurityHeaders(answer.headers, pathName);
      await answer.body?.cancel();
    }
  });
});

// Its own app, after the shared server has closed (as app.test.ts does): a
// route that throws can only be added before the app listens.
describe("security headers on a 500", () => {
  it("are on the answer of a handler that throws", async () => {
    const { app, dataDir } = await buildQuietApp("headers-500");
    app.get("/api/v1/failing-route", async () => {
      throw new Error("internals");
    });
    try {
      const answer = await app.inject({ method: "GET", url: "/api/v1/failing-route" });
      expect(answer.statusCode).toBe(500);
      expectSecurityHeaders(answer.headers, "500");
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
