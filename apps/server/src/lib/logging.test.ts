import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEstablishment,
  createSignedInUser,
  randomIp,
  type SignedInUser,
  signIn,
  uniqueEmail,
} from "../test/factories.ts";
import { call, startTestServer, type TestServer } from "../test/harness.ts";
import { connect } from "../test/socket-client.ts";
import { loggerOptions, redactTokens } from "./logging.ts";

/** Issue 12: a token in a URL never reaches a log line, however it is spelled. */
const SPELLINGS = [
  "access_token",
  "ACCESS_TOKEN",
  "Access_Token",
  "access%5Ftoken",
  "access%5ftoken",
  "%61ccess_token",
  "access_token%3D",
  "token",
  "refreshToken",
];

function urlWith(name: string, secret: string): string {
  const assignment = name.endsWith("%3D") ? `${name}${secret}` : `${name}=${secret}`;
  return `/api/v1/personal-info/avatar-file/x?size=2&${assignment}&page=1`;
}

describe("redactTokens", () => {
  it("hides the value of every spelling and keeps the rest of the URL", () => {
    for (const name of SPELLINGS) {
      const redacted = redactTokens(urlWith(name, "s3cret.value-1"));
      expect(redacted, name).not.toContain("s3cret");
      expect(redacted, name).toContain("[redacted]");
      expect(redacted, name).toContain("size=2");
      expect(redacted, name).toContain("&page=1");
    }
    expect(redactTokens("/socket?other_token=keep&tokens=keep")).toBe(
      "/socket?other_token=keep&tokens=keep",
    );
  });

  it("scrubs every line of the log: message, fields, nested values and errors", () => {
    const lines: string[] = [];
    const log = pino(
      loggerOptions({ logLevel: "info" }),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString("utf8"));
          done();
        },
      }),
    );
    const url = "/api/v1/player/ws?Access%5FToken=eyJ.secret.sig";
    log.info(`upgrade ${url}`);
    log.info({ target: { url, tries: [url] } }, "nested");
    log.error({ err: new Error(`failed GET ${url}`) }, "request failed");
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toContain("eyJ.secret.sig");
      expect(line).toContain("[redacted]");
      expect(() => JSON.parse(line)).not.toThrow();
    }
  });
});

describe("the server log", () => {
  let server: TestServer;
  let client: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer();
    client = await createSignedInUser(server, { role: "role-client" });
  });

  afterAll(async () => {
    await server?.close();
  });

  it("never holds a token sent in a URL, whatever its spelling", async () => {
    for (const name of SPELLINGS) {
      // A JSON call (its request is logged) and a file answer (its ranges are not).
      const profile = urlWith(name, client.token).replace("/avatar-file/x?", `/${client.id}?`);
      const file = urlWith(name, client.token).replace("/x?", `/${client.id}?`);
      for (const path of [profile, file]) await fetch(`${server.url}${path}`);
    }
    const written = server.logs.map((line) => JSON.stringify(line));
    expect(written.some((line) => line.includes("[redacted]"))).toBe(true);
    expect(written.filter((line) => line.includes(client.token))).toEqual([]);
  });

  it("holds no token and no device code of a whole session, and a sign-in code only on its delivery line", async () => {
    const from = server.logs.length;
    const email = uniqueEmail("log-audit");
    const first = await signIn(server, email);
    const signInCode = server.lastCodeFor(email);
    const headers = { "x-forwarded-for": randomIp() };
    // Wrong tries, bad input and a reused refresh token are logged as they are, without secrets.
    await call(server, "POST", "/auth/email/verify-code", {
      body: { email, code: signInCode.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10)) },
      headers,
    });
    await call(server, "POST", "/auth/email/verify-code", { body: { email, code: first.token } });
    const refreshed = await call(server, "POST", "/auth/refresh-token", {
      body: { refreshToken: first.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    // Within the rotation's grace or not, a second use of the old one is logged without it.
    await call(server, "POST", "/auth/refresh-token", {
      body: { refreshToken: first.refreshToken },
    });

    // A second device: its code shown, inspected and approved, its tokens polled, its socket opened.
    const created = await call(server, "POST", "/auth/code/create-code", { headers });
    expect(created.status).toBe(200);
    const deviceCode = created.body.code as string;
    const establishmentId = await createEstablishment(server, client.id);
    await call(server, "POST", "/auth/code/inspect-code", {
      token: client.token,
      body: { code: deviceCode },
    });
    const approved = await call(server, "POST", "/auth/code/approve-code", {
      token: client.token,
      body: { code: deviceCode, establishmentId },
    });
    expect(approved.status).toBe(200);
    const polled = await call(server, "POST", "/auth/code/wait-for-verification", {
      body: { verificationId: created.body.verificationId },
    });
    const device = await connect(server, polled.body.tokens.token);
    device.socket.close();
    await device.closed;
    await call(server, "POST", "/auth/logout", {
      token: refreshed.body.token,
      body: { refreshToken: refreshed.body.refreshToken },
    });

    const secrets = [
      first.token,
      first.refreshToken,
      refreshed.body.token,
      refreshed.body.refreshToken,
      polled.body.tokens.token,
      polled.body.tokens.refreshToken,
    ];
    const lines = server.logs.slice(from);
    expect(lines.length).toBeGreaterThan(10);
    // The scan sees the one line that may hold the code (no SMTP here).
    expect(lines.filter((line) => line.msg === `Sign-in code: ${signInCode}`)).toHaveLength(1);
    for (const line of lines) {
      const written = JSON.stringify(line);
      for (const secret of secrets) expect(written).not.toContain(secret);
      // Six digits stand alone in text only (numbers such as times are not text).
      for (const text of textsOf(line)) {
        expect(text).not.toMatch(new RegExp(`\\b${deviceCode}\\b`));
        if (new RegExp(`\\b${signInCode}\\b`).test(text)) {
          expect(line.msg).toBe(`Sign-in code: ${signInCode}`);
        }
      }
    }
  });
});

/** Every string in a log line, however deep. */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(textsOf);
}
