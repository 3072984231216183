import { systemApi } from "@fonika/shared";
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppServicesContext } from "../../lib/app-services.ts";
import { buildApiClient } from "../../test/factories.ts";
import { on, replyWith, scriptedServer } from "../../test/scripted-server.ts";
import { NetworkActivityBar } from "./network-activity-bar.tsx";

describe("network activity bar", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows while a call is out for longer than 200 ms and hides when it ends", async () => {
    let answer: (response: Response) => void = () => {};
    const { api } = buildApiClient(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const services = { api, session: {}, playerSocket: {} } as never;
    render(
      <AppServicesContext.Provider value={services}>
        <NetworkActivityBar />
      </AppServicesContext.Provider>,
    );
    const bar = () => screen.queryByRole("progressbar", { name: "Загрузка данных" });

    let call: Promise<unknown> = Promise.resolve();
    act(() => {
      call = api.call(systemApi.health);
    });
    await act(async () => vi.advanceTimersByTime(150));
    expect(bar()).toBeNull();
    await act(async () => vi.advanceTimersByTime(100));
    expect(bar()).not.toBeNull();

    await act(async () => {
      answer(
        replyWith(systemApi.health, {
          status: "ok",
          database: "ok",
          bus: "in-process",
          storage: "local",
        }),
      );
      await call;
    });
    expect(bar()).toBeNull();
  });

  it("never shows for a call that answers within 200 ms", async () => {
    const { api } = buildApiClient(
      scriptedServer(
        on(systemApi.health, ({ reply }) =>
          reply({ status: "ok", database: "ok", bus: "in-process", storage: "local" }),
        ),
      ),
    );
    const services = { api, session: {}, playerSocket: {} } as never;
    render(
      <AppServicesContext.Provider value={services}>
        <NetworkActivityBar />
      </AppServicesContext.Provider>,
    );
    await act(async () => {
      await api.call(systemApi.health);
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByRole("progressbar", { name: "Загрузка данных" })).toBeNull();
  });
});
