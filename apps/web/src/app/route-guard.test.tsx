import { authApi, tariffsApi } from "@fonika/shared";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildAccessToken, buildTokenPair } from "../test/factories.ts";
import { renderApp } from "../test/render-app.tsx";
import { API_BASE_URL, on, scriptedServer } from "../test/scripted-server.ts";

/** A server whose refresh call signs the stored session in with `authority`. */
function refreshingAs(authority: string, ...others: Parameters<typeof scriptedServer>) {
  return scriptedServer(
    on(authApi.refreshToken, ({ body, reply }) => {
      expect(body).toEqual({ refreshToken: "stored" });
      return reply(buildTokenPair({ authority: [authority] }, "next"));
    }),
    ...others,
  );
}

describe("route guard in the app", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends a visitor who is not signed in from a protected route Home", async () => {
    const app = renderApp("/client-base", scriptedServer());
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/"));
    expect(await screen.findByRole("button", { name: "Отправить заявку" })).toBeTruthy();
    // The protected screen asked the server nothing; Home lists the public tariffs.
    const home = `${API_BASE_URL}${tariffsApi.listOfferedTariffs.path}`;
    const asked = app.fetch.mock.calls.map(([url]) => new URL(String(url), "http://localhost"));
    expect(asked.map((url) => url.pathname).filter((path) => path !== home)).toEqual([]);
  });

  it("returns a visitor to the link they opened before signing in, once", async () => {
    const visitor = renderApp("/cabinet?code=482913", scriptedServer());
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe("/"));
    visitor.unmount();
    // Signed in (here: a remembered session restored on the landing page), back to the link.
    const app = renderApp("/", refreshingAs("role-client"), {
      token: buildAccessToken(),
      refreshToken: "stored",
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/cabinet"));
    expect(app.router.state.location.search).toBe("?code=482913");
    // Used up: the next time Home goes to the start screen.
    await act(async () => {
      await app.router.navigate("/");
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/client-objects"));
  });

  it("waits up to 1500 ms for an unknown login state, then goes Home", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = renderApp("/client-base", () => new Promise<Response>(() => {}), {
      token: buildAccessToken(),
      refreshToken: "stored",
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_400);
    });
    expect(app.router.state.location.pathname).toBe("/client-base");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/"));
  });

  it("restores a remembered session and takes Home to the start screen", async () => {
    const app = renderApp("/", refreshingAs("role-support"), {
      token: buildAccessToken(),
      refreshToken: "stored",
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/support/enquiries"));
    expect(await screen.findByRole("heading", { name: "Обращения" })).toBeTruthy();
    expect(screen.getByText("Поддержка")).toBeTruthy();
  });

  it("sends a signed-in user without access to their start screen", async () => {
    const app = renderApp("/integrations", refreshingAs("role-content-manager"), {
      token: buildAccessToken(),
      refreshToken: "stored",
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/playlists"));
    expect(await screen.findByRole("button", { name: "Создать" })).toBeTruthy();
  });

  it("logs out from the menu: tokens cleared, socket closed, back Home", async () => {
    const loggedOut: unknown[] = [];
    const app = renderApp(
      "/cabinet",
      refreshingAs(
        "wait-activation",
        on(authApi.logout, ({ body, reply }) => {
          loggedOut.push(body);
          return reply({ ok: true });
        }),
      ),
      { token: buildAccessToken(), refreshToken: "stored" },
    );
    const logout = await screen.findByRole("button", { name: "Выйти" });
    expect(await screen.findByText("Аккаунт ожидает активации")).toBeTruthy();
    await act(async () => logout.click());
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/"));
    expect(app.local.getItem("fonika.tokens")).toBeNull();
    expect(app.playerSocket.close).toHaveBeenCalled();
    expect(app.session.getState().role).toBe("wait-activation");
    expect(loggedOut).toEqual([{ refreshToken: "next" }]);
    // The page logged out of is not a link to return the next person to.
    expect(app.session.getState().status).toBe("signed-out");
    expect(window.sessionStorage.getItem("fonika.returnTo")).toBeNull();
  });
});
