import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema.ts";
import { signIn } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/harness.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: "Boss@Fonika.Test" });
});

afterAll(async () => {
  await server?.close();
});

describe("ADMIN_EMAIL bootstrap", () => {
  it("creates a role-admin account for ADMIN_EMAIL at start and logs it", async () => {
    const rows = await server.app.db
      .select()
      .from(users)
      .where(eq(users.email, "boss@fonika.test"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.authority).toEqual(["role-admin"]);
    expect(server.logs.some((entry) => String(entry.msg).includes("admin account"))).toBe(true);

    const tokens = await signIn(server, "boss@fonika.test");
    expect(decodeJwt(tokens.token).authority).toEqual(["role-admin"]);
  });
});
