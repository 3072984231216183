import { z } from "./zod.ts";

/**
 * Player socket messages, SPEC.md §4 and CONTRACT.md: text frames, one JSON
 * object each, with a `type` naming the message.
 */
const id = z.string().min(1).max(64);

export const clientSocketMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping") }),
  z.object({ type: z.literal("connect"), userId: id.optional() }),
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
]);
export type ClientSocketMessage = z.infer<typeof clientSocketMessageSchema>;

export const serverSocketMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("connected"), userId: id }),
  z.object({ type: z.literal("error"), message: z.string() }),
  z.object({ type: z.literal("needToStartPlayerError"), playerId: id }),
  z.object({ type: z.literal("stopPlay"), playerId: id }),
  z.object({ type: z.literal("status"), playerId: id, schedule: z.unknown() }),
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
]);
export type ServerSocketMessage = z.infer<typeof serverSocketMessageSchema>;

/** Path of the player websocket, relative to the API base. */
export const PLAYER_SOCKET_PATH = "/player/ws";
export const API_BASE = "/api/v1";
