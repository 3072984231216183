import { vi } from "vitest";

/** A phone's width: every layout's `max-width` query (1024, 720, 480 px) matches. */
export const PHONE_WIDTH = 375;

/**
 * A screen `width` px wide, as far as media queries go (`max-width` and
 * `min-width` in px); undo with `vi.unstubAllGlobals()`.
 */
export function stubScreenWidth(width: number): void {
  vi.stubGlobal("matchMedia", (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
}
