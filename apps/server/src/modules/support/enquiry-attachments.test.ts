import { SUPPORT } from "@fonika/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportAttachments } from "../../db/schema.ts";
import { createSignedInUser, type SignedInUser } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { storedKeys, uploadFile } from "../../test/library.ts";

/**
 * Support's attachments on the real server: the content decides the type
 * (a renamed file is what it is), limits answer 400/413/415 and store
 * nothing, a file goes into one message of its uploader only, and is
 * served as a download to whoever sees its enquiry.
 */

let server: TestServer;
let client: SignedInUser;
let other: SignedInUser;
let support: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  [client, other, support] = await Promise.all([
    createSignedInUser(server, { role: "role-client" }),
    createSignedInUser(server, { role: "role-client" }),
    createSignedInUser(server, { role: "role-support" }),
  ]);
});

afterAll(async () => {
  await server?.close();
});

const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(32, 7)]);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n");
const WEBP = Buffer.concat([Buffer.from("RIFF\x24\0\0\0WEBPVP8 ", "latin1"), Buffer.alloc(24, 1)]);
const LOG = Buffer.from("2024-05-01 12:00:01 \x1b[31mERROR\x1b[0m плеер не отвечает\r\n", "utf8");
const ZIP = Buffer.concat([Buffer.from("504b0304", "hex"), Buffer.alloc(40, 0)]);

const upload = (who: SignedInUser, data: Uint8Array, filename = "file.bin") =>
  uploadFile(server, "/support/attachments", data, { token: who.token, filename });

async function rowCount() {
  return (await server.app.db.select().from(supportAttachments)).length;
}

describe("uploading", () => {
  it("tells PNG, PDF, WebP and a text log by their content, whatever their name", async () => {
    const cases: Array<[Buffer, string, string]> = [
      [PNG, "screen.pdf", "image/png"],
      [PDF, "invoice.png", "application/pdf"],
      [WEBP, "photo", "image/webp"],
      [LOG, "player.log", "text/plain"],
    ];
    for (const [data, name, mediaType] of cases) {
      const answer = await upload(client, data, name);
      expect(answer.status, name).toBe(201);
      expect(answer.body).toMatchObject({ name, mediaType, size: data.length });
    }
  });

  it("refuses an empty, an unsupported and an oversized file, and keeps nothing of them", async () => {
    const rows = await rowCount();
    const keys = (await storedKeys(server, "support/")).length;
    const empty = await upload(client, new Uint8Array(0), "empty.txt");
    expect(empty.status).toBe(400);
    const zip = await upload(client, ZIP, "log.txt");
    expect(zip.status).toBe(415);
    expect(zip.body.type).toBe("unsupported-file");
    const binary = await upload(client, Buffer.from([0x00, 0x01, 0x02, 0x41]), "x.txt");
    expect(binary.status).toBe(415);
    const latin = await upload(client, Buffer.from([0x41, 0xe9, 0x41]), "cp1251.txt");
    expect(latin.status).toBe(415);
    const big = await upload(client, Buffer.alloc(SUPPORT.attachmentMaxBytes + 1, 0x41), "big.log");
    expect(big.status).toBe(413);
    expect(await rowCount()).toBe(rows);
    expect((await storedKeys(server, "support/")).length).toBe(keys);
    const device = await call(server, "POST", "/support/attachments", {});
    expect(device.status).toBe(401);
  });
});

describe("attachment names", () => {
  it("lose folders, control and bidi control characters, wherever they are shown", async () => {
    // U+202E turns "отчёт\u202Egol.exe" into "отчётexe.log" on screen.
    const bidi = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069";
    const uploaded = await upload(client, LOG, `C:\\папка\\отчёт\u202Egol${bidi}.exe`);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.name).toBe("отчётgol.exe");
    const [stored] = await server.app.db
      .select()
      .from(supportAttachments)
      .where(eq(supportAttachments.id, uploaded.body.id));
    expect(stored?.name).toBe("отчётgol.exe");

    const made = await call(server, "POST", "/support/enquiries", {
      token: client.token,
      body: { topic: "player-silent", text: "Имя файла", attachmentIds: [uploaded.body.id] },
    });
    expect(made.status).toBe(201);
    expect(made.body.events[0].attachments[0].name).toBe("отчётgol.exe");
    const download = await fetch(`${server.url}/api/v1/support/attachments/${uploaded.body.id}`, {
      headers: { authorization: `Bearer ${support.token}` },
    });
    expect(download.status).toBe(200);
    const disposition = decodeURIComponent(download.headers.get("content-disposition") ?? "");
    expect(disposition).toContain("отчётgol.exe");
    expect(disposition).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/u);

    // A name of bidi controls only is no name: the file is named by its type.
    const nameless = await upload(client, PNG, `${bidi} `);
    expect(nameless.body.name).toBe("file.png");
  });
});

