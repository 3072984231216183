import { INPUT, PAGING } from "../constants.ts";
import { defineEndpoint, okSchema, pagedSchema, uuidSchema } from "../endpoint.ts";
import { CLIENT_MANAGING_ROLES, CLIENT_READING_ROLES, CLIENT_STATES } from "../roles.ts";
import { z } from "../zod.ts";
import { emailSchema, phoneInputSchema, tokenPairSchema } from "./auth.ts";
import { venueLicenceSchema } from "./subscriptions.ts";

/**
 * Players (SPEC.md §3 Player, §7 Players): a web or box player of one
 * establishment of its owner, the playlists put on it, and the requests a
 * client sends about players (buying a box, leaving the service). A player
 * may hold only playlists its owner may play (their live subscriptions'
 * tariffs and the playlists granted to them under those tariffs).
 */

export const PLAYER_TYPES = ["web", "boxPlayer"] as const;
export type PlayerType = (typeof PLAYER_TYPES)[number];

export const PLAYERS = {
  addressMax: 500,
  serialMin: 3,
  serialMax: 64,
  /** Letters, digits, dash and underscore: what is printed on a box. */
  serialPattern: /^[A-Za-z0-9_-]+$/,
  commentMax: 1000,
  /** A web player's crossfade between songs, whole seconds; 0 = gapless. */
  crossfadeMaxSeconds: 12,
  crossfadeDefaultSeconds: 4,
} as const;

export const crossfadeSecondsSchema = z
  .number()
  .int("Длительность перехода — целое число секунд")
  .min(0, "Длительность перехода — от 0 до 12 секунд")
  .max(PLAYERS.crossfadeMaxSeconds, "Длительность перехода — от 0 до 12 секунд");

const nameSchema = z.string().trim().min(INPUT.defaultMin).max(INPUT.defaultMax);
const addressSchema = z.string().trim().min(INPUT.defaultMin).max(PLAYERS.addressMax);
export const serialBoxNumberSchema = z
  .string()
  .trim()
  .min(PLAYERS.serialMin)
  .max(PLAYERS.serialMax)
  .regex(PLAYERS.serialPattern, "Серийный номер: латинские буквы, цифры, дефис");

export const playerAddSchema = z
  .object({
    name: nameSchema,
    type: z.enum(PLAYER_TYPES),
    /** Printed on the box; required for a box player, absent for a web one; unique. */
    serialBoxNumber: serialBoxNumberSchema.nullish(),
    address: addressSchema,
    /** Default: the owner's only establishment. */
    establishmentId: uuidSchema.optional(),
    /** The owner: the caller by default; staff who manage clients name the client. */
    userId: uuidSchema.optional(),
  })
  .superRefine((input, context) => {
    if (input.type === "boxPlayer" && !input.serialBoxNumber) {
      context.addIssue({
        code: "custom",
        path: ["serialBoxNumber"],
        message: "Укажите серийный номер плеера",
      });
    }
    if (input.type === "web" && input.serialBoxNumber) {
      context.addIssue({
        code: "custom",
        path: ["serialBoxNumber"],
        message: "У веб-плеера нет серийного номера",
      });
    }
  });
export type PlayerAdd = z.input<typeof playerAddSchema>;

export const playerChangeSchema = z
  .object({
    name: nameSchema.optional(),
    address: addressSchema.optional(),
    crossfadeSeconds: crossfadeSecondsSchema.optional(),
  })
  .refine(
    (input) =>
      input.name !== undefined ||
      input.address !== undefined ||
      input.crossfadeSeconds !== undefined,
    { message: "Укажите название, адрес или длительность перехода" },
  );

export const playerAbilitiesSchema = z.object({
  /** Rename it, change its address, put playlists on it. */
  edit: z.boolean(),
  remove: z.boolean(),
});

