import { useSyncExternalStore } from "react";
import { BREAKPOINTS } from "../../config/constants.ts";

const QUERY = `(max-width: ${BREAKPOINTS.mobileLayoutBelow - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => {};
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

function isMobile(): boolean {
  if (typeof window.matchMedia === "function") return window.matchMedia(QUERY).matches;
  return window.innerWidth < BREAKPOINTS.mobileLayoutBelow;
}

/** True below 1024 px (SPEC.md §9): the layout then uses a burger menu. */
export function useMobileLayout(): boolean {
  return useSyncExternalStore(subscribe, isMobile, () => false);
}
