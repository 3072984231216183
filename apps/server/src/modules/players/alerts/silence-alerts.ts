import { setTimeout as rest } from "node:timers/promises";
import { ESTABLISHMENTS, type PlayerAlert, type ScheduleDecision } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import type { ServiceLog } from "../../../kernel/service-log.ts";
import { BusCache } from "../../../lib/bus-cache.ts";
import type { BusEvent, EventBus } from "../../../realtime/bus.ts";
import { onlineSince } from "../live/live.policy.ts";
import type { PlayersStore } from "../players.store.ts";
import { silenceMail } from "./silence-alerts.errors.ts";
import {
  assertMayReadAlerts,
  isSilent,
  nextSweepAt,
  SILENCE_ALERT_MS,
  SILENCE_SWEEP_MS,
} from "./silence-alerts.policy.ts";
import type { RaisedAlert } from "./silence-alerts.repository.ts";

export interface SilenceAlertsDependencies {
  store: PlayersStore;
  log: ServiceLog;
  /**
   * A device's report that it plays clears its player's alert at once; a
   * device's state, a schedule, music access or a venue changing wakes a
   * sleeping sweep, as does a gap of the shared bus (events may be lost).
   */
  bus: Pick<EventBus, "subscribe" | "onGap">;
  /** What each player plays at an instant by its schedule (schedules). */
  decide(playerIds: string[], instantMs: number): Promise<Map<string, ScheduleDecision>>;
  establishments: {
    namesOf(ids: string[]): Promise<Map<string, string>>;
    /** Owners and IANA time zones of establishments by id. */
    placesOf(ids: string[]): Promise<Map<string, { userId: string; timeZone: string }>>;
  };
  /** The e-mail of an account, null when it has none (accounts). */
  emailOf(userId: string): Promise<string | null>;
  /** Sends a plain-text mail (the notifications plugin: SMTP_URL, or the log). */
  sendMail(message: { to: string; subject: string; text: string }): Promise<void>;
  /**
   * Told of the alerts a sweep of this process raised, once each (support
   * opens an enquiry for each); a failure is logged, the sweep goes on.
   */
  raised?(alerts: RaisedSilence[]): Promise<void>;
  /** The clock of sweeps and their timer (a test's fake one); Date.now by default. */
  now?: () => number;
  /** Players decided together in a sweep (default SWEEP_DECIDE_BATCH). */
  decideBatch?: number;
  /**
   * Takes (or renews) the lease of the sweep until `untilMs`, as of `nowMs`:
   * whether this process may sweep now. Given where several processes share
   * the database (PostgreSQL); absent where this process is alone (PGlite).
   */
  sweepLease?: (nowMs: number, untilMs: number) => Promise<boolean>;
}

/**
 * How long a sweep's lease lasts: the process that swept last sweeps again
 * while it keeps sweeping (every SILENCE_SWEEP_MS while it has players to
 * judge); a process that died leaves it to the others after this long.
 */
export const SWEEP_LEASE_MS = 75_000;

/**
 * Players whose schedules a sweep decides together. A thousand online
 * players that play nothing (a network's night) were one run of 124 ms,
 * with stretches of ~20 ms in which no command or ping was served; in
 * batches, each reads its rows and decides between the others' reads.
 */
export const SWEEP_DECIDE_BATCH = 200;

/**
 * After each batch, a sweep rests this many times as long as the batch
 * took: at 10 000 venues, 9 000 online players that play nothing (a night,
 * or the socket bench) were 45 batches back to back, a second in which the
 * loop was the sweep's and the owners' commands queued behind it (up to
 * 64 ms). Resting, it takes at most a quarter of the loop, for a few
 * seconds of its 30.
 */
const SWEEP_REST_RATIO = 3;

/** A silence just raised to an alert: whose player, where. */
export interface RaisedSilence {
  alertId: string;
  playerId: string;
  playerName: string;
  ownerId: string;
  establishmentId: string;
  silentSince: Date;
  /**
   * Its device was not in touch when the alert was raised: it may be
   * playing from its memory (a box, a web player offline) or be off — the
   * server cannot tell, and says so rather than «молчит».
   */
  outOfTouch: boolean;
}

/** A just-raised alert as the sweep knows it. */
type RaisedSilenceAlert = RaisedAlert & { outOfTouch: boolean };

/**
 * What one sweep did: the players it found silent, raised and cleared, and
 * when the next sweep is due (null: not until an event, see `nextSweepAt`).
 */
export interface SweepResult {
  silent: string[];
  raised: string[];
  cleared: string[];
  nextSweepAt: number | null;
}

