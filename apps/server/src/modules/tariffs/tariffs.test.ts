import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tariffInput } from "../../test/clients.ts";
import { createSignedInUser, type SignedInUser } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";

let server: TestServer;
let admin: SignedInUser;
let contentManager: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server, { role: "role-admin" });
  contentManager = await createSignedInUser(server, { role: "role-content-manager" });
});

afterAll(async () => {
  await server?.close();
});

const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";
let counter = 0;

async function makePlaylist(name: string): Promise<string> {
  const made = await call(server, "POST", "/music/playlist/add", {
    token: contentManager.token,
    body: { name: `${name} ${Date.now()}-${counter++}` },
  });
  expect(made.status).toBe(201);
  return made.body.id;
}

describe("tariffs", () => {
  it("are made by the admin with features, items, benefits and playlists, and offered to clients", async () => {
    const playlistId = await makePlaylist("Утро");
    const input = tariffInput({ playlistIds: [playlistId] });
    const added = await call(server, "POST", "/tariff/add", { token: admin.token, body: input });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      type: "basic",
      name: input.name,
      price: 1490,
      basePrice: 1990,
      active: true,
      benefits: input.benefits,
      playlists: [{ id: playlistId, name: expect.stringContaining("Утро") }],
      abilities: { edit: true, subscribe: true, grantPlaylists: true },
    });
    expect(added.body.features).toEqual([
      {
        id: expect.any(String),
        name: "Оформление",
        recurrent: true,
        items: [
          {
            id: expect.any(String),
            name: "Голосовые объявления",
            approvalRequired: true,
            price: 500,
          },
          { id: expect.any(String), name: "Второй плеер", approvalRequired: false, price: 300.5 },
        ],
      },
      {
        id: expect.any(String),
        name: "Подключение",
        recurrent: false,
        items: [
          { id: expect.any(String), name: "Выезд техника", approvalRequired: false, price: 2000 },
        ],
      },
    ]);

    const client = await createSignedInUser(server, { role: "role-client" });
    const offered = await call(server, "GET", "/tariff", { token: client.token });
    const mine = offered.body.data.find((tariff: { id: string }) => tariff.id === added.body.id);
    expect(mine.abilities).toEqual({ edit: false, subscribe: true, grantPlaylists: false });
    const one = await call(server, "GET", `/tariff/${added.body.id}`, { token: client.token });
    expect(one.body.name).toBe(input.name);
  });

  it("keep item ids through an edit, retire what is left out, and hide an inactive one from clients", async () => {
    const { body: tariff } = await call(server, "POST", "/tariff/add", {
      token: admin.token,
      body: tariffInput(),
    });
    const [design] = tariff.features;
    const kept = design.items[0];
    const changed = await call(server, "POST", `/tariff/${tariff.id}/change`, {
      token: admin.token,
      body: tariffInput({
        name: tariff.name,
        active: false,
        price: 990,
        features: [
          {
            id: design.id,
            name: "Оформление эфира",
            recurrent: true,
            items: [
              { ...kept, price: 700 },
              { name: "Джинглы", approvalRequired: true, price: 100 },
            ],
          },
        ],
      }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.features).toHaveLength(1);
    expect(changed.body.features[0]).toMatchObject({ id: design.id, name: "Оформление эфира" });
    expect(changed.body.features[0].items[0]).toEqual({ ...kept, price: 700 });
    expect(changed.body.features[0].items[1].name).toBe("Джинглы");

    const client = await createSignedInUser(server, { role: "role-client" });
    const hidden = await call(server, "GET", `/tariff/${tariff.id}`, { token: client.token });
    expect(hidden.status).toBe(404);
    const offered = await call(server, "GET", "/tariff", { token: client.token });
    expect(offered.body.data.map((row: { id: string }) => row.id)).not.toContain(tariff.id);
    const all = await call(server, "GET", `/tariff/all?query=${encodeURIComponent(tariff.name)}`, {
      token: admin.token,
    });
    expect(all.body.data.map((row: { id: string }) => row.id)).toEqual([tariff.id]);
  });

  it("are offered to anyone, signed in or not: active ones only, cheapest first, without abilities", async () => {
    const playlistId = await makePlaylist("Вечер");
    const add = async (overrides: Parameters<typeof tariffInput>[0]) => {
      const made = await call(server, "POST", "/tariff/add", {
        token: admin.token,
        body: tariffInput(overrides),
      });
      expect(made.status).toBe(201);
      return made.body;
    };
    const pricey = await add({ type: "pro", price: 4990, basePrice: 5990 });
    const cheap = await add({
      type: "lite",
      price: 990,
      basePrice: 990,
      playlistIds: [playlistId],
    });
    const hidden = await add({ active: false, price: 10, basePrice: 10 });

    const offered = await call(server, "GET", "/tariff/offer");
    expect(offered.status).toBe(200);
    const ids = offered.body.data.map((tariff: { id: string }) => tariff.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids.indexOf(cheap.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(cheap.id)).toBeLessThan(ids.indexOf(pricey.id));
    const card = offered.body.data.find((tariff: { id: string }) => tariff.id === cheap.id);
    expect(card).toEqual({
      id: cheap.id,
      type: "lite",
      name: cheap.name,
      description: cheap.description,
      price: 990,
      basePrice: 990,
      features: cheap.features,
      benefits: cheap.benefits,
      playlists: [{ id: playlistId, name: expect.stringContaining("Вечер") }],
    });

    // Made-up filters neither widen the list nor fail it; nothing is written.
    const filtered = await call(server, "GET", "/tariff/offer?active=false&price=-1");
    expect(filtered.status).toBe(200);
    expect(filtered.body).toEqual(offered.body);
    const posted = await call(server, "POST", "/tariff/offer", { body: tariffInput() });
    expect(posted.status).toBe(404);
    const again = await call(server, "GET", "/tariff/offer");
    expect(again.body).toEqual(offered.body);
  });

  it("refuses bad input, duplicate names, unknown playlists and the wrong roles, changing nothing", async () => {
    const input = tariffInput();
    const cases: Array<[unknown, string]> = [
      [{}, "Проверьте введённые данные"],
      [{ ...input, type: "gold" }, "Проверьте введённые данные"],
      [{ ...input, name: "" }, "Проверьте введённые данные"],
      [{ ...input, name: "x".repeat(201) }, "Проверьте введённые данные"],
      [{ ...input, price: -1 }, "Проверьте введённые данные"],
      [
        { ...input, price: 10.001 },
        "Цена указывается в рублях, не больше двух знаков после запятой",
      ],
      [{ ...input, price: 3000 }, "Цена не может быть выше базовой цены"],
      [{ ...input, benefits: "всё" }, "Проверьте введённые данные"],
    ];
    for (const [body, reason] of cases) {
      const answer = await call(server, "POST", "/tariff/add", { token: admin.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.reason).toBe(reason);
    }
    const unknownPlaylist = await call(server, "POST", "/tariff/add", {
      token: admin.token,
      body: { ...input, playlistIds: [unknownId] },
    });
    expect(unknownPlaylist.status).toBe(404);
    for (const role of ["role-client", "role-client-manager", "role-support"] as const) {
      const caller = await createSignedInUser(server, { role });
      const answer = await call(server, "POST", "/tariff/add", {
        token: caller.token,
        body: input,
      });
      expect(answer.status, role).toBe(403);
      const list = await call(server, "GET", "/tariff/all", { token: caller.token });
      expect(list.status, role).toBe(403);
    }
    const none = await call(server, "GET", `/tariff/all?query=${encodeURIComponent(input.name)}`, {
      token: admin.token,
    });
    expect(none.body.data).toEqual([]);
    const made = await call(server, "POST", "/tariff/add", { token: admin.token, body: input });
    expect(made.status).toBe(201);
    const twice = await call(server, "POST", "/tariff/add", {
      token: admin.token,
      body: { ...input, name: input.name.toUpperCase() },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.reason).toBe("Тариф с таким названием уже существует");
    const unknown = await call(server, "POST", `/tariff/${unknownId}/change`, {
      token: admin.token,
      body: tariffInput(),
    });
    expect(unknown.status).toBe(404);
  });
});
