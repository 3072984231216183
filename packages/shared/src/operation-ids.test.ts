import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import * as shared from "./index.ts";
import { buildOperationIds } from "./operation-ids.ts";

function endpoint(path: string) {
  return defineEndpoint({
    method: "GET",
    path,
    summary: path,
    tags: ["test"],
    auth: "public",
    response: z.object({}),
  });
}

describe("buildOperationIds", () => {
  it("names each shared endpoint after its namespace and export", () => {
    const ids = buildOperationIds(shared);
    expect(ids.get(shared.authApi.emailSendCode)).toBe("authEmailSendCode");
    expect(ids.get(shared.accountsApi.listUsers)).toBe("accountsListUsers");
    expect(ids.get(shared.leadsApi.sendLeadForm)).toBe("leadsSendLeadForm");
    expect(ids.get(shared.systemApi.health)).toBe("systemHealth");
    const all = [...ids.values()];
    expect(new Set(all).size).toBe(all.length);
    for (const id of all) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it("reads only `…Api` namespaces and skips what is not an endpoint", () => {
    const health = endpoint("/health");
    const ids = buildOperationIds({
      systemApi: { health, healthSchema: z.object({}), LIMIT: 3 },
      health: endpoint("/elsewhere"),
      Api: { health: endpoint("/nameless") },
    });
    expect([...ids.entries()]).toEqual([[health, "systemHealth"]]);
  });

  it("refuses two endpoints with one id, and one endpoint with two", () => {
    expect(() =>
      buildOperationIds({
        userApi: { signIn: endpoint("/a") },
        userSignApi: { in: endpoint("/b") },
      }),
    ).toThrow(/"userSignIn" of userSignApi.in is already taken by userApi.signIn/);
    const reused = endpoint("/reused");
    expect(() => buildOperationIds({ aApi: { one: reused }, bApi: { two: reused } })).toThrow(
      /bApi.two is also exported as "aOne"/,
    );
  });
});
