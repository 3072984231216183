import { accountsApi, authApi, leadsApi, MESSAGES, songsApi } from "@fonika/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildApiClient, buildProfile } from "../test/factories.ts";
import { buildSong } from "../test/library-factories.ts";
import { on, replyError, replyWith, scriptedServer } from "../test/scripted-server.ts";
import { ApiError, type UploadProgress } from "./api-client.ts";

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
        on(leadsApi.listLeads, ({ reply }) => reply({ data: [], total: 0, totalPages: 0 })),
        on(accountsApi.getPersonalInfo, ({ params, reply }) =>
          reply(buildProfile({ userId: params.userId })),
        ),
      ),
      () => "t",
    );
    await api.call(leadsApi.listLeads, { query: { page: 2, count: 30 } });
    await api.call(accountsApi.getPersonalInfo, { params: { userId } });
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/v1/integration/amo/leads?page=2&count=30");
    expect(fetch.mock.calls[1]?.[0]).toBe(`/api/v1/personal-info/${userId}`);
  });

  it("sends the bearer token on authenticated calls", async () => {
    const { api, fetch } = buildApiClient(
      scriptedServer(
        on(accountsApi.getPersonalInfo, ({ params, reply }) =>
          reply(buildProfile({ userId: params.userId })),
        ),
      ),
      () => "access-1",
    );
    await api.call(accountsApi.getPersonalInfo, { params: { userId } });
    const headers = fetch.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer access-1");
  });

  it("refuses an authenticated call without a token before any request", async () => {
    const { api, fetch } = buildApiClient(scriptedServer(), () => null);
    await expect(
      api.call(accountsApi.getPersonalInfo, { params: { userId } }),
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

  describe("upload", () => {
    const file = () =>
      new File(["ID3", "x".repeat(997)], "Летний вечер.mp3", { type: "audio/mpeg" });

    it("sends the file as multipart field 'file' with the token and reports progress", async () => {
      const song = buildSong({ title: "Летний вечер" });
      const received: { name: string; size: number; authorization?: string }[] = [];
      const handler = scriptedServer(
        on(songsApi.addSong, ({ file: sent, reply }) => {
          if (!sent) throw new Error("no file");
          received.push({ name: sent.name, size: sent.size });
          return reply({ song, alreadyInLibrary: false });
        }),
      );
      const { api } = buildApiClient(
        async (url, init) => {
          received.push({
            name: "headers",
            size: 0,
            authorization: (init.headers as Record<string, string>).Authorization,
          });
          return handler(url, init);
        },
        () => "access-7",
        { sentBeforeAnswer: 0.25 },
      );
      const progress: UploadProgress[] = [];
      const answer = await api.upload(songsApi.addSong, {
        file: file(),
        onProgress: (step) => progress.push(step),
      });
      expect(answer.song.id).toBe(song.id);
      expect(answer.alreadyInLibrary).toBe(false);
      expect(received).toEqual([
        { name: "headers", size: 0, authorization: "Bearer access-7" },
        { name: "Летний вечер.mp3", size: 1000 },
      ]);
      expect(progress).toEqual([
        { loaded: 250, total: 1000 },
        { loaded: 1000, total: 1000 },
      ]);
    });

    it("fills path parameters of the upload endpoint", async () => {
      const song = buildSong();
      const paths: string[] = [];
      const { api } = buildApiClient(
        scriptedServer(
          on(songsApi.changeSongAvatar, ({ path, params, reply }) => {
            paths.push(path);
            return reply({ ...song, id: params.id, hasCover: true });
          }),
        ),
        () => "t",
      );
      const cover = new File([new Uint8Array([0xff, 0xd8, 0xff])], "cover.jpg", {
        type: "image/jpeg",
      });
      const answer = await api.upload(songsApi.changeSongAvatar, {
        params: { id: song.id },
        file: cover,
      });
      expect(answer.hasCover).toBe(true);
      expect(paths).toEqual([`/api/v1/music/song/${song.id}/avatar-file/change`]);
    });

    it("surfaces the server's reason of a refused file", async () => {
      const { api, onServerError } = buildApiClient(
        scriptedServer(
          on(songsApi.addSong, () =>
            replyError(415, {
              type: "unsupported-file",
              reason: "Формат файла не поддерживается",
              message: "unsupported",
            }),
          ),
        ),
        () => "t",
      );
      await expect(api.upload(songsApi.addSong, { file: file() })).rejects.toMatchObject({
        status: 415,
        type: "unsupported-file",
        reason: "Формат файла не поддерживается",
      });
      expect(onServerError).not.toHaveBeenCalled();
    });

    it("reports a 500 of an upload like any call", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { api, onServerError } = buildApiClient(
        scriptedServer(
          on(songsApi.addSong, () =>
            replyError(500, {
              type: "internal-error",
              reason: MESSAGES.somethingWentWrong,
              message: "x",
            }),
          ),
        ),
        () => "t",
      );
      await expect(api.upload(songsApi.addSong, { file: file() })).rejects.toMatchObject({
        status: 500,
      });
      expect(onServerError).toHaveBeenCalledTimes(1);
    });

    it("refuses an upload without a token before sending anything", async () => {
      const handler = vi.fn(scriptedServer());
      const { api } = buildApiClient(handler, () => null);
      await expect(api.upload(songsApi.addSong, { file: file() })).rejects.toMatchObject({
        status: 401,
        type: "unauthorized",
      });
      expect(handler).not.toHaveBeenCalled();
    });

    it("refuses an endpoint that takes no file", async () => {
      const { api } = buildApiClient(scriptedServer(), () => "t");
      await expect(
        api.upload(songsApi.removeSong, { params: { id: buildSong().id }, file: file() }),
      ).rejects.toThrow(/takes no file upload/);
    });

    it("stops when aborted and counts the upload in flight meanwhile", async () => {
      let answered = false;
      const { api } = buildApiClient(
        scriptedServer(on(songsApi.addSong, () => new Promise<Response>(() => {}))),
        () => "t",
      );
      const controller = new AbortController();
      const pending = api.upload(songsApi.addSong, { file: file(), signal: controller.signal });
      pending.then(
        () => {
          answered = true;
        },
        () => {},
      );
      expect(api.inFlight()).toBe(1);
      controller.abort();
      await expect(pending).rejects.toMatchObject({ name: "AbortError" });
      expect(answered).toBe(false);
      expect(api.inFlight()).toBe(0);
    });
  });

  describe("file URL", () => {
    it("puts the current access token into the query of a download endpoint", () => {
      let token = "first-token";
      const { api } = buildApiClient(scriptedServer(), () => token);
      const id = buildSong().id;
      expect(api.fileUrl(songsApi.getSongFile, { params: { id } })).toBe(
        `/api/v1/music/song/${id}/file?access_token=first-token`,
      );
      token = "after refresh+/=";
      expect(api.fileUrl(songsApi.getSongAvatar, { params: { id } })).toBe(
        `/api/v1/music/song/${id}/avatar-file?access_token=after+refresh%2B%2F%3D`,
      );
    });

    it("refuses while signed out and for endpoints that take no token in the URL", () => {
      const { api } = buildApiClient(scriptedServer(), () => null);
      const id = buildSong().id;
      expect(() => api.fileUrl(songsApi.getSongFile, { params: { id } })).toThrow(ApiError);
      const signedIn = buildApiClient(scriptedServer(), () => "t").api;
      expect(() => signedIn.fileUrl(songsApi.getSongMeta, { params: { id } })).toThrow(
        /not a file/,
      );
    });
  });
});
