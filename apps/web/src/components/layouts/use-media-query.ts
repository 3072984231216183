import { useCallback, useSyncExternalStore } from "react";
import { BREAKPOINTS } from "../../config/constants.ts";

/** Whether a media query matches now, re-rendering when that changes (false without matchMedia). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const media = window.matchMedia(query);
      media.addEventListener("change", onChange);
      return () => media.removeEventListener("change", onChange);
    },
    [query],
  );
  const matches = () =>
    typeof window.matchMedia === "function" ? window.matchMedia(query).matches : false;
  return useSyncExternalStore(subscribe, matches, () => false);
}

/** SPEC.md §9: a big screen is wider than 1600 px (track names may then run to 50 characters). */
export function useBigScreen(): boolean {
  return useMediaQuery(`(min-width: ${BREAKPOINTS.bigScreenMin}px)`);
}
