import { vi } from "vitest";

/**
 * jsdom has no media stack: `<audio>` cannot play. This gives its play,
 * pause and load what a browser's do as far as our code can see (the
 * `paused` flag and the play/pause events), so that the player's own logic
 * is what a test exercises. Restore with `vi.restoreAllMocks()`.
 */
export function emulateMediaElement() {
  const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, "paused", { configurable: true, value: false });
    this.dispatchEvent(new Event("play"));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, "paused", { configurable: true, value: true });
    this.dispatchEvent(new Event("pause"));
  });
  vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => {});
  return { play, pause };
}
