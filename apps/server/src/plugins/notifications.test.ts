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
