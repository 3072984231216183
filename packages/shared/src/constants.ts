/** Business constants and limits of SPEC.md §9 and CONTRACT.md. */
export const TIMING = {
  tokenRefreshMs: 50_000,
  refreshRetryAfter401Ms: 30_000,
  verificationPollMs: 4_000,
  routeGuardWaitMs: 1_500,
  socketPingMs: 4_000,
  socketReconnectMs: 5_000,
  toastAutoCloseMs: 5_000,
} as const;

export const TOKENS = {
  /** CONTRACT.md: the access token lives 5 minutes. */
  accessTokenTtlSeconds: 5 * 60,
  /** How long an unused refresh token (a session) stays valid. */
  refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
} as const;

export const CODES = {
  /** CONTRACT.md: a one-time code is 6 digits. */
  length: 6,
  ttlSeconds: 10 * 60,
  maxWrongTries: 5,
  /** Sending a code to one address: at most this many per window. */
  sendPerAddressMax: 5,
  sendPerIpMax: 20,
  sendWindowSeconds: 15 * 60,
  /** A device-flow code waits this long for approval. */
  deviceCodeTtlSeconds: 10 * 60,
} as const;

export const INPUT = {
  defaultMin: 3,
  defaultMax: 200,
  timeMinLength: 3,
  timeMaxLength: 5,
} as const;

export const PAGING = {
  searchPageSize: 20,
  mobileSuggestions: 5,
  tablePageSize: 30,
  playersRequestDefault: "10",
  vaultLsCount: 12,
  fullChildrenFetch: 500,
  playersFetchLimit: 500,
  playerUpdatesLimit: 30,
  broadcastHistoryLimit: 50,
  favouritesLimit: 20,
  /** CONTRACT.md: count/limit are capped. */
  maxPageSize: 500,
} as const;

export const TOASTS = {
  autoCloseMs: 5_000,
  dragDismissPercent: 60,
  visibleLimit: 10,
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

export const TRUNCATION = {
  tree: 15,
  folderVersionPlaylist: 20,
  trackComputer: 30,
  trackBigScreen: 50,
  dropdownMax: 20,
  dropdownCut: 17,
} as const;

export const LIBRARY = {
  maxFolderDepth: 4,
} as const;

export const LEAD = {
  nameMax: 200,
  companyMax: 200,
} as const;
