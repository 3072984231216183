import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../test/factories.ts";
import { call, startTestServer, type TestServer } from "../test/harness.ts";
import { users } from "./schema.ts";
import { DEMO_ACCOUNTS, seedDemoAccounts, seedDemoTariffs } from "./seed.ts";

describe("demo seed", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("creates one account per role once, and the accounts can sign in", async () => {
    const created = await seedDemoAccounts(server.app.db);
    expect(created.sort()).toEqual(DEMO_ACCOUNTS.map((account) => account.email).sort());
    expect(await seedDemoAccounts(server.app.db)).toEqual([]);

    const [client] = await server.app.db
      .select()
      .from(users)
      .where(eq(users.email, "client@fonika.local"));
    expect(client?.authority).toEqual(["role-client"]);

    const tokens = await signIn(server, "manager@fonika.local");
    expect(decodeJwt(tokens.token).authority).toEqual(["role-client-manager"]);
  });

  it("creates the three demo tariffs once, offered to clients with their items", async () => {
    expect((await seedDemoTariffs(server.app.db)).sort()).toEqual(["Базовый", "Лайт", "Про"]);
    expect(await seedDemoTariffs(server.app.db)).toEqual([]);
    const client = await signIn(server, "client@fonika.local");
    const offered = await call(server, "GET", "/tariff", { token: client.token });
    expect(offered.body.data.map((tariff: { type: string }) => tariff.type)).toEqual([
      "lite",
      "basic",
      "pro",
    ]);
    expect(offered.body.data[1]).toMatchObject({
      price: 1490,
      basePrice: 1990,
      features: [{ name: "Оформление эфира", items: [{ approvalRequired: true, price: 500 }, {}] }],
    });
  });
});
