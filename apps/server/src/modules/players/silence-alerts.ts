import { ESTABLISHMENTS, type PlayerAlert, type ScheduleDecision } from "@fonika/shared";
import type { Database } from "../../db/client.ts";
import type { ServiceLog } from "../../lib/logging.ts";
import type { Actor } from "../../plugins/auth.ts";
import type { EventBus } from "../../realtime/bus.ts";
import { onlineSince } from "./live.policy.ts";
import { silenceMail } from "./silence-alerts.errors.ts";
import {
  assertMayReadAlerts,
  isSilent,
  SILENCE_ALERT_MS,
  SILENCE_SWEEP_MS,
} from "./silence-alerts.policy.ts";
import * as repository from "./silence-alerts.repository.ts";

export interface SilenceAlertsDependencies {
  db: Database;
  log: ServiceLog;
  /** A device's report that it plays clears its player's alert at once. */
  bus: Pick<EventBus, "subscribe">;
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
  /** The clock (a test's fake one); Date.now by default. */
  now?: () => number;
}

/** A silence just raised to an alert: whose player, where. */
export interface RaisedSilence {
  alertId: string;
  playerId: string;
  playerName: string;
  ownerId: string;
  establishmentId: string;
  silentSince: Date;
}

/** What one sweep did: the players it found silent, raised and cleared. */
export interface SweepResult {
  silent: string[];
  raised: string[];
  cleared: string[];
}

/**
 * Silence alerts (issue 14): a player that should play by its schedule
 * but is offline, stopped or playing nothing for SILENCE_ALERT_MS raises an
 * alert for its owner — one mail, and the open alert the web app counts
 * and the players base shows — which clears when it plays again or the
 * schedule no longer asks for music.
 *
 * Every SILENCE_SWEEP_MS a sweep judges the players that do not play
 * (silence has no event of its own: a device whose line is cut just stops
 * pinging, a window opens on a clock). The open silence is a row, so
 * "silent continuously since" survives a restart and is the same for every
 * process; several processes sweep the same database and the row's unique
 * index and conditional updates let one of them open, raise and mail each
 * silence (see the repository). A device's report that it plays clears
 * its alert at once, without waiting for the sweep.
 */
export class SilenceAlerts {
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  private stopListening: (() => void) | undefined;
  /** Players with an open silence as of this process's last sweep: who a play may clear. */
  private open = new Set<string>();

  constructor(private readonly deps: SilenceAlertsDependencies) {
    this.now = deps.now ?? Date.now;
  }

  /** Sweeps every SILENCE_SWEEP_MS (the first a sweep after start) and listens for plays. */
  start(): void {
    this.stopped = false;
    this.stopListening = this.deps.bus.subscribe((event) => {
      if (event.kind !== "message" || event.message.type !== "playerState") return;
      const { playerId, online, playing } = event.message.state;
      if (online && playing && this.open.has(playerId)) void this.clearPlaying(playerId);
    });
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopListening?.();
    await this.stopSweeping();
  }

  /** Stops the sweep and keeps listening for plays (a test drives `sweep` on its own clock). */
  async stopSweeping(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Judges every player that does not play at `nowMs`: opens a silence for
   * each one silent against its schedule, closes those no longer silent,
   * and raises (and mails) the silences older than SILENCE_ALERT_MS.
   */
  async sweep(nowMs: number = this.now()): Promise<SweepResult> {
    const now = new Date(nowMs);
    const candidates = await repository.silenceCandidates(this.deps.db, onlineSince(nowMs));
    const idle = candidates.filter((player) => !(player.online && player.playing));
    const decisions =
      idle.length > 0
        ? await this.deps.decide(
            idle.map((player) => player.playerId),
            nowMs,
          )
        : new Map<string, ScheduleDecision>();
    const silent: string[] = [];
    const quiet: string[] = [];
    for (const player of candidates) {
      const scheduled = decisions.get(player.playerId)?.playlistId ?? null;
      if (isSilent(player, scheduled)) silent.push(player.playerId);
      else if (player.openSince) quiet.push(player.playerId);
    }
    const cleared = await repository.closeSilences(this.deps.db, quiet, now);
    const opened = new Set(
      candidates.filter((player) => player.openSince).map((player) => player.playerId),
    );
    await repository.openSilences(
      this.deps.db,
      silent.filter((id) => !opened.has(id)),
      now,
    );
    this.open = new Set(silent);
    const raised = await repository.raiseDue(this.deps.db, new Date(nowMs - SILENCE_ALERT_MS), now);
    await this.mail(raised);
    await this.tell(raised);
    return { silent, raised: raised.map((alert) => alert.playerId), cleared };
  }

  /** The open alerts of a client's players (see `assertMayReadAlerts` for whose). */
  async listOpen(actor: Actor, userId: string | undefined): Promise<PlayerAlert[]> {
    const ownerId = assertMayReadAlerts(actor, userId);
    const rows = await repository.openAlertsOfOwner(this.deps.db, ownerId);
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
    }));
  }

  /** Mails each owner of a just-raised alert; a failed mail is logged and not sent again. */
  private async mail(raised: repository.RaisedAlert[]): Promise<void> {
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
          }),
        });
      } catch (error) {
        this.deps.log.error({ err: error, playerId: alert.playerId }, "silence alert mail failed");
      }
    }
  }

  /** Tells the `raised` port of just-raised alerts; a failure is logged. */
  private async tell(raised: repository.RaisedAlert[]): Promise<void> {
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
      await repository.closeSilences(this.deps.db, [playerId], new Date(this.now()));
    } catch (error) {
      this.deps.log.error({ err: error, playerId }, "clearing a silence alert failed");
    }
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep()
        .catch((error: unknown) => this.deps.log.error({ err: error }, "silence sweep failed"))
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, SILENCE_SWEEP_MS);
    this.timer.unref();
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
