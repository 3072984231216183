import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createUser } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { storedKeys, uploadFile } from "../../test/library.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";
const cafe = { name: "Кофейня на Мира", address: "Москва, проспект Мира, 1" };

function addEstablishment(token: string, userId: string, body: unknown) {
  return call(server, "POST", `/establishment/${userId}/add`, { token, body });
}

describe("establishments of a client", () => {
  it("take the zone of the address's city when none is named (issue 28); a named zone wins", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const byAddress = async (address: string, timeZone?: string) =>
      (
        await addEstablishment(client.token, client.id, {
          name: "Кофейня",
          address,
          ...(timeZone ? { timeZone } : {}),
        })
      ).body.timeZone;
    expect(await byAddress("Екатеринбург, ул. Малышева, 5")).toBe("Asia/Yekaterinburg");
    expect(await byAddress("г. Новосибирск, Красный проспект, 1")).toBe("Asia/Novosibirsk");
    expect(await byAddress("Екатеринбург, ул. Малышева, 5", "Europe/Moscow")).toBe("Europe/Moscow");
    expect(await byAddress("пос. Лесной, ул. Садовая, 3")).toBe("Europe/Moscow");
  });

  it("are added, listed, found and changed by their client, with Moscow time by default", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const added = await addEstablishment(client.token, client.id, cafe);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      ...cafe,
      userId: client.id,
      timeZone: "Europe/Moscow",
      layoutFile: null,
      playerInfo: { players: 0, online: 0 },
      subscriptionInfo: null,
      abilities: { edit: true, subscribe: true },
    });
    const second = await addEstablishment(client.token, client.id, {
      name: "Барбершоп",
      address: "Владивосток, Светланская, 5",
      timeZone: "Asia/Vladivostok",
    });
    expect(second.body.timeZone).toBe("Asia/Vladivostok");

    const list = await call(server, "GET", `/establishment/${client.id}`, { token: client.token });
    expect(list.body).toMatchObject({ total: 2, totalPages: 1 });
    expect(list.body.data.map((row: { name: string }) => row.name)).toEqual([
      "Барбершоп",
      cafe.name,
    ]);
    const found = await call(server, "GET", `/establishment/${client.id}?query=мира`, {
      token: client.token,
    });
    expect(found.body.data.map((row: { id: string }) => row.id)).toEqual([added.body.id]);

    const changed = await call(
      server,
      "POST",
      `/establishment/${client.id}/${added.body.id}/change`,
      { token: client.token, body: { timeZone: "Asia/Yekaterinburg" } },
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ ...cafe, timeZone: "Asia/Yekaterinburg" });
    const one = await call(server, "GET", `/establishment/${client.id}/${added.body.id}`, {
      token: client.token,
    });
    expect(one.body.timeZone).toBe("Asia/Yekaterinburg");
  });

  it("are reached by staff through the client's id; support only reads", async () => {
    const client = await createUser(server, { role: "role-client" });
    const manager = await createSignedInUser(server, { role: "role-client-manager" });
    const support = await createSignedInUser(server, { role: "role-support" });
    const added = await addEstablishment(manager.token, client.id, cafe);
    expect(added.status).toBe(201);
    expect(added.body.userId).toBe(client.id);
    const read = await call(server, "GET", `/establishment/${client.id}/${added.body.id}`, {
      token: support.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.abilities).toEqual({ edit: false, subscribe: false });
    const bySupport = await addEstablishment(support.token, client.id, cafe);
    expect(bySupport.status).toBe(403);
    // Staff keep no venues.
    const onStaff = await addEstablishment(manager.token, support.id, cafe);
    expect(onStaff.status).toBe(404);
    expect(onStaff.body.reason).toBe("Клиент не найден");
  });

  it("refuses bad input, someone else's establishments and the wrong roles, changing nothing", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const other = await createSignedInUser(server, { role: "role-client" });
    const own = await addEstablishment(client.token, client.id, cafe);
    const bodies: Array<[unknown, string]> = [
      [{}, "Проверьте введённые данные"],
      [{ ...cafe, name: "ab" }, "Проверьте введённые данные"],
      [{ ...cafe, name: "x".repeat(201) }, "Проверьте введённые данные"],
      [{ ...cafe, address: "" }, "Проверьте введённые данные"],
      [{ ...cafe, timeZone: "Mars/Olympus" }, "Выберите часовой пояс из списка"],
      [{ ...cafe, timeZone: "../../etc" }, "Выберите часовой пояс из списка"],
    ];
    for (const [body, reason] of bodies) {
      const answer = await addEstablishment(client.token, client.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ type: "validation-error", reason });
    }
    // Another client's list, and their establishment under one's own id.
    const foreignList = await call(server, "GET", `/establishment/${client.id}`, {
      token: other.token,
    });
    expect(foreignList.status).toBe(403);
    const foreignAdd = await addEstablishment(other.token, client.id, cafe);
    expect(foreignAdd.status).toBe(403);
    const underOwnId = await call(
      server,
      "POST",
      `/establishment/${other.id}/${own.body.id}/change`,
      { token: other.token, body: { name: "Захват" } },
    );
    expect(underOwnId.status).toBe(404);
    const unknown = await call(server, "GET", `/establishment/${client.id}/${unknownId}`, {
      token: client.token,
    });
    expect(unknown.status).toBe(404);
    const content = await createSignedInUser(server, { role: "role-content-manager" });
    const byContent = await call(server, "GET", `/establishment/${client.id}`, {
      token: content.token,
    });
    expect(byContent.status).toBe(403);
    const anonymous = await call(server, "GET", `/establishment/${client.id}`);
    expect(anonymous.status).toBe(401);
    const badId = await call(server, "GET", "/establishment/not-a-uuid", { token: client.token });
    expect(badId.status).toBe(400);

    const list = await call(server, "GET", `/establishment/${client.id}`, { token: client.token });
    expect(list.body.data).toEqual([expect.objectContaining({ name: cafe.name })]);
  });
});

