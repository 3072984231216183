import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail, uniquePhone } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";

/**
 * Codes leave the server the way operators configure: e-mail through a real
 * SMTP listener (SMTP_URL), SMS through a real HTTP gateway (SMS_GATEWAY_URL).
 */

interface ReceivedMail {
  to: string[];
  raw: string;
}

const mails: ReceivedMail[] = [];
const smsMessages: Array<{ phone: string; text: string }> = [];
let smtp: SMTPServer;
let gateway: Server;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  gateway = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      smsMessages.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  const gatewayPort = (gateway.address() as AddressInfo).port;

  server = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMS_GATEWAY_URL: `http://127.0.0.1:${gatewayPort}/sms`,
  });
});

afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (gateway ? gateway.close(() => resolve()) : resolve()));
});

/** The decoded text parts of a MIME message (quoted-printable or base64). */
function decodedBodies(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head = "", ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join("\n\n");
      if (/content-transfer-encoding:\s*base64/i.test(head)) {
        return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
      }
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        const bytes = body
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
            String.fromCharCode(Number.parseInt(hex, 16)),
          );
        return Buffer.from(bytes, "latin1").toString("utf8");
      }
      return body;
    })
    .join("\n");
}

async function waitFor<T>(find: () => T | undefined): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("Nothing arrived");
}

describe("code delivery", () => {
  it("sends the e-mail code through SMTP and it signs in", async () => {
    const email = uniqueEmail("smtp");
    const sent = await call(server, "POST", "/auth/email/send-code", { body: { email } });
    expect(sent.status).toBe(200);
    const mail = await waitFor(() => mails.find((received) => received.to.includes(email)));
    const codes = decodedBodies(mail.raw).match(/\b\d{6}\b/g) ?? [];
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes).size).toBe(1);
    const verified = await call(server, "POST", "/auth/email/verify-code", {
      body: { email, code: codes[0] },
    });
    expect(verified.status).toBe(200);
    expect(typeof verified.body.refreshToken).toBe("string");
    // The code is not written to the log when it went out by mail.
    expect(server.logs.some((entry) => String(entry.msg).includes(codes[0] as string))).toBe(false);
  });

  it("sends the phone code through the SMS gateway and it signs in", async () => {
    const phone = uniquePhone();
    const sent = await call(server, "POST", "/auth/phone/send-code", {
      body: { phone: `+${phone}` },
    });
    expect(sent.status).toBe(200);
    const sms = await waitFor(() => smsMessages.find((message) => message.phone === phone));
    const code = /\b(\d{6})\b/.exec(sms.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await call(server, "POST", "/auth/phone/verify-code", {
      body: { phone, code },
    });
    expect(verified.status).toBe(200);
  });
});
