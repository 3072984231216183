import {
  MESSAGES,
  offlineReachMs,
  type PlayerPlan,
  playerPlanApi,
  upcomingSongs,
} from "@fonika/shared";
import { apiBaseUrl } from "../../config/paths.ts";
import { browserTimers } from "../../lib/timers.ts";
import { AudioCache, askPersistentStorage } from "./cache/audio-cache.ts";
import { keepPageForOutage, keepPlan } from "./cache/offline-page.ts";
import type { AudioOutput } from "./engine/deck.ts";
import { type EngineView, WebPlayerEngine } from "./engine/engine.ts";
import { NowPlayingRecord } from "./engine/now-playing-record.ts";
import { Outbox } from "./engine/outbox.ts";
import { createWebAudioOutput } from "./engine/web-audio-output.ts";
import type { WebPlayerServices } from "./web-player-services.ts";

/**
 * A web player at work (issue 14): the engine with its two decks, the
 * socket and the outbox, the plan read on connect, on each schedule change
 * and every few minutes, the audio of the coming hours cached for an
 * outage, and the screen kept awake. React reads it through `subscribe` /
 * `snapshot`.
 */

/** How far ahead the cache looks (it keeps what fits the storage budget of it). */
const CACHE_HORIZON_MS = 4 * 3600_000;
/** The plan is read again this often even without news (a missed event, a new day's tracks). */
const PLAN_EVERY_MS = 10 * 60_000;
/** The cache is topped up this often. */
const FILL_EVERY_MS = 60_000;
/** What plays is kept this often for a reload (also when a play begins or ends, and as the page goes). */
const KEEP_NOW_PLAYING_MS = 5_000;
/**
 * A play cut longer ago than this is not resumed mid-song: the screen was
 * off for a while, and its playlist starts as the schedule says.
 */
const RESUME_WITHIN_MS = 10 * 60_000;

export interface WebPlayerSnapshot extends EngineView {
  plan: PlayerPlan | null;
  /** How long it can play with what is cached, ms. */
  offlineReachMs: number;
  cachedSongs: number;
  waitingReports: number;
  /** The owner ended this device's session: a new code is needed. */
  sessionEnded: boolean;
  /** Another device plays this player now: this one stopped (issue 28). */
  takenOver: boolean;
  /**
   * Whether the service worker keeps this page and its assets, so that a
   * reload or a reboot in an outage plays (issue 31); null until it says.
   */
  pageKept: boolean | null;
}

/** What `window.fonikaWebPlayer` answers while the page plays. */
export interface WebPlayerDiagnostics {
  decks(): ReturnType<WebPlayerEngine["decks"]>;
  snapshot(): WebPlayerSnapshot;
  audioElements(): number;
  /** What reaches the speakers now, dBFS RMS: silence is measured from the audio graph itself. */
  level(): number;
}

declare global {
  interface Window {
    fonikaWebPlayer?: WebPlayerDiagnostics;
  }
}

export class WebPlayerRuntime {
  readonly engine: WebPlayerEngine;
  private readonly output: AudioOutput;
  private readonly outbox: Outbox;
  private readonly nowPlaying: NowPlayingRecord;
  private readonly cache: AudioCache;
  private readonly listeners = new Set<() => void>();
  private plan: PlayerPlan | null = null;
  private current: WebPlayerSnapshot;
  private sessionEnded = false;
  private takenOver = false;
  private pageKept: boolean | null = null;
  private readonly cleanups: (() => void)[] = [];
  private wakeLock: WakeLockSentinel | null = null;

  constructor(
    private readonly services: WebPlayerServices,
    private readonly playerId: string,
  ) {
    this.output = createWebAudioOutput();
    this.outbox = new Outbox(
      (message) => services.socket.send(message),
      services.storage,
      services.outboxKey,
    );
    this.nowPlaying = new NowPlayingRecord(services.storage, services.nowPlayingKey);
    this.cache = new AudioCache(window.location.origin, () => this.changed());
    this.engine = new WebPlayerEngine({
      output: this.output,
      send: (message) => this.outbox.send(message),
      songUrl: (songId) => this.songUrl(songId),
      isCached: (songId) => this.cache.has(songId),
      now: () => Date.now(),
      newPlayId: () => crypto.randomUUID(),
      timers: browserTimers,
      planOutdated: () => void this.loadPlan(),
      onChange: () => this.changed(),
    });
    this.current = this.compute();
  }