describe("layout file", () => {
  it("takes an image or a PDF, serves it to who may read, replaces and deletes it", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const { body: venue } = await addEstablishment(client.token, client.id, cafe);
    const base = `/establishment/${client.id}/${venue.id}/layout-file`;
    const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const added = await uploadFile(server, `${base}/add`, pdf, {
      token: client.token,
      filename: "План зала.pdf",
      type: "application/pdf",
    });
    expect(added.status).toBe(200);
    expect(added.body.layoutFile).toMatchObject({
      name: "План зала.pdf",
      size: pdf.length,
      contentType: "application/pdf",
    });
    const served = await fetch(`${server.url}/api/v1${base}?access_token=${client.token}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);

    const png = await sharp({
      create: { width: 40, height: 20, channels: 3, background: "white" },
    })
      .png()
      .toBuffer();
    const replaced = await uploadFile(server, `${base}/add`, png, {
      token: client.token,
      filename: "plan.png",
      type: "image/png",
    });
    expect(replaced.body.layoutFile.contentType).toBe("image/png");
    expect(await storedKeys(server, `layouts/${venue.id}/`)).toHaveLength(1);

    const deleted = await call(server, "POST", `${base}/delete`, { token: client.token });
    expect(deleted.status).toBe(200);
    expect(await storedKeys(server, `layouts/${venue.id}/`)).toHaveLength(0);
    const gone = await fetch(`${server.url}/api/v1${base}?access_token=${client.token}`);
    expect(gone.status).toBe(404);
  });

  it("refuses what is neither an image nor a PDF, and another client's upload", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const other = await createSignedInUser(server, { role: "role-client" });
    const { body: venue } = await addEstablishment(client.token, client.id, cafe);
    const base = `/establishment/${client.id}/${venue.id}/layout-file`;
    const html = await uploadFile(server, `${base}/add`, new TextEncoder().encode("<html>"), {
      token: client.token,
      filename: "plan.pdf",
      type: "application/pdf",
    });
    expect(html.status).toBe(415);
    expect(html.body.reason).toBe(
      "План заведения должен быть изображением (JPEG, PNG, WebP) или PDF",
    );
    const foreign = await uploadFile(server, `${base}/add`, new TextEncoder().encode("%PDF-1.4"), {
      token: other.token,
    });
    expect(foreign.status).toBe(403);
    const after = await call(server, "GET", `/establishment/${client.id}/${venue.id}`, {
      token: client.token,
    });
    expect(after.body.layoutFile).toBeNull();
  });
});

describe("second-device sign-in for an establishment", () => {
  it("approves a code only for the approver's own establishment", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const other = await createSignedInUser(server, { role: "role-client" });
    const { body: own } = await addEstablishment(client.token, client.id, cafe);
    const { body: foreign } = await addEstablishment(other.token, other.id, cafe);
    const created = await call(server, "POST", "/auth/code/create-code");
    const code = created.body.code;
    const refused = await call(server, "POST", "/auth/code/approve-code", {
      token: client.token,
      body: { code, establishmentId: foreign.id },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.reason).toBe("Заведение не найдено среди ваших");
    const missing = await call(server, "POST", "/auth/code/approve-code", {
      token: client.token,
      body: { code },
    });
    expect(missing.status).toBe(400);
    const approved = await call(server, "POST", "/auth/code/approve-code", {
      token: client.token,
      body: { code, establishmentId: own.id },
    });
    expect(approved.status).toBe(200);
    const polled = await call(server, "POST", "/auth/code/wait-for-verification", {
      body: { verificationId: created.body.verificationId },
    });
    expect(polled.body.status).toBe("APPROVED");
  });
});