/** The longest delay a timer holds (~24.8 days); a later sweep is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** The events after which a player may be silent where none could be before. */
const WAKING_EVENTS: ReadonlySet<BusEvent["kind"]> = new Set([
  "schedule-changed",
  "music-access-changed",
  "establishments-changed",
]);

/**
 * Silence alerts (issue 14): a player that should play by its schedule
 * but is offline, stopped or playing nothing for SILENCE_ALERT_MS raises an
 * alert for its owner — one mail, and the open alert the web app counts
 * and the players base shows — which clears when it plays again or the
 * schedule no longer asks for music.
 *
 * A sweep judges the players that do not play (silence has no event of
 * its own: a device whose line is cut just stops pinging, a window opens
 * on a clock). It runs every SILENCE_SWEEP_MS while a silence is open or a
 * player is online; else it sleeps until the first offline player's
 * schedule changes, or, with none, until an event says a player may now
 * be silent (a device connected or reported, a schedule, music access or a
 * venue's time zone changed; on every process, through the bus): an idle
 * process queries nothing (issue 16). The open silence is a row, so
 * "silent continuously since" survives a restart and is the same for every
 * process. Where several processes share the database, the one holding
 * the sweep's lease sweeps on its timer (`sweepIfLeased`), and the row's
 * unique index and conditional updates still let only one of them open,
 * raise and mail each silence whatever sweeps (see the repository). A
 * device's report that it plays clears its alert at once, without waiting
 * for the sweep.
 */
export class SilenceAlerts {
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  /** When the armed timer sweeps (the clock's milliseconds); undefined when none is armed. */
  private dueAt: number | undefined;
  private running: Promise<unknown> | undefined;
  /** An event came while a sweep ran: the sweep may have read before it. */
  private wokenWhileRunning = false;
  private stopped = true;
  private stopListening: (() => void) | undefined;
  /** Players with an open silence as of this process's last sweep: who a play may clear. */
  private open = new Set<string>();
  /** The instant the running (or last) sweep judges: its decisions' clock. */
  private sweepAt = Number.NEGATIVE_INFINITY;
  /**
   * The players' decisions, each good until its `decideAgainAt`, as the
   * status pushed to devices trusts them: a sweep decides only the players
   * whose decision ran out or is new (at 10 000 idle venues, deciding all
   * was ~100 MB of garbage every 30 s; issue 30). A bus event that may
   * change a decision sooner forgets it; a gap of the bus forgets them all.
   */
  private readonly decisions = new BusCache<ScheduleDecision>({
    load: async (id) => (await this.decideInBatches([id])).get(id),
    loadMany: (ids) => this.decideInBatches(ids),
    expiresAtOf: (decision) => decision.decideAgainAt,
    ttlMs: Number.POSITIVE_INFINITY,
    now: () => this.sweepAt,
  });

  constructor(private readonly deps: SilenceAlertsDependencies) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * Listens for plays and for what wakes a sweep, and sweeps SILENCE_SWEEP_MS
   * after start, then when the last sweep says (`nextSweepAt`). Called
   * again after `stopSweeping`, it sweeps again.
   */
  start(): void {
    this.stopped = false;
    if (!this.stopListening) {
      this.stopListening = this.deps.bus.subscribe((event) => {
        if (event.kind === "messages") {
          const states = event.messages.flatMap((message) =>
            message.type === "playerState" ? [message.state] : [],
          );
          if (states.length === 0) return;
          for (const { playerId, online, playing } of states) {
            if (online && playing && this.open.has(playerId)) void this.clearPlaying(playerId);
          }
          this.wake();
          return;
        }
        if (event.kind === "schedule-changed" || event.kind === "players-removed") {
          this.decisions.forget(event.playerIds);
        } else if (WAKING_EVENTS.has(event.kind)) {
          this.decisions.clear();
        }
        if (WAKING_EVENTS.has(event.kind)) this.wake();
      });
      this.deps.bus.onGap(() => {
        this.decisions.clear();
        this.wake();
      });
    }
    this.arm(this.now() + SILENCE_SWEEP_MS);
  }

  /** When the next sweep of this process's timer is due; null while it sleeps until an event. */
  get sweepDueAt(): number | null {
    return this.dueAt ?? null;
  }

  /** Whether a sweep of this process's timer is running now. */
  get sweeping(): boolean {
    return this.running !== undefined;
  }

  async stop(): Promise<void> {
    this.stopListening?.();
    this.stopListening = undefined;
    await this.stopSweeping();
  }

