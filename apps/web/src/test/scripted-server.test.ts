import { accountsApi, authApi, playerAlertsApi, playersApi } from "@fonika/shared";
import { describe, expect, it } from "vitest";
import { buildApiClient, buildProfile, buildTokenPair } from "./factories.ts";
import { buildPlayer } from "./players-factories.ts";
import {
  API_BASE_URL,
  ContractBreak,
  on,
  replyError,
  replyWith,
  scriptedServer,
  throwScriptFailures,
} from "./scripted-server.ts";

const userId = "00000000-0000-4000-8000-0000000000c3";

describe("scripted server replies", () => {
  it("refuses a reply body missing a required field of the endpoint's contract", () => {
    const pair = buildTokenPair();
    const lacking = { token: pair.token };
    // @ts-expect-error the contract demands a refreshToken, and the type says so too
    expect(() => replyWith(authApi.refreshToken, lacking)).toThrow(ContractBreak);
    // @ts-expect-error as above
    expect(() => replyWith(authApi.refreshToken, lacking)).toThrow(/refreshToken/);
  });

  it("answers the endpoint's success status with the body as the server serializes it", async () => {
    const withExtra = { ...buildProfile({ userId }), passwordHash: "never leaves the server" };
    const reply = replyWith(accountsApi.getPersonalInfo, withExtra);
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual(buildProfile({ userId }));
  });

  it("refuses an error body the shared error schema refuses", () => {
    expect(() =>
      // @ts-expect-error CONTRACT.md's error body always carries a message
      replyError(404, { type: "not-found", reason: "Нет" }),
    ).toThrow(ContractBreak);
  });

  it("routes by the endpoint's method and path, static paths before parameters", async () => {
    const { api } = buildApiClient(
      scriptedServer(
        on(accountsApi.getPersonalInfo, ({ params, reply }) =>
          reply(buildProfile({ userId: params.userId, login: "by-id" })),
        ),
        on(accountsApi.listUsers, ({ query, reply }) => {
          expect(query.get("page")).toBe("2");
          return reply({ data: [], total: 0, totalPages: 0 });
        }),
      ),
      () => "access",
    );
    await expect(
      api.call(accountsApi.getPersonalInfo, { params: { userId } }),
    ).resolves.toMatchObject({ userId, login: "by-id" });
    await expect(
      api.call(accountsApi.listUsers, { query: { page: 2, count: 30 } }),
    ).resolves.toEqual({ data: [], total: 0, totalPages: 0 });
    await expect(api.call(authApi.logout, { body: { refreshToken: "r" } })).rejects.toMatchObject({
      status: 404,
      type: "not-found",
    });
  });

  it("never takes a static path of the contracts for another endpoint's parameter, scripted or not", async () => {
    const playerId = "00000000-0000-4000-8000-00000000b001";
    const { api } = buildApiClient(
      scriptedServer(on(playersApi.getPlayer, ({ reply }) => reply(buildPlayer({ id: playerId })))),
      () => "access",
    );
    // GET /music/player/alerts is its own endpoint's, as on the server: not a player "alerts".
    await expect(api.call(playerAlertsApi.listPlayerAlerts)).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      api.call(playersApi.getPlayer, { params: { id: playerId } }),
    ).resolves.toMatchObject({ id: playerId });
  });

  it("fails the test, after it, when a scripted answer breaks the contract", async () => {
    const { api } = buildApiClient(
      scriptedServer(
        on(authApi.refreshToken, ({ reply }) =>
          // @ts-expect-error a renamed field: what a contract change would leave behind
          reply({ token: "t", refresh: "r" }),
        ),
      ),
    );
    // The client only sees its fetch fail...
    await expect(
      api.call(authApi.refreshToken, { body: { refreshToken: "r" } }),
    ).rejects.toMatchObject({ type: "network-error" });
    // ...but the break is kept and thrown after the test.
    expect(() => throwScriptFailures()).toThrow(ContractBreak);
    expect(() => throwScriptFailures()).not.toThrow();
  });

  it("fails the test when the web app sends a body its contract refuses", async () => {
    const handler = scriptedServer(
      on(authApi.refreshToken, ({ reply }) => reply(buildTokenPair())),
    );
    await expect(
      handler(`${API_BASE_URL}${authApi.refreshToken.path}`, {
        method: "POST",
        body: JSON.stringify({ token: "wrong field" }),
      }),
    ).rejects.toThrow(ContractBreak);
    expect(() => throwScriptFailures()).toThrow(/refreshToken/);
  });
});
