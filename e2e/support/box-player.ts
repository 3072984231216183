import type { BoxPlayerEvent, startBoxPlayer } from "@fonika/box-player";

/** The next event of a kind the box player emits (with a deadline, so a silent player fails the flow). */
export function nextEvent<K extends BoxPlayerEvent["kind"]>(
  player: ReturnType<typeof startBoxPlayer>,
  kind: K,
  timeoutMs = 20_000,
): Promise<Extract<BoxPlayerEvent, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${kind} event in ${timeoutMs} ms`)),
      timeoutMs,
    );
    player.events.once(kind, (event: Extract<BoxPlayerEvent, { kind: K }>) => {
      clearTimeout(timer);
      resolve(event);
    });
  });
}