describe("attaching and downloading", () => {
  it("puts a file in one message of its uploader, and serves it to who sees the enquiry", async () => {
    const file = (await upload(client, LOG, "плеер.log")).body;
    const foreign = (await upload(other, PNG, "their.png")).body;

    // Before a message takes it, only its uploader downloads it.
    expect(
      (await call(server, "GET", `/support/attachments/${file.id}`, { token: support.token }))
        .status,
    ).toBe(404);
    const own = await fetch(`${server.url}/api/v1/support/attachments/${file.id}`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(own.status).toBe(200);

    const withForeign = await call(server, "POST", "/support/enquiries", {
      token: client.token,
      body: { topic: "player-silent", text: "Лог", attachmentIds: [file.id, foreign.id] },
    });
    expect(withForeign.status).toBe(400);
    const twice = await call(server, "POST", "/support/enquiries", {
      token: client.token,
      body: { topic: "player-silent", text: "Лог", attachmentIds: [file.id, file.id] },
    });
    expect(twice.status).toBe(400);
    // The refused message took nothing: the file is still free.
    const [free] = await server.app.db
      .select()
      .from(supportAttachments)
      .where(eq(supportAttachments.id, file.id));
    expect(free?.eventId).toBeNull();

    const made = await call(server, "POST", "/support/enquiries", {
      token: client.token,
      body: { topic: "player-silent", text: "Лог", attachmentIds: [file.id] },
    });
    expect(made.status).toBe(201);
    expect(made.body.events[0].attachments).toEqual([
      { id: file.id, name: "плеер.log", mediaType: "text/plain", size: LOG.length },
    ]);
    const again = await call(server, "POST", `/support/enquiries/${made.body.id}/messages`, {
      token: client.token,
      body: { text: "Ещё раз тот же", attachmentIds: [file.id] },
    });
    expect(again.status).toBe(400);
    const staffUsesClients = await call(
      server,
      "POST",
      `/support/enquiries/${made.body.id}/messages`,
      {
        token: support.token,
        body: { text: "Чужой", attachmentIds: [foreign.id] },
      },
    );
    expect(staffUsesClients.status).toBe(400);

    const download = await fetch(`${server.url}/api/v1/support/attachments/${file.id}`, {
      headers: { authorization: `Bearer ${support.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="_____.log"; filename*=UTF-8''${encodeURIComponent("плеер.log")}`,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(LOG)).toBe(true);
    const stranger = await call(server, "GET", `/support/attachments/${file.id}`, {
      token: other.token,
    });
    expect(stranger.status).toBe(404);
  });

  it("sweeps files no message took within a day, with their stored files", async () => {
    const file = (await upload(client, PDF, "old.pdf")).body;
    const kept = (await upload(client, PDF, "new.pdf")).body;
    const [row] = await server.app.db
      .update(supportAttachments)
      .set({ createdAt: new Date(Date.now() - (SUPPORT.unusedAttachmentHours + 1) * 3_600_000) })
      .where(eq(supportAttachments.id, file.id))
      .returning();
    expect(await server.app.storage.files.exists(row?.storageKey as string)).toBe(true);
    expect(await server.app.modules.support.attachments.sweep()).toBeGreaterThanOrEqual(1);
    const left = await server.app.db.select().from(supportAttachments);
    expect(left.map((attachment) => attachment.id)).not.toContain(file.id);
    expect(left.map((attachment) => attachment.id)).toContain(kept.id);
    expect(await server.app.storage.files.exists(row?.storageKey as string)).toBe(false);
  });
});
