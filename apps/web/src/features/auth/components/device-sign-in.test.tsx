import { authApi } from "@fonika/shared";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildTokenPair } from "../../../test/factories.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { on, scriptedServer } from "../../../test/scripted-server.ts";

const verificationId = "00000000-0000-4000-8000-0000000000aa";

describe("second-device sign-in", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the code, polls every 4 s and signs in once APPROVED", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const polls: number[] = [];
    let approved = false;
    const app = renderApp(
      "/auth",
      scriptedServer(
        on(authApi.createDeviceCode, ({ reply }) =>
          reply({ verificationId, code: "482913", expiresInSeconds: 600 }),
        ),
        on(authApi.waitForVerification, ({ body, reply }) => {
          expect(body).toEqual({ verificationId });
          polls.push(Date.now());
          return reply(
            approved
              ? {
                  status: "APPROVED",
                  tokens: buildTokenPair({ authority: ["role-client"] }, "r"),
                }
              : { status: "PENDING" },
          );
        }),
      ),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(
      await screen.findByRole("button", { name: "Войти с помощью кода на другом устройстве" }),
    );
    expect(await screen.findByText("482913")).toBeTruthy();
    expect(polls).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000);
    });
    expect(polls).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000);
    });
    expect(polls).toHaveLength(2);
    expect((polls[1] ?? 0) - (polls[0] ?? 0)).toBeGreaterThanOrEqual(4_000);
    approved = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000);
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/client-objects"));
  });

  it("offers a new code once the code EXPIRED", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp(
      "/auth",
      scriptedServer(
        on(authApi.createDeviceCode, ({ reply }) =>
          reply({ verificationId, code: "111222", expiresInSeconds: 600 }),
        ),
        on(authApi.waitForVerification, ({ reply }) => reply({ status: "EXPIRED" })),
      ),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(
      await screen.findByRole("button", { name: "Войти с помощью кода на другом устройстве" }),
    );
    await screen.findByText("111222");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000);
    });
    expect(await screen.findByText("Срок действия кода истёк.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Получить новый код" })).toBeTruthy();
  });
});
