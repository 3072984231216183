import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { uniqueEmail, uniquePhone } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/harness.ts";

/**
 * Without SMTP_URL or SMS_GATEWAY_URL the codes go to the log (CONTRACT.md);
 * the operator is told so once, at start, as a warning.
 */

/** pino's level number of `warn`. */
const WARN = 40;
let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The warnings about delivery channels (others, such as a missing web build, aside). */
function warnings(running: TestServer) {
  return running.logs
    .filter((entry) => entry.level === WARN && entry.channel !== undefined)
    .map((entry) => ({ channel: entry.channel, msg: entry.msg }));
}

describe("notification channels at start", () => {
  it("warns once per missing channel that its codes are written to the log", async () => {
    server = await startTestServer();
    const expected = [
      {
        channel: "email",
        msg: expect.stringMatching(/^SMTP_URL is not set: .*written to this log/),
      },
      {
        channel: "sms",
        msg: expect.stringMatching(/^SMS_GATEWAY_URL is not set: .*written to this log/),
      },
    ];
    expect(warnings(server)).toEqual(expected);

    // Each code is logged where the warning said, without the warning again.
    const email = uniqueEmail("warned");
    const phone = uniquePhone();
    await server.app.notifier.sendEmailCode(email, "246810");
    await server.app.notifier.sendSmsCode(phone, "135790");
    expect(server.lastCodeFor(email)).toBe("246810");
    expect(server.lastCodeFor(phone)).toBe("135790");
    expect(warnings(server)).toEqual(expected);
  });

  it("says nothing when both channels are configured", async () => {
    server = await startTestServer({
      SMTP_URL: "smtp://user:secret@127.0.0.1:2525",
      SMS_GATEWAY_URL: "http://127.0.0.1:9/sms",
    });
    expect(warnings(server)).toEqual([]);
  });
});

describe("a notice by e-mail", () => {
  it("goes out through SMTP_URL as plain text, and to the log without it", async () => {
    const received: Array<{ to: string[]; raw: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    try {
      const port = (smtp.server.address() as AddressInfo).port;
      server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
      const to = uniqueEmail("notice");
      await server.app.notifier.sendMail({ to, subject: "Плеер молчит", text: "Проверьте плеер" });
      expect(received.map((mail) => mail.to)).toEqual([[to]]);
      expect(received[0]?.raw).toMatch(/^Subject: =\?UTF-8\?/m);
      expect(server.logs.filter((entry) => entry.to === to && "text" in entry)).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
    await server.close();

    server = await startTestServer();
    const to = uniqueEmail("logged");
    await server.app.notifier.sendMail({ to, subject: "Плеер молчит", text: "Проверьте плеер" });
    expect(server.logs.filter((entry) => entry.to === to)).toMatchObject([
      { channel: "email", subject: "Плеер молчит", text: "Проверьте плеер" },
    ]);
  });
});
