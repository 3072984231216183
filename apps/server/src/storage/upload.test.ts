import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { songs, supportAttachments } from "../db/schema.ts";
import { createSignedInUser, type SignedInUser } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/harness.ts";
import { audioFixture, storedKeys, temporaryUploads } from "../test/library.ts";

/**
 * Multipart bodies that are not what they claim to be, on the real server:
 * each is a 400 with CONTRACT.md's error body and a reason to show, never
 * a 500, and nothing of it is stored or left in DATA_DIR.
 */

let server: TestServer;
let client: SignedInUser;
let manager: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  [client, manager] = await Promise.all([
    createSignedInUser(server, { role: "role-client" }),
    createSignedInUser(server, { role: "role-content-manager" }),
  ]);
});

afterAll(async () => {
  await server?.close();
});

const BOUNDARY = "fonika-broken-body";
const fileHead = (filename: string, type: string) =>
  `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\n` +
  `content-type: ${type}\r\n\r\n`;

/** Bodies a broken client, a proxy cutting a request or a prober sends. */
const BROKEN_BODIES: Array<{ what: string; contentType: string; body: Buffer | string }> = [
  {
    what: "a file cut short before its closing boundary",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `${fileHead("log.txt", "text/plain")}строки лога, и на этом всё`,
  },
  {
    what: "garbage under a declared boundary",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: "this is not multipart at all",
  },
  {
    what: "multipart without a boundary",
    contentType: "multipart/form-data",
    body: `${fileHead("log.txt", "text/plain")}текст\r\n--${BOUNDARY}--\r\n`,
  },
];

async function postRaw(path: string, token: string, contentType: string, body: Buffer | string) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": contentType },
    body,
  });
  return {
    status: response.status,
    body: (await response.json()) as { type: string; reason: string; message: string },
  };
}

describe("a malformed multipart body", () => {
  it("is a 400 with a reason, and leaves nothing behind, on every upload", async () => {
    const targets = [
      { path: "/support/attachments", token: client.token },
      { path: "/music/song/add", token: manager.token },
    ];
    const attachmentRows = (await server.app.db.select().from(supportAttachments)).length;
    const songRows = (await server.app.db.select().from(songs)).length;
    const keys = (await storedKeys(server)).length;
    const cutSong = Buffer.concat([
      Buffer.from(fileHead("tone.mp3", "audio/mpeg")),
      audioFixture("tone.mp3").subarray(0, 2048),
    ]);
    const cases = [
      ...BROKEN_BODIES,
      {
        what: "a song cut short",
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: cutSong,
      },
    ];
    for (const target of targets) {
      for (const { what, contentType, body } of cases) {
        const answer = await postRaw(target.path, target.token, contentType, body);
        expect(answer.status, `${target.path}: ${what}`).toBe(400);
        expect(answer.body, `${target.path}: ${what}`).toMatchObject({
          type: "validation-error",
          reason: expect.stringMatching(/[А-Яа-яЁё]/),
          message: expect.any(String),
        });
      }
    }
    expect((await server.app.db.select().from(supportAttachments)).length).toBe(attachmentRows);
    expect((await server.app.db.select().from(songs)).length).toBe(songRows);
    expect((await storedKeys(server)).length).toBe(keys);
    expect(temporaryUploads(server)).toEqual([]);
    const failures = server.logs.filter((entry) => Number(entry.level) >= 50);
    expect(failures.map((entry) => entry.msg)).toEqual([]);
  });

  it("names what went wrong for developers, without a stack", async () => {
    const [cut] = BROKEN_BODIES;
    if (!cut) throw new Error("no broken body");
    const answer = await postRaw("/support/attachments", client.token, cut.contentType, cut.body);
    expect(answer.body.reason).toBe(
      "Файл не получен целиком или повреждён при отправке. Попробуйте загрузить его ещё раз",
    );
    expect(answer.body.message).toMatch(/^Malformed multipart body: /);
    expect(JSON.stringify(answer.body)).not.toContain("    at ");
  });
});