export const playerSchema = z
  .object({
    id: uuidSchema,
    /** The owner. */
    userId: uuidSchema,
    establishmentId: uuidSchema,
    establishmentName: z.string(),
    name: z.string(),
    type: z.enum(PLAYER_TYPES),
    serialBoxNumber: z.string().nullable(),
    address: z.string(),
    /** What plays where no window of its schedule does; null: silence. */
    fallbackPlaylistId: uuidSchema.nullable(),
    /** Crossfade between songs, seconds (0 = gapless); a web player's setting. */
    crossfadeSeconds: crossfadeSecondsSchema,
    /** Whether its venue may play music now: only an active subscription of that venue licenses it. */
    licence: venueLicenceSchema,
    createdAt: z.iso.datetime(),
    abilities: playerAbilitiesSchema,
  })
  .meta({ id: "Player" });
export type Player = z.infer<typeof playerSchema>;

/** What a player plays now, named (the song's title and artists, the playlist's name). */
export const nowPlayingSchema = z
  .object({
    songId: uuidSchema,
    title: z.string(),
    artists: z.array(z.string()),
    playlistId: uuidSchema.nullable(),
    /** Null when it plays no playlist, or the playlist went to the trash. */
    playlistName: z.string().nullable(),
  })
  .meta({ id: "NowPlaying" });
export type NowPlaying = z.infer<typeof nowPlayingSchema>;

/**
 * A player's live state as staff read it (no remote control): online while
 * its device's heartbeat is fresh; playing only while online.
 */
export const playerLiveSummarySchema = z
  .object({
    online: z.boolean(),
    playing: z.boolean(),
    /** The song loaded on an online player, playing or paused; null when offline or idle. */
    nowPlaying: nowPlayingSchema.nullable(),
    /** When its device was last heard from; null: it never connected. */
    lastSeenAt: z.iso.datetime().nullable(),
    /** Since when it is silent while its schedule asks for music, once that raised an alert; null: no alert. */
    silentSince: z.iso.datetime().nullable(),
  })
  .meta({ id: "PlayerLiveSummary" });
export type PlayerLiveSummary = z.infer<typeof playerLiveSummarySchema>;

/** A player as staff see it in the players base. */
export const staffPlayerSchema = playerSchema
  .extend({ clientName: z.string(), live: playerLiveSummarySchema })
  .meta({ id: "StaffPlayer" });
export type StaffPlayer = z.infer<typeof staffPlayerSchema>;

/** A playlist put on a player. */
export const playerPlaylistSchema = z
  .object({
    playlistId: uuidSchema,
    name: z.string(),
    /**
     * Whether the owner may play it now: false once the subscription whose
     * tariff gave it has ended (it stays on the player; the schedule falls back).
     */
    playable: z.boolean(),
    addedAt: z.iso.datetime(),
  })
  .meta({ id: "PlayerPlaylist" });
export type PlayerPlaylist = z.infer<typeof playerPlaylistSchema>;

export const PLAYER_REQUEST_KINDS = ["purchase", "leave"] as const;

export const purchaseRequestSchema = z.object({
  name: nameSchema,
  phone: phoneInputSchema,
  email: emailSchema.optional(),
  company: z.string().trim().min(INPUT.defaultMin).max(INPUT.defaultMax).optional(),
  /** Where the box is to be delivered. */
  address: addressSchema,
  quantity: z.number().int().min(1).max(100).default(1),
  comment: z.string().trim().max(PLAYERS.commentMax).optional(),
});

export const leaveRequestSchema = z.object({
  /** The player whose service the client wants to stop. */
  playerId: uuidSchema,
  comment: z.string().trim().max(PLAYERS.commentMax).optional(),
});

