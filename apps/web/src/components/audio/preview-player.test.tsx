import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emulateMediaElement } from "../../test/media-element.ts";
import { PlayButton, PreviewPlayerProvider } from "./preview-player.tsx";

describe("the preview player", () => {
  let token = 1;
  beforeEach(() => {
    token = 1;
  });
  afterEach(() => vi.restoreAllMocks());

  function renderPlayer() {
    const sourceOf = vi.fn((songId: string) => `/audio/${songId}?access_token=t${token}`);
    render(
      <PreviewPlayerProvider sourceOf={sourceOf}>
        <PlayButton track={{ songId: "a", title: "Первая", artists: ["Квартет"] }} />
        <PlayButton track={{ songId: "b", title: "Вторая" }} />
      </PreviewPlayerProvider>,
    );
    const audio = document.querySelector("audio");
    if (!audio) throw new Error("no audio element");
    return { audio, sourceOf };
  }

  it("plays one track at a time in one audio element, pausing and resuming from its button", async () => {
    const media = emulateMediaElement();
    const { audio } = renderPlayer();
    expect(document.querySelectorAll("audio")).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Слушать: Первая" }));
    expect(audio.getAttribute("src")).toBe("/audio/a?access_token=t1");
    expect(media.play).toHaveBeenCalledTimes(1);
    const pause = screen.getByRole("button", { name: "Пауза: Первая" });
    expect(pause.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("region", { name: "Прослушивание" }).textContent).toContain(
      "Первая — Квартет",
    );

    await userEvent.click(pause);
    expect(media.pause).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole("button", { name: "Слушать: Первая" }));
    expect(media.play).toHaveBeenCalledTimes(2);
    expect(audio.getAttribute("src")).toBe("/audio/a?access_token=t1");

    await userEvent.click(screen.getByRole("button", { name: "Слушать: Вторая" }));
    expect(audio.getAttribute("src")).toBe("/audio/b?access_token=t1");
    expect(screen.getByRole("button", { name: "Слушать: Первая" })).toBeTruthy();
  });

  it("keeps the URL it is playing when the token changes, and takes a fresh one for a new play", async () => {
    emulateMediaElement();
    const { audio } = renderPlayer();
    await userEvent.click(screen.getByRole("button", { name: "Слушать: Первая" }));
    token = 2;
    act(() => {
      audio.dispatchEvent(new Event("timeupdate"));
    });
    expect(audio.getAttribute("src")).toBe("/audio/a?access_token=t1");

    await userEvent.click(screen.getByRole("button", { name: "Пауза: Первая" }));
    Object.defineProperty(audio, "currentTime", { configurable: true, writable: true, value: 42 });
    await userEvent.click(screen.getByRole("button", { name: "Слушать: Первая" }));
    expect(audio.getAttribute("src")).toBe("/audio/a?access_token=t2");
    act(() => {
      audio.dispatchEvent(new Event("loadedmetadata"));
    });
    expect(audio.currentTime).toBe(42);

    token = 3;
    await userEvent.click(screen.getByRole("button", { name: "Слушать: Вторая" }));
    expect(audio.getAttribute("src")).toBe("/audio/b?access_token=t3");
  });

  it("retries once with a fresh URL after a load error, then says it cannot play", async () => {
    emulateMediaElement();
    const { audio } = renderPlayer();
    await userEvent.click(screen.getByRole("button", { name: "Слушать: Первая" }));
    token = 2;
    act(() => {
      audio.dispatchEvent(new Event("error"));
    });
    expect(audio.getAttribute("src")).toBe("/audio/a?access_token=t2");
    act(() => {
      audio.dispatchEvent(new Event("error"));
    });
    expect(screen.getByRole("alert").textContent).toBe("Не удалось воспроизвести трек");
  });
});