  /** Stops the sweep and keeps listening for plays (a test drives `sweep` on its own clock). */
  async stopSweeping(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.dueAt = undefined;
    await this.running;
  }

  /**
   * Judges every player that does not play at `nowMs`: opens a silence for
   * each one silent against its schedule, closes those no longer silent,
   * and raises (and mails) the silences older than SILENCE_ALERT_MS.
   */
  async sweep(nowMs: number = this.now()): Promise<SweepResult> {
    const now = new Date(nowMs);
    const candidates = await this.deps.store.silenceAlerts.silenceCandidates(onlineSince(nowMs));
    const idle = candidates.filter((player) => !(player.online && player.playing));
    // A sweep at an earlier instant (a test's clock) trusts no decision made later.
    if (nowMs < this.sweepAt) this.decisions.clear();
    this.sweepAt = nowMs;
    const decisions = await this.decisions.getMany(idle.map((player) => player.playerId));
    const silent: string[] = [];
    const quiet: string[] = [];
    for (const player of candidates) {
      const scheduled = decisions.get(player.playerId)?.playlistId ?? null;
      if (isSilent(player, scheduled)) silent.push(player.playerId);
      else if (player.openSince) quiet.push(player.playerId);
    }
    const cleared = await this.deps.store.silenceAlerts.closeSilences(quiet, now);
    const opened = new Set(
      candidates.filter((player) => player.openSince).map((player) => player.playerId),
    );
    await this.deps.store.silenceAlerts.openSilences(
      silent.filter((id) => !opened.has(id)),
      now,
    );
    this.open = new Set(silent);
    // A player out of touch may be playing from its memory: its alert says so, not «молчит».
    const inTouch = new Set(
      candidates.filter((player) => player.online).map((player) => player.playerId),
    );
    const raised = (
      await this.deps.store.silenceAlerts.raiseDue(new Date(nowMs - SILENCE_ALERT_MS), now)
    ).map((alert) => ({ ...alert, outOfTouch: !inTouch.has(alert.playerId) }));
    await this.mail(raised);
    await this.tell(raised);
    // Online players are asked for only when no candidate says so already.
    const online =
      candidates.some((player) => player.online) ||
      (silent.length === 0 && (await this.deps.store.silenceAlerts.anyOnline(onlineSince(nowMs))));
    const next = nextSweepAt(nowMs, {
      silent: silent.length,
      online,
      decideAgainAt: [...decisions.values()].map((decision) => decision.decideAgainAt),
    });
    return { silent, raised: raised.map((alert) => alert.playerId), cleared, nextSweepAt: next };
  }

  /** The open alerts of a client's players (see `assertMayReadAlerts` for whose). */
  async listOpen(actor: Actor, userId: string | undefined): Promise<PlayerAlert[]> {
    const ownerId = assertMayReadAlerts(actor, userId);
    const rows = await this.deps.store.silenceAlerts.openAlertsOfOwner(
      ownerId,
      onlineSince(this.now()),
    );
    const venueIds = [...new Set(rows.map((row) => row.establishmentId))];
    const [names, places] = await Promise.all([
      this.deps.establishments.namesOf(venueIds),
      this.deps.establishments.placesOf(venueIds),
    ]);
    return rows.map((row) => ({
      id: row.id,
      playerId: row.playerId,
      playerName: row.playerName,
      establishmentId: row.establishmentId,
      establishmentName: names.get(row.establishmentId) ?? "",
      timeZone: places.get(row.establishmentId)?.timeZone ?? ESTABLISHMENTS.defaultTimeZone,
      silentSince: row.silentSince.toISOString(),
      raisedAt: row.raisedAt.toISOString(),
      outOfTouch: !row.online,
    }));
  }

  /** Mails each owner of a just-raised alert; a failed mail is logged and not sent again. */
  private async mail(raised: RaisedSilenceAlert[]): Promise<void> {
    if (raised.length === 0) return;
    const venueIds = [...new Set(raised.map((alert) => alert.establishmentId))];
    const [names, places] = await Promise.all([
      this.deps.establishments.namesOf(venueIds),
      this.deps.establishments.placesOf(venueIds),
    ]);
    for (const alert of raised) {
      try {
        const to = await this.deps.emailOf(alert.ownerId);
        if (!to) {
          this.deps.log.info(
            { playerId: alert.playerId },
            "silence alert: its owner has no e-mail",
          );
          continue;
        }
        const timeZone =
          places.get(alert.establishmentId)?.timeZone ?? ESTABLISHMENTS.defaultTimeZone;
        await this.deps.sendMail({
          to,
          ...silenceMail({
            playerName: alert.playerName,
            establishmentName: names.get(alert.establishmentId) ?? "",
            since: sinceText(alert.silentSince, timeZone),
            outOfTouch: alert.outOfTouch,
          }),
        });
      } catch (error) {
        this.deps.log.error({ err: error, playerId: alert.playerId }, "silence alert mail failed");
      }
    }
  }

