import { createHash } from "node:crypto";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorAttachments } from "../../../db/schema.ts";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { storedKeys, temporaryUploads, uploadFile } from "../../../test/library.ts";
import {
  compoundFile,
  docxDocument,
  jpegImage,
  openDocument,
  pdfDocument,
  pngImage,
  zipArchive,
} from "./document-fixtures.ts";

/**
 * Authors' licence documents through the real API: attaching every accepted
 * kind, listing, downloading under the uploaded name, one stored file per
 * content, refusals that leave nothing behind, and removal (of a document,
 * and of an author with its documents).
 */

let server: TestServer;
let manager: SignedInUser;
let client: SignedInUser;
/** Staff who read documents but do not keep the catalog. */
let support: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  manager = await createSignedInUser(server, { role: "role-content-manager" });
  client = await createSignedInUser(server, { role: "role-client" });
  support = await createSignedInUser(server, { role: "role-support" });
});

afterAll(async () => {
  await server?.close();
});

const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";

async function newAuthor(name: string): Promise<string> {
  const answer = await call(server, "POST", "/music/author/add", {
    token: manager.token,
    body: { name },
  });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

const attach = (authorId: string, data: Uint8Array, filename: string, token = manager.token) =>
  uploadFile(server, `/music/author/${authorId}/attachment-file/add`, data, { token, filename });

const download = (
  authorId: string,
  attachmentId: string,
  headers: Record<string, string> = {},
  token = support.token,
) =>
  fetch(`${server.url}/api/v1/music/author/${authorId}/attachment-file/${attachmentId}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });

const removeAttachment = (authorId: string, attachmentId: string, token = manager.token) =>
  call(server, "POST", `/music/author/${authorId}/attachment-file/${attachmentId}/remove`, {
    token,
  });

/** Where a document of this content is stored (content-addressed). */
function storageKeyOf(data: Uint8Array): string {
  const hash = createHash("sha256").update(data).digest("hex");
  return `attachments/${hash.slice(0, 2)}/${hash}`;
}

async function attachmentRows(): Promise<number> {
  const [row] = await server.app.db.select({ value: count() }).from(authorAttachments);
  return row?.value ?? 0;
}

/** What the server holds: document rows, stored documents, temporary uploads. */
async function holdings() {
  return {
    rows: await attachmentRows(),
    files: await storedKeys(server, "attachments/"),
    temporary: temporaryUploads(server),
  };
}

describe("attaching", () => {
  let authorId: string;

  beforeAll(async () => {
    authorId = await newAuthor("Автор с документами");
  });

  it("accepts each kind by its content, lists them and sends each back under its name", async () => {
    const documents: Array<[string, Buffer, string]> = [
      ["Лицензионный договор №1.pdf", pdfDocument(), "application/pdf"],
      ["скан.jpg", jpegImage(), "image/jpeg"],
      ["scan page 2.png", pngImage(), "image/png"],
      ["договор.doc", compoundFile(), "application/msword"],
      [
        "приложение.docx",
        docxDocument(),
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
      // The name says PDF; the content is an OpenDocument text, and that is what counts.
      ["акт.pdf", openDocument(), "application/vnd.oasis.opendocument.text"],
    ];
    const added = [];
    for (const [fileName, data, contentType] of documents) {
      const answer = await attach(authorId, data, fileName);
      expect(answer.status, fileName).toBe(201);
      expect(answer.body).toEqual({
        id: expect.any(String),
        fileName,
        contentType,
        sizeBytes: data.length,
        createdAt: expect.any(String),
      });
      added.push(answer.body);
    }

    const listed = await call(server, "GET", `/music/author/${authorId}/attachment-file`, {
      token: support.token,
    });
    expect(listed).toEqual({ status: 200, body: added });

    for (const [index, [fileName, data, contentType]] of documents.entries()) {
      const response = await download(authorId, added[index].id);
      expect(response.status, fileName).toBe(200);
      expect(response.headers.get("content-type"), fileName).toBe(contentType);
      expect(response.headers.get("content-length"), fileName).toBe(String(data.length));
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const disposition = response.headers.get("content-disposition") ?? "";
      expect(disposition, fileName).toMatch(
        /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/,
      );
      const encoded = disposition.slice(disposition.indexOf("UTF-8''") + 7);
      expect(decodeURIComponent(encoded), fileName).toBe(fileName);
      expect(Buffer.from(await response.arrayBuffer()).equals(data), fileName).toBe(true);
    }
  });

  it("takes the token from the query, revalidates by ETag and answers ranges", async () => {
    const data = pdfDocument("Диапазон");
    const attachment = (await attach(authorId, data, "range.pdf")).body;
    const url = `${server.url}/api/v1/music/author/${authorId}/attachment-file/${attachment.id}`;
    const byQuery = await fetch(`${url}?access_token=${support.token}`);
    expect(byQuery.status).toBe(200);
    const etag = byQuery.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await download(authorId, attachment.id, { "if-none-match": etag })).status).toBe(304);
    const range = await download(authorId, attachment.id, { range: "bytes=0-4" });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).toString("latin1")).toBe("%PDF-");
    expect((await fetch(url)).status).toBe(401);
  });

  it("keeps one file per content: the same document again is the one already there", async () => {
    const data = pdfDocument("Один раз");
    const first = await attach(authorId, data, "один.pdf");
    const before = await holdings();
    const again = await attach(authorId, data, "другое имя.pdf");
    expect(again).toEqual({ status: 201, body: first.body });
    expect(await holdings()).toEqual(before);

    // Another author with the same content: a row of its own, the same stored file.
    const otherAuthor = await newAuthor("Другой автор с тем же документом");
    const other = await attach(otherAuthor, data, "копия.pdf");
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(first.body.id);
    expect(await holdings()).toEqual({ ...before, rows: before.rows + 1 });

    // Removing one row keeps the file the other still shows; removing the last removes it.
    expect(await removeAttachment(authorId, first.body.id)).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await holdings()).toEqual(before);
    expect((await download(otherAuthor, other.body.id)).status).toBe(200);
    expect((await download(authorId, first.body.id)).status).toBe(404);
    await removeAttachment(otherAuthor, other.body.id);
    expect(await holdings()).toEqual({
      ...before,
      rows: before.rows - 1,
      files: before.files.filter((key) => key !== storageKeyOf(data)),
    });
    expect(before.files).toContain(storageKeyOf(data));
  });
});

describe("refusals", () => {
  it("refuses what is not an accepted document, and leaves nothing behind", async () => {
    const authorId = await newAuthor("Автор отказов");
    const before = await holdings();
    const formats = "PDF, JPEG, PNG, DOC, DOCX, ODT";
    const cases: Array<[string, Uint8Array, number, string]> = [
      ["text.pdf", Buffer.from("не PDF, а просто текст\n".repeat(20)), 415, "unsupported-file"],
      [
        "page.html",
        Buffer.from("<!doctype html><script>alert(1)</script>"),
        415,
        "unsupported-file",
      ],
      ["table.doc", compoundFile("Workbook"), 415, "unsupported-file"],
      ["archive.docx", zipArchive([["readme.txt", "hello"]]), 415, "unsupported-file"],
      [
        "table.odt",
        openDocument("application/vnd.oasis.opendocument.spreadsheet"),
        415,
        "unsupported-file",
      ],
      ["empty.pdf", new Uint8Array(0), 400, "unreadable-file"],
      [
        "huge.pdf",
        Buffer.concat([pdfDocument(), Buffer.alloc(20 * 1024 * 1024)]),
        413,
        "payload-too-large",
      ],
    ];
    const answers = [];
    for (const [name, data] of cases) {
      const answer = await attach(authorId, data, name);
      answers.push({ name, status: answer.status, type: answer.body?.type });
    }
    expect(answers).toEqual(cases.map(([name, , status, type]) => ({ name, status, type })));
    expect((await attach(authorId, Buffer.from("text"), "a.pdf")).body.reason).toBe(
      `Этот файл не документ поддерживаемого формата. Загрузите ${formats}`,
    );
    expect(
      (
        await attach(
          authorId,
          Buffer.concat([pdfDocument(), Buffer.alloc(21 * 1024 * 1024)]),
          "b.pdf",
        )
      ).body.reason,
    ).toBe("Файл больше 20 МБ");
    expect(await holdings()).toEqual(before);
  });

  it("refuses other roles, unknown and malformed ids and a wrong field before taking the file", async () => {
    const authorId = await newAuthor("Автор без чужих документов");
    const kept = (await attach(authorId, pdfDocument("Свой"), "свой.pdf")).body;
    const before = await holdings();
    const pdf = pdfDocument("Чужой");
    const cases: Array<[string, Promise<{ status: number; body: { type?: string } }>, number]> = [
      ["client attaches", attach(authorId, pdf, "x.pdf", client.token), 403],
      [
        "no token",
        uploadFile(server, `/music/author/${authorId}/attachment-file/add`, pdf, {
          filename: "x.pdf",
        }),
        401,
      ],
      ["unknown author", attach(unknownId, pdf, "x.pdf"), 404],
      ["malformed author id", attach("123", pdf, "x.pdf"), 400],
      [
        "wrong field",
        uploadFile(server, `/music/author/${authorId}/attachment-file/add`, pdf, {
          token: manager.token,
          filename: "x.pdf",
          field: "document",
        }),
        400,
      ],
      [
        "JSON instead of a file",
        call(server, "POST", `/music/author/${authorId}/attachment-file/add`, {
          token: manager.token,
          body: { file: "x.pdf" },
        }),
        400,
      ],
      ["client removes", removeAttachment(authorId, kept.id, client.token), 403],
      ["remove: unknown document", removeAttachment(authorId, unknownId), 404],
      ["remove: unknown author", removeAttachment(unknownId, kept.id), 404],
      ["remove: malformed id", removeAttachment(authorId, "123"), 400],
      [
        "list: unknown author",
        call(server, "GET", `/music/author/${unknownId}/attachment-file`, { token: support.token }),
        404,
      ],
      ["list: no token", call(server, "GET", `/music/author/${authorId}/attachment-file`), 401],
    ];
    const answers = [];
    for (const [name, answer] of cases) {
      const { status, body } = await answer;
      answers.push({
        name,
        status,
        russian: /[а-я]/i.test((body as { reason?: string }).reason ?? ""),
      });
    }
    expect(answers).toEqual(cases.map(([name, , status]) => ({ name, status, russian: true })));
    expect((await attach(unknownId, pdf, "x.pdf")).body).toMatchObject({
      type: "not-found",
      reason: "Автор не найден",
    });
    expect((await removeAttachment(authorId, unknownId)).body).toMatchObject({
      type: "not-found",
      reason: "Документ не найден",
    });
    expect(await holdings()).toEqual(before);
  });

  it("answers 404 for a document of another author, or one that is gone, as JSON", async () => {
    const owner = await newAuthor("Владелец документа");
    const stranger = await newAuthor("Посторонний автор");
    const data = pdfDocument("Только для владельца");
    const attachment = (await attach(owner, data, "владелец.pdf")).body;
    expect((await download(stranger, attachment.id)).status).toBe(404);
    expect((await removeAttachment(stranger, attachment.id)).status).toBe(404);
    expect((await download(unknownId, attachment.id)).status).toBe(404);
    expect((await download(owner, "123")).status).toBe(400);

    // The stored file lost (an operator's mistake): a 404 error body, not a file to save.
    await server.app.storage.files.remove(storageKeyOf(data));
    const lost = await download(owner, attachment.id);
    expect(lost.status).toBe(404);
    expect(lost.headers.get("content-disposition")).toBeNull();
    expect(await lost.json()).toMatchObject({ type: "not-found" });
  });
});

describe("who reads documents", () => {
  it("lets every staff role list and download them, and no client or waiting account", async () => {
    const authorId = await newAuthor("Автор с договором");
    const document = (await attach(authorId, pdfDocument("Договор"), "договор.pdf")).body;
    const waiting = await createSignedInUser(server, { role: "wait-activation" });
    const staff = await Promise.all(
      (["role-admin", "role-client-manager"] as const).map((role) =>
        createSignedInUser(server, { role }),
      ),
    );
    const read = async (token: string) => {
      const listed = await call(server, "GET", `/music/author/${authorId}/attachment-file`, {
        token,
      });
      const file = await download(authorId, document.id, {}, token);
      const byQuery = await fetch(
        `${server.url}/api/v1/music/author/${authorId}/attachment-file/${document.id}?access_token=${token}`,
      );
      const unknown = await call(server, "GET", `/music/author/${unknownId}/attachment-file`, {
        token,
      });
      return [listed.status, file.status, byQuery.status, unknown.status];
    };
    const seen = [];
    for (const [who, token] of [
      ["client", client.token],
      ["wait-activation", waiting.token],
      ["content manager", manager.token],
      ["support", support.token],
      ["admin", staff[0]?.token ?? ""],
      ["client manager", staff[1]?.token ?? ""],
    ] as const) {
      seen.push([who, await read(token)]);
    }
    // Refused before the author is looked up, so ids cannot be probed.
    expect(seen).toEqual([
      ["client", [403, 403, 403, 403]],
      ["wait-activation", [403, 403, 403, 403]],
      ["content manager", [200, 200, 200, 404]],
      ["support", [200, 200, 200, 404]],
      ["admin", [200, 200, 200, 404]],
      ["client manager", [200, 200, 200, 404]],
    ]);
    const refused = await download(authorId, document.id, {}, client.token);
    expect(refused.headers.get("content-disposition")).toBeNull();
    expect(await refused.json()).toMatchObject({ type: "forbidden", reason: expect.any(String) });
  });
});

describe("removing an author", () => {
  it("removes its documents and their files, but not a file another author keeps", async () => {
    const leaving = await newAuthor("Уходящий автор");
    const staying = await newAuthor("Остающийся автор");
    const shared = pdfDocument("Общий документ");
    const own = docxDocument("Собственный документ");
    await attach(leaving, shared, "общий.pdf");
    await attach(leaving, own, "свой.docx");
    const kept = (await attach(staying, shared, "общий.pdf")).body;
    const before = await holdings();
    expect(before.files).toEqual(expect.arrayContaining([storageKeyOf(shared), storageKeyOf(own)]));

    const removed = await call(server, "POST", `/music/author/${leaving}/remove`, {
      token: manager.token,
    });
    expect(removed).toEqual({ status: 200, body: { ok: true } });
    expect(await holdings()).toEqual({
      rows: before.rows - 2,
      files: before.files.filter((key) => key !== storageKeyOf(own)),
      temporary: [],
    });
    const staysListed = await call(server, "GET", `/music/author/${staying}/attachment-file`, {
      token: support.token,
    });
    expect(staysListed.body).toEqual([kept]);
    expect((await download(staying, kept.id)).status).toBe(200);
    expect(
      (
        await call(server, "GET", `/music/author/${leaving}/attachment-file`, {
          token: support.token,
        })
      ).status,
    ).toBe(404);
  });
});
