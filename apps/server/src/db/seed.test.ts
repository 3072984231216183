import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/harness.ts";
import { users } from "./schema.ts";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "./seed.ts";

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

    const send = await fetch(`${server.url}/api/v1/auth/email/send-code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "manager@fonika.local" }),
    });
    expect(send.status).toBe(200);
    const verify = await fetch(`${server.url}/api/v1/auth/email/verify-code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "manager@fonika.local",
        code: server.lastCodeFor("manager@fonika.local"),
      }),
    });
    const tokens = (await verify.json()) as { token: string };
    const payload = JSON.parse(
      Buffer.from(tokens.token.split(".")[1] ?? "", "base64url").toString(),
    );
    expect(payload.authority).toEqual(["role-client-manager"]);
  });
});
