import {
  licenceStateSchema,
  subscriptionEventSchema,
  subscriptionStateSchema,
} from "./contracts/subscriptions.ts";
import { chatMessageSchema, enquiryStateSchema, supportPersonSchema } from "./contracts/support.ts";
import { FIRMWARE_VERSION, isFirmwareVersion } from "./firmware-version.ts";
import { z } from "./zod.ts";

/**
 * Player socket messages, SPEC.md §4 and CONTRACT.md: text frames, one JSON
 * object each, with a `type` naming the message.
 */
const id = z.string().min(1).max(64);

/** How a play ended: played through, skipped, stopped, or the player went offline. */
export const PLAY_ENDINGS = ["finished", "skipped", "stopped", "offline"] as const;
export type PlayEnding = (typeof PLAY_ENDINGS)[number];

/**
 * The state of one player as the server keeps it (SPEC.md §3 player socket
 * state): what it plays, where in the song, how, and whether it is online.
 */
export const playerLiveStateSchema = z.object({
  playerId: id,
  songId: id.nullable(),
  previousSongId: id.nullable(),
  nextSongId: id.nullable(),
  playlistId: id.nullable(),
  /** Seconds into the song when the device reported it, at `positionAt`. */
  positionSeconds: z.number(),
  positionAt: z.string().nullable(),
  loop: z.boolean(),
  shuffle: z.boolean(),
  /** 0–100. */
  volume: z.number(),
  playing: z.boolean(),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
});
export type PlayerLiveState = z.infer<typeof playerLiveStateSchema>;

export const clientSocketMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping") }),
  /**
   * Support staff follow a client's players from an enquiry: a snapshot of
   * their states, then their changes, until the socket watches another
   * client (null: none).
   */
  z.object({ type: z.literal("watchClientPlayers"), clientId: z.uuid().nullable() }),
  /** The sender types in a support chat (support, admin, or the client of `clientId`). */
  z.object({ type: z.literal("chatTyping"), clientId: z.uuid() }),
  z.object({
    type: z.literal("connect"),
    userId: id.optional(),
    /** A box player's firmware version: it then hears of newer updates (player updates). */
    version: z.string().max(FIRMWARE_VERSION.maxLength).refine(isFirmwareVersion).optional(),
  }),
  z.object({ type: z.literal("resumePlay"), playerId: id }),
  z.object({ type: z.literal("playSongRequested"), playerId: id, songId: id, playlistId: id }),
  z.object({ type: z.literal("playPlaylistRequested"), playerId: id, playlistId: id }),
  z.object({ type: z.literal("playNextSongRequested"), playerId: id }),
  z.object({ type: z.literal("playPrevSongRequested"), playerId: id }),
  z.object({ type: z.literal("pause"), playerId: id }),
  z.object({ type: z.literal("play"), playerId: id }),
  z.object({ type: z.literal("enableLoopPlayingRequested"), playerId: id }),
  z.object({ type: z.literal("disableLoopPlayingRequested"), playerId: id }),
  z.object({ type: z.literal("shuffleRequested"), playerId: id, playlistId: id }),
  z.object({ type: z.literal("volume"), playerId: id, volume: z.number().min(0).max(100) }),
  // Reports of the player device about itself (a remote control's are refused).
  z.object({
    type: z.literal("playerStatus"),
    playerId: id,
    songId: z.uuid().nullable(),
    playlistId: z.uuid().nullable(),
    positionSeconds: z.number().min(0).max(86_400),
    volume: z.number().min(0).max(100),
    playing: z.boolean(),
  }),
  z.object({
    type: z.literal("songStarted"),
    playerId: id,
    playId: z.uuid(),
    songId: z.uuid(),
    playlistId: z.uuid().nullable(),
    fallback: z.boolean(),
    startedAt: z.iso.datetime({ offset: true }),
  }),
  z.object({
    type: z.literal("songEnded"),
    playerId: id,
    playId: z.uuid(),
    endedAt: z.iso.datetime({ offset: true }),
    ending: z.enum(PLAY_ENDINGS),
  }),
]);
export type ClientSocketMessage = z.infer<typeof clientSocketMessageSchema>;

/**
 * What a `status` tells a player (SPEC.md §4): the playlist its schedule
 * plays now (null: silence), the window it comes from, whether it is the
 * fallback, when to expect the next decision, and its venue's licence —
 * a player silent for want of an active subscription says so (issue 27).
 */
export const scheduleStatusSchema = z.object({
  playlistId: id.nullable(),
  scheduleId: id.nullable(),
  fallback: z.boolean(),
  until: z.iso.datetime(),
  licence: licenceStateSchema,
});
export type ScheduleStatus = z.infer<typeof scheduleStatusSchema>;

