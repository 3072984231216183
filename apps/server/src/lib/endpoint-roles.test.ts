import * as shared from "@fonika/shared";
import {
  ASSIGNABLE_ROLES,
  type AssignableRole,
  buildOperationIds,
  type Endpoint,
} from "@fonika/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../test/factories.ts";
import { call, startTestServer, type TestServer } from "../test/harness.ts";

/**
 * Issue 12: a caller whose role may never make a call hears 403 before its
 * input is looked at, so a refusal never teaches the schema. Every shared
 * endpoint that names its roles is tried by every other role with input
 * that would fail validation.
 */
let server: TestServer;
const tokens = new Map<AssignableRole, string>();

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ASSIGNABLE_ROLES) {
    tokens.set(role, (await createSignedInUser(server, { role })).token);
  }
});

afterAll(async () => {
  await server?.close();
});

const ANY_ID = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";

/** The endpoint's path with every parameter filled, and input that fails its schemas. */
function badCallOf(endpoint: Endpoint) {
  const path = endpoint.path.replace(/:[A-Za-z]+/g, ANY_ID);
  if (endpoint.method === "GET") return { path: `${path}?page=-1&count=none`, body: undefined };
  return { path, body: endpoint.body ? { unexpected: "\u0000" } : undefined };
}

const gated = [...buildOperationIds(shared).entries()].filter(([endpoint]) => endpoint.roles);

describe("roles are checked before the input", () => {
  it("guards at least the staff calls of issue 12", () => {
    const ids = gated.map(([, id]) => id);
    expect(ids).toEqual(
      expect.arrayContaining([
        "tariffsAddTariff",
        "accountsChangeRole",
        "accountsCreateUser",
        "leadsListLeads",
        "vaultMakeFolder",
        "catalogListAuthorAttachments",
        "playersListAllPlayers",
        "subscriptionsListSubscriptions",
      ]),
    );
  });

  it("answers 403 to every role outside an endpoint's roles, whatever the input", async () => {
    const failures: string[] = [];
    for (const [endpoint, id] of gated) {
      const { path, body } = badCallOf(endpoint);
      for (const role of ASSIGNABLE_ROLES) {
        if (endpoint.roles?.includes(role)) continue;
        const method = endpoint.method === "GET" ? "GET" : "POST";
        const answer = await call(server, method, path, { body, token: tokens.get(role) });
        if (answer.status !== 403 || answer.body?.type !== "forbidden") {
          failures.push(`${id} as ${role}: ${answer.status} ${answer.body?.type}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("still validates the input of a caller whose role may make the call", async () => {
    const failures: string[] = [];
    for (const [endpoint, id] of gated) {
      if (!endpoint.body) continue;
      const role = endpoint.roles?.[0] as AssignableRole;
      const { path, body } = badCallOf(endpoint);
      const answer = await call(server, "POST", path, { body, token: tokens.get(role) });
      if (answer.status !== 400 || answer.body?.type !== "validation-error") {
        failures.push(`${id} as ${role}: ${answer.status} ${answer.body?.type}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses a client's incomplete /tariff/add with 403 and an anonymous one with 401", async () => {
    const byClient = await call(server, "POST", "/tariff/add", {
      body: { name: "" },
      token: tokens.get("role-client"),
    });
    expect(byClient.status).toBe(403);
    expect(byClient.body.type).toBe("forbidden");
    expect(byClient.body.message).toBe("Only role-admin may make this call");
    const anonymous = await call(server, "POST", "/tariff/add", { body: { name: "" } });
    expect(anonymous.status).toBe(401);
    const byAdmin = await call(server, "POST", "/tariff/add", {
      body: { name: "" },
      token: tokens.get("role-admin"),
    });
    expect(byAdmin.status).toBe(400);
  });
});