  start(): void {
    const { socket } = this.services;
    this.engine.start(this.playerId);
    this.resumeCutPlay();
    // Diagnostics for support (and browser tests): what each deck holds and how loud.
    window.fonikaWebPlayer = {
      decks: () => this.engine.decks(),
      snapshot: () => this.snapshot(),
      audioElements: () => document.querySelectorAll("audio").length,
      level: () => this.output.level(),
    };
    this.cleanups.push(
      // A report is kept until the server answers a ping sent after it.
      socket.onPing(() => this.outbox.pinged()),
      socket.subscribe((message) => {
        if (message.type === "pong") {
          this.outbox.ponged();
          return;
        }
        if (message.type === "error" && message.message === MESSAGES.accessDenied) {
          void this.confirmSession();
          return;
        }
        if (message.type === "error" && message.message === MESSAGES.playerTakenOver) {
          // Not through an outage's offline play: the other device plays and files the history.
          this.takenOver = true;
          this.engine.stop();
          this.changed();
          return;
        }
        this.engine.receive(message);
      }),
      this.services.onConnection((open) => {
        this.outbox.setOpen(open);
        // No plan read here: the server tells a device's schedule `status` as
        // it connects, and a status makes the engine ask for the plan.
        this.engine.setOnline(open);
        this.changed();
      }),
    );
    socket.connect();
    void this.cache.open();
    void askPersistentStorage();
    void keepPageForOutage().then((kept) => {
      this.pageKept = kept;
      this.changed();
    });
    void this.loadPlan();
    const planTimer = browserTimers.setInterval(() => void this.loadPlan(), PLAN_EVERY_MS);
    const fillTimer = browserTimers.setInterval(() => void this.fillCache(), FILL_EVERY_MS);
    const keepTimer = browserTimers.setInterval(() => this.keepNowPlaying(), KEEP_NOW_PLAYING_MS);
    // A reload or a closed tab: the play's end is this very moment.
    const onPageHide = () => this.keepNowPlaying();
    window.addEventListener("pagehide", onPageHide);
    const onVisible = () => {
      if (document.visibilityState === "visible") void this.keepAwake();
    };
    document.addEventListener("visibilitychange", onVisible);
    void this.keepAwake();
    this.cleanups.push(() => {
      browserTimers.clearInterval(planTimer);
      browserTimers.clearInterval(fillTimer);
      browserTimers.clearInterval(keepTimer);
      window.removeEventListener("pagehide", onPageHide);
      this.planAgain = false;
      document.removeEventListener("visibilitychange", onVisible);
      void this.wakeLock?.release().catch(() => undefined);
    });
  }

  stop(): void {
    window.fonikaWebPlayer = undefined;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.engine.stop();
    // Stopped here (signed out, taken over): the engine filed the play's end itself.
    this.nowPlaying.keep(null);
    this.services.socket.close();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): WebPlayerSnapshot => this.current;

  unlock(): Promise<void> {
    return this.engine.unlock();
  }

  private changed(): void {
    if (this.nowPlaying.changed(this.engine.nowPlaying()?.playId ?? null)) this.keepNowPlaying();
    this.current = this.compute();
    for (const listener of this.listeners) listener();
  }

  private compute(): WebPlayerSnapshot {
    const view = this.engine.view();
    const progress = this.engine.progress();
    const plan = this.plan;
    return {
      ...view,
      plan,
      offlineReachMs: plan
        ? offlineReachMs(
            plan,
            Date.now(),
            (songId) => this.cache.has(songId),
            CACHE_HORIZON_MS,
            view.current && progress
              ? {
                  songId: view.current.song.id,
                  leftMs: Math.max(progress.duration - progress.position, 0) * 1000,
                }
              : undefined,
          )
        : 0,
      cachedSongs: this.cache.size(),
      waitingReports: this.outbox.waiting(),
      sessionEnded: this.sessionEnded,
      takenOver: this.takenOver,
      pageKept: this.pageKept,
    };
  }

  /** Keeps what plays now, and where, for the page after a reload. */
  private keepNowPlaying(): void {
    const playing = this.engine.nowPlaying();
    this.nowPlaying.keep(playing && { ...playing, playerId: this.playerId, at: Date.now() });
  }