export const serverSocketMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("connected"), userId: id }),
  z.object({ type: z.literal("error"), message: z.string() }),
  z.object({ type: z.literal("needToStartPlayerError"), playerId: id }),
  z.object({ type: z.literal("stopPlay"), playerId: id }),
  z.object({ type: z.literal("status"), playerId: id, schedule: scheduleStatusSchema }),
  /** A player's whole state: first one per visible player after (re)connecting, then on each change. */
  z.object({ type: z.literal("playerState"), state: playerLiveStateSchema }),
  z.object({
    type: z.literal("playSong"),
    playerId: id,
    songId: id,
    playlistId: id.optional(),
    previousSongId: id.nullable(),
    nextSongId: id.nullable(),
  }),
  z.object({
    type: z.literal("shuffle"),
    playerId: id,
    shuffled: z.boolean(),
    nextSongId: id.nullable(),
    previousSongId: id.nullable(),
  }),
  /** A firmware newer than the box reported in `connect`; `url` is its file's, under the API base. */
  z.object({
    type: z.literal("playerUpdateAvailable"),
    updateId: id,
    name: z.string(),
    version: z.string(),
    size: z.number().int().positive(),
    sha256: z.string(),
    url: z.string(),
  }),
  /**
   * Support (issue 15): something happened in an enquiry the socket's user
   * sees (its client, and support staff); the screen reads it anew.
   */
  z.object({
    type: z.literal("supportEnquiry"),
    enquiryId: z.uuid(),
    number: z.number().int(),
    event: z.enum(["created", "message", "state", "assignee", "player-command", "alert"]),
    /** Who did it (null: the server, for a silence alert). */
    author: supportPersonSchema.nullable(),
    state: enquiryStateSchema,
  }),
  /** A chat message, to its client's sockets and support's, once per socket. */
  z.object({ type: z.literal("chatMessage"), message: chatMessageSchema }),
  /** One side read a conversation up to `upTo`. */
  z.object({
    type: z.literal("chatRead"),
    clientId: z.uuid(),
    side: z.enum(["client", "staff"]),
    upTo: z.number().int().nonnegative(),
  }),
  /** Someone types in a conversation; the mark lasts SUPPORT.typingMs without another. */
  z.object({ type: z.literal("chatTyping"), clientId: z.uuid(), author: supportPersonSchema }),
  /**
   * Subscriptions (issue 28): one was made or changed, to its owner's
   * screens and to those of the staff who run subscriptions; they read
   * what shows it anew. `authorId` is who did it (null: the server, when a
   * period ran out); the names let staff be told which one came.
   */
  z.object({
    type: z.literal("subscriptionChanged"),
    subscriptionId: z.uuid(),
    event: subscriptionEventSchema,
    state: subscriptionStateSchema,
    userId: z.uuid(),
    establishmentId: z.uuid(),
    clientName: z.string(),
    establishmentName: z.string(),
    authorId: z.uuid().nullable(),
  }),
]);
export type ServerSocketMessage = z.infer<typeof serverSocketMessageSchema>;

/** What a socket hears: the server's own messages, and the commands it relays to a player's device and its owner's screens. */
export type IncomingSocketMessage = ServerSocketMessage | ClientSocketMessage;

/** Reads one text frame a socket heard (SPEC.md §4); null for anything else. */
export function parseIncomingSocketMessage(text: string): IncomingSocketMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const own = serverSocketMessageSchema.safeParse(json);
  if (own.success) return own.data;
  const relayed = clientSocketMessageSchema.safeParse(json);
  return relayed.success ? relayed.data : null;
}

/** Path of the player websocket, relative to the API base. */
export const PLAYER_SOCKET_PATH = "/player/ws";

/**
 * The subprotocol a player socket speaks: the server always chooses it,
 * never the one that carries the token (issue 31).
 */
export const PLAYER_SOCKET_PROTOCOL = "fonika.player.v1";

/** The offered subprotocol that carries the access token, the token after it. */
const BEARER_PROTOCOL_PREFIX = "fonika.bearer.";

/**
 * The subprotocols a client offers (`Sec-WebSocket-Protocol`): the
 * player socket's and one that carries the access token, so that the token
 * never stands in the socket's URL, which browsers print on every failed
 * reconnect and proxies keep in their logs. A JWT's characters (letters,
 * digits, `-`, `_`, `.`) are all allowed in a subprotocol, as Kubernetes'
 * `base64url.bearer.authorization.k8s.io.` token shows.
 */
export function playerSocketProtocols(accessToken: string): [string, string] {
  return [PLAYER_SOCKET_PROTOCOL, `${BEARER_PROTOCOL_PREFIX}${accessToken}`];
}

/**
 * The access token a client offered among its subprotocols (the header's
 * comma-separated values), or undefined when it offered none.
 */
export function accessTokenOfProtocols(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const value of header.split(",")) {
    const protocol = value.trim();
    if (protocol.startsWith(BEARER_PROTOCOL_PREFIX)) {
      return protocol.slice(BEARER_PROTOCOL_PREFIX.length) || undefined;
    }
  }
  return undefined;
}
export const API_BASE = "/api/v1";
