import type {
  ClientSocketMessage,
  LicenceState,
  PlanSong,
  PlayEnding,
  PlayerPlan,
  Scheduled,
} from "@fonika/shared";
import type { Timers } from "../../../lib/timers.ts";
import type { AudioOutput, Deck } from "./deck.ts";

/**
 * What the web player's engine (`engine.ts`) is made of: the types its
 * users see, and the state its parts share — the face that follows the
 * server, the playback that switches decks, the choice of the next song
 * and the play reports each read and change the one `EngineState`.
 */

export type Problem =
  /** The schedule wants silence now. */
  | "silence"
  /** Silent because the venue has no active subscription (`EngineView.licence` says which state). */
  | "no-licence"
  /** Silent because it has not reached the server for OFFLINE_PLAY_DAYS (issue 31). */
  | "out-of-touch"
  /** The schedule wants a playlist with nothing to play in it (empty, all filtered, or none cached offline). */
  | "nothing-playable"
  /** The browser holds the sound back until someone clicks. */
  | "needs-gesture"
  | null;

export interface Sounding {
  song: PlanSong;
  playlistId: string | null;
  fallback: boolean;
}

export interface EngineView {
  online: boolean;
  paused: boolean;
  volume: number;
  current: Sounding | null;
  /** The song after the current one, as far as it is known (`SongChoice.upcoming`). */
  next: PlanSong | null;
  problem: Problem;
  /** The venue's licence as last heard (the server's status, else the plan); null before either. */
  licence: LicenceState | null;
  /** The last refusal the server sent (shown for a while). */
  serverMessage: string | null;
}

export interface EngineDependencies {
  output: AudioOutput;
  /** Sends now when the socket is open; reports wait in the outbox otherwise. */
  send(message: ClientSocketMessage): void;
  /** A promise while the address is being made (a kept song read from the cache). */
  songUrl(songId: string): string | Promise<string>;
  /** Whether a song can play without the network. */
  isCached(songId: string): boolean;
  now(): number;
  newPlayId(): string;
  timers: Timers;
  /** The schedule changed on the server: the plan is to be read again. */
  planOutdated(): void;
  onChange(): void;
  random?: () => number;
}

export interface Playing extends Sounding {
  deck: Deck;
  /** The play reported as started; null while paused. */
  playId: string | null;
}

export interface Preloaded {
  deck: Deck;
  song: PlanSong;
  ready: Promise<boolean>;
}

/**
 * Where the page played before a reload (issue 31): its first song, when
 * it is this one of the playlist the schedule wants, starts there.
 */
export interface ResumeHint {
  songId: string;
  playlistId: string | null;
  positionSeconds: number;
}

/** A `playSong` waiting for the plan to be read again, and how it was to come in. */
export interface AwaitedSong {
  songId: string;
  playlistId: string | null;
  fade: number;
  ending: PlayEnding;
  fallback: boolean;
}

/** What the engine's parts share: what plays, what comes next, and what the server said. */
export class EngineState {
  plan: PlayerPlan | null = null;
  playerId: string | null = null;
  current: Playing | null = null;
  preloaded: Preloaded | null = null;
  /** Bumped by every change of what plays: an older async step that wakes finds itself stale. */
  generation = 0;
  online = false;
  paused = false;
  volume = 100;
  shuffle = false;
  /** What the server says comes next (null: not told, or the end of the playlist). */
  serverNext: string | null = null;
  /** The venue's licence the server's last status told. */
  serverLicence: LicenceState | null = null;
  /** The playlist the server's schedule status asked for; offline the plan decides. */
  serverSchedule: Scheduled | null = null;
  /** The playlist asked for with playPlaylistRequested, whose first song fades in over the crossfade. */
  requestedPlaylist: string | null = null;
  /**
   * The owner's next, previous or chosen song was relayed and the server's
   * answer has not come: that answer is a command (a fast fade, the play
   * before it skipped) even when it is the playlist started over after a
   * stop at its last song, or a song of the playlist this page asked the
   * schedule for.
   */
  skipAsked = false;
  /**
   * A song the server told to play that the plan held by this page did not
   * have (a playlist put on the player since it was read): played once the
   * plan read again holds it, unless a newer command came first.
   */
  awaitedSong: AwaitedSong | null = null;
  /** Where to resume the first song after a reload; taken by the first move to a song. */
  resumeAt: ResumeHint | null = null;
  failed = new Set<string>();
  problem: Problem = null;
  transitioning = false;

  /** The plan's crossfade in seconds (0: gapless). */
  crossfadeSeconds(): number {
    return this.plan?.crossfadeSeconds ?? 0;
  }
}
