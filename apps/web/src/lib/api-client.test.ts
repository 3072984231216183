import { authApi, integrationApi, MESSAGES, personalInfoApi } from "@fonika/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildApiClient, buildProfile } from "../test/factories.ts";
import { on, replyError, replyWith, scriptedServer } from "../test/scripted-server.ts";
import { ApiError } from "./api-client.ts";

const userId = "00000000-0000-4000-8000-000000000001";

describe("api client", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("sends JSON to the endpoint's path under /api/v1 and returns the answer", async () => {
    const { api, fetch } = buildApiClient(
      scriptedServer(
        on(authApi.emailSendCode, ({ reply }) => reply({ status: "SENT", expiresInSeconds: 600 })),
      ),
    );
    const answer = await api.call(authApi.emailSendCode, { body: { email: "a@b.ru" } });
    expect(answer).toEqual({ status: "SENT", expiresInSeconds: 600 });
    const call = fetch.mock.calls[0];
    if (!call) throw new Error("no request sent");
    const [url, init] = call;
    expect(url).toBe("/api/v1/auth/email/send-code");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe(JSON.stringify({ email: "a@b.ru" }));
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers["Content-Type"]).toBe("application/json");
    expect(headers.Authorization).toBeUndefined();
  });

  it("fills path parameters and the query string", async () => {
    const { api, fetch } = buildApiClient(
      scriptedServer(
        on(integrationApi.listLeads, ({ reply }) => reply({ data: [], total: 0, totalPages: 0 })),
        on(personalInfoApi.getPersonalInfo, ({ params, reply }) =>
          reply(buildProfile({ userId: params.userId })),
        ),
      ),
      () => "t",
    );
    await api.call(integrationApi.listLeads, { query: { page: 2, count: 30 } });
    await api.call(personalInfoApi.getPersonalInfo, { params: { userId } });
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/v1/integration/amo/leads?page=2&count=30");
    expect(fetch.mock.calls[1]?.[0]).toBe(`/api/v1/personal-info/${userId}`);
  });

  it("sends the bearer token on authenticated calls", async () => {
    const { api, fetch } = buildApiClient(
      scriptedServer(
        on(personalInfoApi.getPersonalInfo, ({ params, reply }) =>
          reply(buildProfile({ userId: params.userId })),
        ),
      ),
      () => "access-1",
    );
    await api.call(personalInfoApi.getPersonalInfo, { params: { userId } });
    const headers = fetch.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer access-1");
  });

  it("refuses an authenticated call without a token before any request", async () => {
    const { api, fetch } = buildApiClient(scriptedServer(), () => null);
    await expect(
      api.call(personalInfoApi.getPersonalInfo, { params: { userId } }),
    ).rejects.toMatchObject({
      status: 401,
      type: "unauthorized",
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("surfaces the error body's type and reason", async () => {
    const { api, onServerError } = buildApiClient(
      scriptedServer(
        on(authApi.phoneSendCode, () =>
          replyError(403, {
            type: "account-deleted",
            reason: "Аккаунт удалён",
            message: "deleted",
          }),
        ),
      ),
    );
    const error = await api
      .call(authApi.phoneSendCode, { body: { phone: "79991234567" } })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      type: "account-deleted",
      reason: "Аккаунт удалён",
      message: "deleted",
    });
    expect(onServerError).not.toHaveBeenCalled();
  });

  it("reports every 500 (toast 'Что-то пошло не так') and logs it", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const { api, onServerError } = buildApiClient(
      scriptedServer(
        on(authApi.emailSendCode, () =>
          replyError(500, {
            type: "internal-error",
            reason: MESSAGES.somethingWentWrong,
            message: "x",
          }),
        ),
      ),
    );
    await expect(
      api.call(authApi.emailSendCode, { body: { email: "a@b.ru" } }),
    ).rejects.toMatchObject({
      status: 500,
    });
    expect(onServerError).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalled();
  });

  it("turns a network failure into a readable error", async () => {
    const { api } = buildApiClient(() => {
      throw new TypeError("Failed to fetch");
    });
    await expect(api.call(authApi.createDeviceCode)).rejects.toMatchObject({
      status: 0,
      type: "network-error",
    });
  });

  it("counts requests in flight", async () => {
    let release: (response: Response) => void = () => {};
    const { api } = buildApiClient(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    const counts: number[] = [];
    api.subscribeInFlight((count) => counts.push(count));
    const pending = api.call(authApi.createDeviceCode);
    expect(api.inFlight()).toBe(1);
    release(
      replyWith(authApi.createDeviceCode, {
        verificationId: "00000000-0000-4000-8000-0000000000aa",
        code: "123456",
        expiresInSeconds: 600,
      }),
    );
    await pending;
    expect(api.inFlight()).toBe(0);
    expect(counts).toEqual([1, 0]);
  });
});