export const playerRequestSchema = z
  .object({
    id: uuidSchema,
    kind: z.enum(PLAYER_REQUEST_KINDS),
    userId: uuidSchema,
    clientName: z.string(),
    /** The player a leave request is about (null for a purchase, or once it was removed). */
    playerId: uuidSchema.nullable(),
    playerName: z.string().nullable(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    company: z.string().nullable(),
    address: z.string().nullable(),
    quantity: z.number().int().nullable(),
    comment: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "PlayerRequest" });
export type PlayerRequest = z.infer<typeof playerRequestSchema>;

/** `lastSeen`: the most recently heard first (online players lead), never-connected last. */
export const PLAYER_SORTS = ["createdAt", "name", "type", "lastSeen"] as const;
export type PlayerSort = (typeof PLAYER_SORTS)[number];
/** The players base's filters (SPEC.md §7 players base). */
export const PLAYER_STATUSES = ["online", "offline"] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];
/** `silent`: with an open silence alert (issue 14). */
export const PLAYER_ALERT_FILTERS = ["silent"] as const;
export type PlayerAlertFilter = (typeof PLAYER_ALERT_FILTERS)[number];
/** `paused`: online and not playing (an offline player is neither). */
export const PLAYER_PLAYBACKS = ["playing", "paused"] as const;
export type PlayerPlayback = (typeof PLAYER_PLAYBACKS)[number];

const idParams = z.object({ id: uuidSchema });
const userParams = z.object({ userId: uuidSchema });
/** Who may add, change and remove players: clients for themselves, managers for a client. */
const changingRoles = [...CLIENT_STATES, ...CLIENT_MANAGING_ROLES];
const tags = ["players"];

export const addPlayer = defineEndpoint({
  method: "POST",
  path: "/music/player/add",
  summary:
    "Add a player to an establishment of its owner (without establishmentId: the owner's only one)",
  tags,
  auth: "bearer",
  roles: changingRoles,
  body: playerAddSchema,
  response: playerSchema,
  successStatus: 201,
});

export const changePlayer = defineEndpoint({
  method: "POST",
  path: "/music/player/:id/change",
  summary: "Rename a player or change its address",
  tags,
  auth: "bearer",
  roles: changingRoles,
  params: idParams,
  body: playerChangeSchema,
  response: playerSchema,
});

/** What a browser at the venue needs to play a web player without a device code. */
export const playHereSchema = z
  .object({ tokens: tokenPairSchema, playerId: uuidSchema })
  .meta({ id: "PlayHere" });

export const playHere = defineEndpoint({
  method: "POST",
  path: "/music/player/:id/play-here",
  summary:
    "Its owner plays a web player in this browser: a device session bound to the player, as an approved device code gives",
  tags,
  auth: "bearer",
  roles: ["role-client"],
  params: idParams,
  response: playHereSchema,
  successStatus: 201,
});

export const getPlayer = defineEndpoint({
  method: "GET",
  path: "/music/player/:id",
  summary: "One player (its owner, staff, or the device playing for its establishment)",
  tags,
  auth: "bearer",
  sessions: ["browser", "device"],
  params: idParams,
  response: playerSchema,
});

export const listAllPlayers = defineEndpoint({
  method: "GET",
  path: "/music/player/all",
  summary:
    "Every player with its client, establishment and live state (players base); found by its name, serial, address, client or establishment, filtered by status, playback, type and an open silence alert",
  tags,
  auth: "bearer",
  roles: CLIENT_READING_ROLES,
  query: z.object({
    page: z.coerce.number().int().min(0).default(0),
    count: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PAGING.tablePageSize),
    sortBy: z.enum(PLAYER_SORTS).default("createdAt"),
    query: z.string().trim().max(INPUT.defaultMax).optional(),
    type: z.enum(PLAYER_TYPES, { error: "Тип плеера: web или boxPlayer" }).optional(),
    status: z.enum(PLAYER_STATUSES, { error: "Состояние: online или offline" }).optional(),
    playback: z.enum(PLAYER_PLAYBACKS, { error: "Воспроизведение: playing или paused" }).optional(),
    /** `silent`: only players with an open silence alert (issue 14). */
    alert: z.enum(PLAYER_ALERT_FILTERS, { error: "Уведомление: silent" }).optional(),
  }),
  response: pagedSchema(staffPlayerSchema),
});

