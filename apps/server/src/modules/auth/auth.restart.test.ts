import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema.ts";
import { signIn, uniqueEmail } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";

/**
 * A second start on the same data keeps sessions (CONTRACT.md): on PGlite
 * the same DATA_DIR, on PostgreSQL (TEST_DATABASE_URL) the same database.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), "fonika-restart-"));
const servers: TestServer[] = [];

afterAll(async () => {
  for (const server of servers) await server.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("restart", () => {
  it("keeps refresh tokens and leaves an existing ADMIN_EMAIL account unchanged", async () => {
    const first = await startTestServer({ DATA_DIR: dataDir });
    servers.push(first);
    const email = uniqueEmail("restart");
    const tokens = await signIn(first, email);
    await first.close({ keepData: true });

    const second = await startTestServer({
      DATA_DIR: dataDir,
      DATABASE_URL: first.config.databaseUrl,
      ADMIN_EMAIL: email,
    });
    servers.push(second);
    const refreshed = await call(second, "POST", "/auth/refresh-token", {
      body: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    // The old access token is still valid: the signing key was kept too.
    const [user] = await second.app.db.select().from(users).where(eq(users.email, email));
    expect(user?.authority).toEqual(["edit-personal-info", "sign-agreement"]);
    const profile = await call(second, "GET", `/personal-info/${user?.id}`, {
      token: tokens.token,
    });
    expect(profile.status).toBe(200);
  });
});