  /**
   * The play the last page of this player left sounding (a reload, a
   * reboot, a crash) is filed as ended when it was last kept — through the
   * outbox, which holds it until the socket opens — and its song resumes
   * near where it was if that was lately.
   */
  private resumeCutPlay(): void {
    const cut = this.nowPlaying.take();
    if (!cut || cut.playerId !== this.playerId) return;
    this.outbox.send({
      type: "songEnded",
      playerId: cut.playerId,
      playId: cut.playId,
      endedAt: new Date(cut.at).toISOString(),
      ending: "stopped",
    });
    if (Date.now() - cut.at > RESUME_WITHIN_MS) return;
    this.engine.resumeFrom({
      songId: cut.songId,
      playlistId: cut.playlistId,
      positionSeconds: cut.positionSeconds,
    });
  }

  /**
   * The socket was refused: a token that went stale in an outage, or the
   * owner ended this device's session. A refresh tells which.
   */
  private async confirmSession(): Promise<void> {
    const { session, socket } = this.services;
    await session.confirm();
    if (session.getState().status === "signed-in") {
      socket.connect();
      return;
    }
    this.sessionEnded = true;
    this.changed();
  }

  /** The token a request goes with: the session's, or the stored one while the server is out of reach. */
  private token(): string | null {
    return this.services.session.getAccessToken() ?? this.services.tokens.load()?.token ?? null;
  }

  /**
   * Where a deck reads a song: the API's address, which the service worker
   * answers from the cache when it controls the page; on a page it does
   * not control yet, a kept song comes from the cache here (an outage
   * must not find the first session's `<audio>` asking the network).
   */
  private songUrl(songId: string): string | Promise<string> {
    const token = this.token();
    const query = token ? `?access_token=${encodeURIComponent(token)}` : "";
    const address = `${apiBaseUrl}/music/song/${songId}/file${query}`;
    if (navigator.serviceWorker?.controller || !this.cache.has(songId)) return address;
    return this.cache
      .objectUrl(songId)
      .catch(() => null)
      .then((kept) => kept ?? address);
  }

  private loadingPlan: Promise<void> | null = null;
  /** Asked for while a read was under way: that read may have begun before the change. */
  private planAgain = false;

  /**
   * Reads the plan; asked while a read is under way, reads it once more after
   * it, so that the answer is never older than the news that asked for it (a
   * playlist just put on the player, whose song the server tells to play).
   */
  private loadPlan(): Promise<void> {
    if (this.loadingPlan) {
      this.planAgain = true;
      return this.loadingPlan;
    }
    this.loadingPlan = this.readPlan().finally(() => {
      this.loadingPlan = null;
      if (this.planAgain) {
        this.planAgain = false;
        void this.loadPlan();
      }
    });
    return this.loadingPlan;
  }

  private async readPlan(): Promise<void> {
    const token = this.token();
    if (!token) return;
    try {
      // Offline the service worker answers with the plan it kept.
      const plan = await this.services.api.call(playerPlanApi.getPlayerPlan, {
        params: { id: this.playerId },
        accessToken: token,
      });
      // Asked again meanwhile: the read that follows applies the newer answer.
      if (this.planAgain) return;
      this.plan = plan;
      this.engine.setPlan(plan);
      this.changed();
      void keepPlan(plan).catch((error: unknown) => console.warn("The plan was not kept", error));
      void this.fillCache();
    } catch (error) {
      console.warn("The player's plan could not be read", error);
      this.engine.forgetResume();
    }
  }

  private async fillCache(): Promise<void> {
    const plan = this.plan;
    if (!plan) return;
    const current = this.engine.view().current?.song ?? null;
    const wanted = upcomingSongs(plan, Date.now(), CACHE_HORIZON_MS, current?.id ?? null);
    await this.cache.fill(current ? [current, ...wanted] : wanted, () => this.token());
    this.changed();
  }

  private async keepAwake(): Promise<void> {
    try {
      if (!this.wakeLock || this.wakeLock.released) {
        this.wakeLock = (await navigator.wakeLock?.request("screen")) ?? null;
      }
    } catch {
      // Refused (a hidden page, a browser without it): the screen may sleep, the music plays on.
    }
  }
}