  /** Tells the `raised` port of just-raised alerts; a failure is logged. */
  private async tell(raised: RaisedSilenceAlert[]): Promise<void> {
    if (raised.length === 0 || !this.deps.raised) return;
    try {
      await this.deps.raised(raised.map(({ id, ...alert }) => ({ alertId: id, ...alert })));
    } catch (error) {
      this.deps.log.error({ err: error }, "telling of raised silence alerts failed");
    }
  }

  private async clearPlaying(playerId: string): Promise<void> {
    this.open.delete(playerId);
    try {
      await this.deps.store.silenceAlerts.closeSilences([playerId], new Date(this.now()));
    } catch (error) {
      this.deps.log.error({ err: error, playerId }, "clearing a silence alert failed");
    }
  }

  /**
   * The timer's sweep, made by one process of those sharing the database at
   * a time: every process judged every player, so two processes at 20 000
   * venues decided 40 000 schedules every 30 s for the same alerts (issue
   * 30). One that does not hold the lease looks again as if polled, and
   * takes over within SWEEP_LEASE_MS when the sweeping one stops.
   */
  private async sweepIfLeased(): Promise<{ nextSweepAt: number | null }> {
    const nowMs = this.now();
    if (this.deps.sweepLease && !(await this.deps.sweepLease(nowMs, nowMs + SWEEP_LEASE_MS))) {
      return { nextSweepAt: nowMs + SILENCE_SWEEP_MS };
    }
    return this.sweep(nowMs);
  }

  /** Decides these players at the sweep's instant, a batch at a time, resting between batches. */
  private async decideInBatches(ids: readonly string[]): Promise<Map<string, ScheduleDecision>> {
    const instant = this.sweepAt;
    const decisions = new Map<string, ScheduleDecision>();
    const batch = this.deps.decideBatch ?? SWEEP_DECIDE_BATCH;
    let batchMs = 0;
    for (let start = 0; start < ids.length; start += batch) {
      // On the real clock, whatever clock the timer runs on; a stopping
      // process (or a sweep called while stopped) finishes without rests.
      if (start > 0 && !this.stopped) await rest(SWEEP_REST_RATIO * batchMs);
      const began = performance.now();
      const decided = await this.deps.decide(ids.slice(start, start + batch), instant);
      for (const [id, decision] of decided) decisions.set(id, decision);
      batchMs = performance.now() - began;
    }
    return decisions;
  }

  /** Something may have made a player silent: a sweep within SILENCE_SWEEP_MS, as if polled. */
  private wake(): void {
    if (this.stopped) return;
    if (this.running) this.wokenWhileRunning = true;
    else this.arm(this.now() + SILENCE_SWEEP_MS);
  }

  /** Sweeps at `atMs`, unless a sweep is armed for earlier already. */
  private arm(atMs: number): void {
    if (this.stopped || (this.dueAt !== undefined && this.dueAt <= atMs)) return;
    clearTimeout(this.timer);
    this.dueAt = atMs;
    const delay = Math.min(Math.max(atMs - this.now(), 0), LONGEST_TIMER_MS);
    this.timer = setTimeout(() => this.run(), delay);
    this.timer.unref();
  }

  /** The timer's sweep; then arms the next one it asks for (a failed sweep looks again as if polled). */
  private run(): void {
    this.timer = undefined;
    this.dueAt = undefined;
    this.wokenWhileRunning = false;
    this.running = this.sweepIfLeased()
      .then(
        (result) => result.nextSweepAt,
        (error: unknown) => {
          this.deps.log.error({ err: error }, "silence sweep failed");
          return this.now() + SILENCE_SWEEP_MS;
        },
      )
      .then((next) => {
        this.running = undefined;
        if (this.wokenWhileRunning) this.arm(this.now() + SILENCE_SWEEP_MS);
        if (next !== null) this.arm(next);
      });
  }
}

/** "14:05, 3 декабря" on the establishment's wall clock. */
export function sinceText(at: Date, timeZone: string): string {
  const time = new Intl.DateTimeFormat("ru-RU", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
  const day = new Intl.DateTimeFormat("ru-RU", { timeZone, day: "numeric", month: "long" }).format(
    at,
  );
  return `${time}, ${day}`;
}
