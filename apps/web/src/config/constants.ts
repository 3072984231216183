/**
 * The web app's own timing, toast and layout constants (SPEC.md §9). The
 * server knows none of them; the limits both sides apply stay in
 * `@fonika/shared`.
 */
export const TIMING = {
  tokenRefreshMs: 50_000,
  refreshRetryAfter401Ms: 30_000,
  verificationPollMs: 4_000,
  routeGuardWaitMs: 1_500,
  socketPingMs: 4_000,
  socketReconnectMs: 5_000,
} as const;

export const TOASTS = {
  autoCloseMs: 5_000,
  dragDismissPercent: 60,
  visibleLimit: 10,
  /** Where toasts appear with a side menu at hand, and in the mobile layout (clear of its header). */
  computerPosition: "top-right",
  mobilePosition: "bottom-center",
  positions: [
    "top-left",
    "top-center",
    "top-right",
    "bottom-left",
    "bottom-center",
    "bottom-right",
  ],
  types: ["success", "error", "warning", "info", "default"],
} as const;

export const BREAKPOINTS = {
  smallMobileMax: 640,
  mobileMax: 760,
  tabletMin: 761,
  tabletMax: 1366,
  computerMin: 1367,
  bigScreenMin: 1601,
  /** The layout switches to mobile below this width. */
  mobileLayoutBelow: 1024,
} as const;

/** Where long names are cut, in characters, by where they are shown. */
export const TRUNCATION = {
  tree: 15,
  folderVersionPlaylist: 20,
  trackComputer: 30,
  trackBigScreen: 50,
  dropdownMax: 20,
  dropdownCut: 17,
} as const;