export const getPlayerLive = defineEndpoint({
  method: "GET",
  path: "/music/player/:id/live",
  summary: "A player's live state, read-only (anyone who may see the player, staff included)",
  tags,
  auth: "bearer",
  params: idParams,
  response: playerLiveSummarySchema,
});

export const listUserPlayers = defineEndpoint({
  method: "GET",
  path: "/music/player/:userId/all",
  summary: "A user's players, oldest first, optionally of one establishment",
  tags,
  auth: "bearer",
  sessions: ["browser", "device"],
  params: userParams,
  query: z.object({
    limit: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PAGING.playersFetchLimit),
    offset: z.coerce.number().int().min(0).default(0),
    establishmentId: uuidSchema.optional(),
  }),
  response: pagedSchema(playerSchema),
});

export const removePlayer = defineEndpoint({
  method: "POST",
  path: "/music/player/:id/:userId/remove",
  summary: "Remove a player of a user, with its playlists",
  tags,
  auth: "bearer",
  roles: changingRoles,
  params: z.object({ id: uuidSchema, userId: uuidSchema }),
  response: okSchema,
});

export const sendPlayerRequest = defineEndpoint({
  method: "POST",
  path: "/music/player/:userId/send-player-request",
  summary: "Ask to buy a box player: the buyer's details are stored for staff",
  tags,
  auth: "bearer",
  roles: changingRoles,
  params: userParams,
  body: purchaseRequestSchema,
  response: playerRequestSchema,
  successStatus: 201,
});

export const leaveRequest = defineEndpoint({
  method: "POST",
  path: "/music/player/:userId/leave-request",
  summary: "Ask to stop a player's service (return a box, leave): stored for staff",
  tags,
  auth: "bearer",
  roles: changingRoles,
  params: userParams,
  body: leaveRequestSchema,
  response: playerRequestSchema,
  successStatus: 201,
});

export const listPlayerRequests = defineEndpoint({
  method: "GET",
  path: "/music/player/request/all",
  summary: "Clients' purchase and leave requests, newest first (staff)",
  tags,
  auth: "bearer",
  roles: CLIENT_READING_ROLES,
  query: z.object({
    page: z.coerce.number().int().min(0).default(0),
    count: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PAGING.tablePageSize),
    kind: z.enum(PLAYER_REQUEST_KINDS).optional(),
  }),
  response: pagedSchema(playerRequestSchema),
});

export const listPlayerPlaylists = defineEndpoint({
  method: "GET",
  path: "/music/player/:id/playlist/all",
  summary: "The playlists put on a player, each marked playable or not",
  tags,
  auth: "bearer",
  sessions: ["browser", "device"],
  params: idParams,
  response: z.object({ data: z.array(playerPlaylistSchema) }),
});

export const addPlayerPlaylist = defineEndpoint({
  method: "POST",
  path: "/music/player/:id/playlist/add",
  summary: "Put a playlist the owner may play on a player (any other: 403)",
  tags,
  auth: "bearer",
  roles: changingRoles,
  params: idParams,
  body: z.object({ playlistId: uuidSchema }),
  response: z.object({ data: z.array(playerPlaylistSchema) }),
});

export const removePlayerPlaylist = defineEndpoint({
  method: "POST",
  path: "/music/player/:id/playlist/:playlistId/remove",
  summary: "Take a playlist off a player",
  tags,
  auth: "bearer",
  roles: changingRoles,
  params: z.object({ id: uuidSchema, playlistId: uuidSchema }),
  response: z.object({ data: z.array(playerPlaylistSchema) }),
});

export const listPlaylistPlayers = defineEndpoint({
  method: "GET",
  path: "/music/player/:userId/:playlistId/players",
  summary: "A user's players that hold a playlist",
  tags,
  auth: "bearer",
  params: z.object({ userId: uuidSchema, playlistId: uuidSchema }),
  response: z.object({ data: z.array(playerSchema) }),
});
