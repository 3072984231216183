import { authApi } from "@fonika/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  buildAccessToken,
  buildApiClient,
  buildTokenPair,
  MemoryStorage,
} from "../../test/factories.ts";
import { type FetchHandler, on, replyError, scriptedServer } from "../../test/scripted-server.ts";
import { CLIENT_ERRORS } from "../error-messages.ts";
import { browserTimers } from "../timers.ts";
import { createSession } from "./session.ts";
import { createTokenStorage } from "./token-storage.ts";

function setup(handler: FetchHandler, stored?: { remember: boolean; refresh: string }) {
  const local = new MemoryStorage();
  const temporary = new MemoryStorage();
  const storage = createTokenStorage(local, temporary);
  if (stored) storage.save(buildTokenPair({}, stored.refresh), stored.remember);
  let session: ReturnType<typeof createSession> | undefined;
  const { api, fetch } = buildApiClient(handler, () => session?.getAccessToken() ?? null);
  session = createSession({ api, storage, timers: browserTimers });
  return { session, storage, local, temporary, fetch };
}

/** A server whose refresh call answers a new pair for `authority`. */
const refreshingServer = (authority = ["role-client"]) =>
  scriptedServer(
    on(authApi.refreshToken, ({ reply }) => reply(buildTokenPair({ authority }, "refresh-next"))),
  );

const refusal = () =>
  replyError(401, { type: "unauthorized", reason: "Нет", message: "refresh token refused" });

describe("session", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is signed out at once when nothing is stored, with the default role role-admin", () => {
    const { session, fetch } = setup(scriptedServer());
    expect(session.getState()).toMatchObject({ status: "signed-out", role: "role-admin" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("restores a stored session on start with a refresh", async () => {
    const { session, fetch, local } = setup(refreshingServer(["role-admin"]), {
      remember: true,
      refresh: "refresh-stored",
    });
    expect(session.getState().status).toBe("unknown");
    await session.start();
    expect(session.getState()).toMatchObject({ status: "signed-in", role: "role-admin" });
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/v1/auth/refresh-token");
    expect(fetch.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ refreshToken: "refresh-stored" }));
    expect(local.getItem("fonika.tokens")).toContain("refresh-next");
  });

  it("starts once even when asked twice", async () => {
    const { session, fetch } = setup(refreshingServer(), { remember: true, refresh: "r" });
    await Promise.all([session.start(), session.start()]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("is signed out after start when the stored refresh token is refused", async () => {
    const { session, storage } = setup(scriptedServer(on(authApi.refreshToken, refusal)), {
      remember: true,
      refresh: "old",
    });
    await session.start();
    expect(session.getState().status).toBe("signed-out");
    expect(storage.load()).toBeNull();
  });

  it("keeps tokens in localStorage with remember-me and in sessionStorage without", () => {
    const first = setup(scriptedServer());
    first.session.signIn(buildTokenPair(), true);
    expect(first.local.getItem("fonika.tokens")).not.toBeNull();
    expect(first.temporary.getItem("fonika.tokens")).toBeNull();

    const second = setup(scriptedServer());
    second.session.signIn(buildTokenPair(), false);
    expect(second.local.getItem("fonika.tokens")).toBeNull();
    expect(second.temporary.getItem("fonika.tokens")).not.toBeNull();
  });

  it("refuses a verify answer lacking token or refreshToken", () => {
    const { session } = setup(scriptedServer());
    expect(() => session.signIn({ token: buildAccessToken() }, true)).toThrow();
    expect(() => session.signIn({ refreshToken: "r" }, true)).toThrow();
    expect(() => session.signIn(undefined, true)).toThrow();
    expect(session.getState().status).toBe("signed-out");
  });

  it("takes the role from the authority, skipping the sign-agreement marker", () => {
    const { session } = setup(scriptedServer());
    session.signIn(buildTokenPair({ authority: ["sign-agreement", "role-content-manager"] }), true);
    expect(session.getState().role).toBe("role-content-manager");
  });

  it("accepts the two pseudo-states and refuses an authority without any known role", () => {
    const { session } = setup(scriptedServer());
    session.signIn(buildTokenPair({ authority: ["edit-personal-info"] }), true);
    expect(session.getState().role).toBe("edit-personal-info");
    expect(() => session.signIn(buildTokenPair({ authority: ["sign-agreement"] }), true)).toThrow();
    expect(() => session.signIn(buildTokenPair({ authority: ["role-unknown"] }), true)).toThrow();
  });

  it("rejects a refresh with no stored refresh token with Error('No refresh token')", async () => {
    const { session } = setup(refreshingServer());
    await expect(session.refresh()).rejects.toThrow(CLIENT_ERRORS.noRefreshToken);
  });

  it("refreshes every 50 s once signed in", async () => {
    const { session, fetch } = setup(refreshingServer());
    session.signIn(buildTokenPair(), true);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    await session.logout();
  });

  it("logs out after two refresh 401s in a row, 30 s apart", async () => {
    const { session, fetch, storage } = setup(
      scriptedServer(
        on(authApi.refreshToken, refusal),
        on(authApi.logout, ({ reply }) => reply({ ok: true })),
      ),
    );
    session.signIn(buildTokenPair(), true);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(session.getState().status).toBe("signed-in");
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(session.getState()).toMatchObject({ status: "signed-out", role: "wait-activation" });
    expect(storage.load()).toBeNull();
  });

  it("confirms at once when asked: a blocked account's session ends, a sound one goes on", async () => {
    const blocked = setup(
      scriptedServer(
        on(authApi.refreshToken, () =>
          replyError(403, {
            type: "account-blocked",
            reason: "Ваш аккаунт заблокирован",
            message: "Account blocked",
          }),
        ),
      ),
    );
    blocked.session.signIn(buildTokenPair(), true);
    await blocked.session.confirm();
    expect(blocked.session.getState()).toMatchObject({ status: "signed-out" });
    expect(blocked.storage.load()).toBeNull();

    const sound = setup(refreshingServer());
    sound.session.signIn(buildTokenPair(), true);
    await sound.session.confirm();
    expect(sound.session.getState().status).toBe("signed-in");
    expect(sound.storage.load()?.refreshToken).toBe("refresh-next");

    const offline = setup(() => Promise.reject(new TypeError("Failed to fetch")));
    offline.session.signIn(buildTokenPair(), true);
    await offline.session.confirm();
    expect(offline.session.getState().status).toBe("signed-in");
    await sound.session.logout();
  });

  it("logout posts the refresh token, clears tokens and resets the role to wait-activation", async () => {
    const { session, fetch, storage } = setup(
      scriptedServer(on(authApi.logout, ({ reply }) => reply({ ok: true }))),
    );
    session.signIn(buildTokenPair({}, "refresh-7"), true);
    await session.logout();
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/v1/auth/logout");
    expect(fetch.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ refreshToken: "refresh-7" }));
    expect(storage.load()).toBeNull();
    expect(session.getState()).toMatchObject({
      status: "signed-out",
      role: "wait-activation",
      accessToken: null,
    });
    await vi.advanceTimersByTimeAsync(200_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
