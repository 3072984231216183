import type { LicenceState, Song } from "@fonika/shared";
import { describeUpdateEvent, type UpdateEvent } from "./updates.ts";

/**
 * What a box player tells whoever watches it (the CLI prints them, tests
 * wait for them). Every part of the box emits these; `box-player.ts`
 * re-exports them as the box's public face.
 */

/** What the box tells of a song: the plan's or the server's word for it. */
export type BoxSong = Pick<Song, "id" | "title" | "artists" | "durationMs">;

/** Why a box without the server plays nothing: no plan kept yet, the licence, a week out of touch. */
export type OfflineStop = "no-plan" | "licence" | "out-of-touch";

export type BoxPlayerEvent =
  | { kind: "code"; code: string; approveAt: string; expiresInSeconds: number }
  | { kind: "signedIn"; resumed: boolean }
  | { kind: "connected"; playerId: string | null }
  | { kind: "disconnected"; code: number }
  | { kind: "denied" }
  | { kind: "takenOver" }
  | { kind: "schedule"; playlistId: string | null; fallback: boolean; licence: LicenceState }
  | { kind: "fetched"; songId: string; bytes: number; requests: number; ranged: boolean }
  | { kind: "playing"; playId: string; song: BoxSong; fromSeconds: number; offline: boolean }
  | { kind: "ended"; playId: string; song: BoxSong; ending: "finished" | "skipped" | "stopped" }
  | { kind: "plan"; playlists: number; songs: number; offlineUntil: string | null }
  | { kind: "kept"; songs: number; bytes: number }
  | {
      kind: "offline";
      playlistId: string | null;
      fallback: boolean;
      /** Why it plays nothing; null while it plays from what it keeps. */
      stop: OfflineStop | null;
    }
  | { kind: "nothingCached"; playlistId: string }
  | { kind: "paused" }
  | { kind: "stopped" }
  | { kind: "volume"; volume: number }
  | { kind: "loop"; loop: boolean }
  | { kind: "shuffle"; shuffle: boolean }
  | { kind: "serverError"; message: string }
  | { kind: "failure"; error: unknown }
  | UpdateEvent;

/** Why a venue without an active subscription is silent, and what its owner can do. */
const UNLICENSED: Record<Exclude<LicenceState, "active">, string> = {
  none: "the venue has no subscription: its owner subscribes it in Fonika",
  pending: "the venue's subscription waits for a client manager to activate it",
  suspended: "the venue's subscription is suspended: its owner contacts Fonika to resume it",
};

/** Why a box out of touch with the server plays nothing. */
const OFFLINE_STOPS: Record<OfflineStop, string> = {
  "no-plan": "no plan kept yet: it plays once it has reached Fonika",
  licence:
    "Нет активной подписки: the venue's paid period is over by the plan it keeps; it plays again once Fonika says otherwise",
  "out-of-touch":
    "Плеер неделю не выходил на связь с Фоникой, и музыка остановлена: it plays again once it reaches Fonika",
};

/** How a part of the box tells an event. */
export type EmitEvent = (event: BoxPlayerEvent) => void;

/** One readable line per event, for an integrator watching the protocol. */
export function describeEvent(event: BoxPlayerEvent): string | null {
  switch (event.kind) {
    case "code":
      return `code ${event.code}: approve it at ${event.approveAt} (valid ${event.expiresInSeconds} s)`;
    case "signedIn":
      return event.resumed ? "signed in (session from the state file)" : "signed in";
    case "connected":
      return `connected, player ${event.playerId ?? "none"}`;
    case "disconnected":
      return `disconnected (${event.code}), reconnecting`;
    case "denied":
      return "access denied: this box's session has ended (its player was removed, its owner's account changed, or the session was ended in Fonika); giving up — restart the box to get a new code";
    case "takenOver":
      return "Плеер запущен на другом устройстве: another device plays this player now, so this box stopped rather than play it twice; restart the box to play here again";
    case "schedule":
      if (event.licence !== "active") {
        return `Нет активной подписки: nothing plays (${UNLICENSED[event.licence]})`;
      }
      return event.playlistId
        ? `schedule: playlist ${event.playlistId}${event.fallback ? " (fallback)" : ""}`
        : "schedule: nothing to play now";
    case "fetched":
      return `fetched ${event.bytes} bytes in ${event.requests} ${event.ranged ? "ranged " : ""}request(s)`;
    case "playing":
      return `playing «${event.song.title}» — ${event.song.artists.join(", ") || "unknown artist"}${
        event.fromSeconds > 0 ? ` from ${event.fromSeconds.toFixed(1)} s` : ""
      }${event.offline ? " (offline, from what it keeps)" : ""}`;
    case "plan":
      return `plan: ${event.playlists} playlist(s), ${event.songs} song(s); it may play without Fonika until ${event.offlineUntil ?? "a week from now"}`;
    case "kept":
      return `keeps ${event.songs} song(s) for an outage, ${(event.bytes / 1024 ** 2).toFixed(1)} MB`;
    case "offline":
      if (event.stop) return `offline: nothing plays (${OFFLINE_STOPS[event.stop]})`;
      return event.playlistId
        ? `offline: plays playlist ${event.playlistId}${event.fallback ? " (fallback)" : ""} by its schedule, from what it keeps; its plays wait to be sent`
        : "offline: the schedule wants silence now";
    case "nothingCached":
      return `offline: nothing of playlist ${event.playlistId} is kept, so it is silent until the network is back`;
    case "ended":
      return `ended «${event.song.title}»: ${event.ending}`;
    case "paused":
      return "paused";
    case "stopped":
      return "stopped";
    case "volume":
      return `volume ${event.volume}`;
    case "loop":
      return event.loop ? "loop on" : "loop off";
    case "shuffle":
      return event.shuffle ? "shuffle on" : "shuffle off";
    case "serverError":
      return `server said: ${event.message}`;
    case "failure":
      return `failure: ${event.error instanceof Error ? event.error.message : String(event.error)}`;
    default:
      return describeUpdateEvent(event);
  }
}
