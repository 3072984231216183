/** Business constants and limits of SPEC.md §9 and CONTRACT.md that both sides apply. */
export const TOKENS = {
  /** CONTRACT.md: the access token lives 5 minutes. */
  accessTokenTtlSeconds: 5 * 60,
  /**
   * Default absolute lifetime of a browser session: rotation does not extend
   * it (SESSION_LIFETIME_DAYS). Device sessions last until their owner ends them.
   */
  browserSessionDays: 30,
  /**
   * A refresh token replayed this soon after its rotation, while its
   * successor is unused, answers the same successor (a lost answer on a
   * venue's network must not sign the venue out).
   */
  refreshGraceSeconds: 30,
} as const;

export const CODES = {
  /** CONTRACT.md: a one-time code is 6 digits. */
  length: 6,
  ttlSeconds: 10 * 60,
  maxWrongTries: 5,
  /**
   * Sending a code to one address from one IP: at most this many per send
   * window. Counted per pair, so that a stranger's burst for someone's
   * e-mail or phone does not stop its owner from getting a code from their
   * own network.
   */
  sendPerAddressFromIpMax: 5,
  /**
   * Sending a code to one address from all IPs together, per
   * sendPerAddressWindowSeconds: what keeps an inbox or a phone from being
   * flooded from many IPs, high enough that one stranger's IP (held at
   * sendPerAddressFromIpMax) leaves its owner codes.
   */
  sendPerAddressMax: 20,
  sendPerAddressWindowSeconds: 60 * 60,
  /** Sending codes from one IP, to any addresses, per send window. */
  sendPerIpMax: 20,
  sendWindowSeconds: 15 * 60,
  /** A device-flow code waits this long for approval. */
  deviceCodeTtlSeconds: 10 * 60,
  /**
   * Wrong tries per address across all its codes: free tries, then each
   * further wrong try doubles a wait (from backoffBaseSeconds up to
   * backoffMaxSeconds), and at most wrongTriesPerDay in a day.
   */
  freeWrongTries: 5,
  backoffBaseSeconds: 30,
  backoffMaxSeconds: 60 * 60,
  wrongTriesPerDay: 20,
  /**
   * Wrong tries from one IP, at any address, before it waits (the same
   * doubling): tries at an address with no live code count only here.
   */
  freeWrongTriesPerIp: 10,
  /** Verification calls from one IP in the send window, right or wrong. */
  verifyPerIpMax: 60,
  /** Device-code look-ups and approvals in the send window. */
  approvePerUserMax: 10,
  approvePerIpMax: 30,
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

/**
 * The landing page lead form. Both text fields follow the SPEC §5 length
 * rule the web inputs apply (INPUT defaults), so the server refuses exactly
 * what the form refuses.
 */
export const LEAD = {
  nameMin: INPUT.defaultMin,
  nameMax: INPUT.defaultMax,
  companyMin: INPUT.defaultMin,
  companyMax: INPUT.defaultMax,
} as const;

/** Limits of a playlist's own fields (the form and the server apply the same). */
export const PLAYLIST = {
  maxTags: 20,
  tagMaxLength: 50,
  descriptionMaxLength: 2000,
} as const;

/** The music library's files (issue 6). */
export const LIBRARY = {
  /** SPEC.md §5: folders nest at most this deep below a partition root. */
  maxFolderDepth: 4,
  /** Default largest audio upload (MAX_UPLOAD_MB overrides it on the server). */
  defaultMaxUploadMb: 200,
  /** Largest cover or avatar image. */
  maxImageMb: 10,
  /** Largest preview track of a playlist (its summary-track-file). */
  maxSummaryTrackMb: 10,
  /** Audio containers accepted at upload, as the library names them. */
  audioFormats: ["mp3", "ogg", "opus", "flac", "wav", "m4a"],
  /** Image types accepted as covers. */
  imageTypes: ["image/jpeg", "image/png", "image/webp"],
  /** What a stored song is answered as (by its format). */
  audioMediaTypes: ["audio/mpeg", "audio/ogg", "audio/flac", "audio/wav", "audio/mp4"],
  /** Loudness every track is brought to (EBU R128 integrated, LUFS). */
  loudnessTargetLufs: -14,
  /** At most this many artists on a song. */
  maxArtists: 20,
  /** At most this many authors (composers, lyricists) on a song. */
  maxAuthors: 10,
  /** At most this many songs' ratings read in one call (their ids fit in a URL). */
  maxRatingsRead: 100,
} as const;

/** Accounts: avatars. */
export const ACCOUNTS = {
  /** Largest avatar upload. */
  maxAvatarMb: 10,
  /** What an avatar may be uploaded as (told by its content, not its name). */
  avatarUploadTypes: ["image/jpeg", "image/png", "image/webp"],
  /** A stored avatar is re-encoded to this type, at most `avatarSide` pixels a side. */
  avatarType: ["image/webp"],
  avatarSide: 512,
} as const;

/** Establishments (client objects). */
export const ESTABLISHMENTS = {
  /** CONTRACT.md: an establishment's time zone when none is chosen. */
  defaultTimeZone: "Europe/Moscow",
  /** A floor plan: an image or a PDF, told by its content. */
  layoutTypes: ["image/jpeg", "image/png", "image/webp", "application/pdf"],
  maxLayoutMb: 20,
} as const;

/** Tariffs and subscriptions. */
export const TARIFFS = {
  /** The icon names of SPEC.md §1; their content is not shown. */
  types: ["lite", "basic", "pro"],
  maxFeatures: 30,
  maxItemsPerFeature: 50,
  maxBenefits: 30,
  maxDescription: 2000,
  /** Highest price in roubles. */
  maxPrice: 10_000_000,
  /** Subscription periods a client may choose, in months. */
  periodsInMonths: [1, 3, 6, 12],
} as const;
