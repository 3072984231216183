import type { PlayerDecision, PlayerLiveState, ServerSocketMessage } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import type { ServiceLog } from "../../../kernel/service-log.ts";
import { batched } from "../../../lib/batched.ts";
import type { EventBus } from "../../../realtime/bus.ts";
import type { PlayRecorder } from "../../history/history.ts";
import type { PlayersStore } from "../players.store.ts";
import type { ControllablePlayer } from "../registry/players.service.ts";
import { ScheduleStatus } from "../schedules/schedule-status.ts";
import { DeviceReports, isDeviceReport } from "./device-reports.ts";
import { DevicesElsewhere } from "./devices-elsewhere.ts";
import { Heartbeats } from "./heartbeats.ts";
import { liveErrors } from "./live.errors.ts";
import { isFresh, onlineSince } from "./live.policy.ts";
import type { LiveFigures, PlayerWithState } from "./live.repository.ts";
import type { PlayerSocketMessage } from "./live.socket.ts";
import { LiveStates, presentState } from "./live-states.ts";
import { PresenceTurns } from "./presence-turns.ts";
import { type Command, type PlayableTrack, RemoteControl } from "./remote-control.ts";
import { ToldSongs } from "./told-songs.ts";

export { HEARTBEAT_WRITE_MS } from "./heartbeats.ts";
export { HEARTBEAT_FRESH_MS, onlineSince } from "./live.policy.ts";

export interface LiveDependencies {
  store: PlayersStore;
  bus: EventBus;
  log: ServiceLog;
  history: PlayRecorder;
  /** The player `actor` may control (the players' directory rule). */
  findControllable(actor: Actor, playerId: string): Promise<ControllablePlayer | null>;
  /** The playable playlists on a player (null: not the actor's to see). */
  playlistsOf(actor: Actor, playerId: string): Promise<string[] | null>;
  /** The library's public face: each playlist's current version tracks in order. */
  playlistTracks(ids: readonly string[]): Promise<Map<string, PlayableTrack[]>>;
  /** Whether the explicit filter of the player's establishment is on (kept in memory). */
  explicitFilterOf(playerId: string): Promise<boolean>;
  /** What each player plays now by its schedule (schedules). */
  decide(playerIds: string[], instantMs: number): Promise<Map<string, PlayerDecision>>;
}

/**
 * The live state of players and their remote control (SPEC.md §3 player
 * state, §4 player socket), the one face the socket and the routes use.
 * It keeps which devices are connected to this process and routes each
 * message: the device's reports to `DeviceReports`, commands to
 * `RemoteControl`, the schedule's `status` to `ScheduleStatus`. Every
 * message goes out through the bus to the player's room and its owner's,
 * on every process (`LiveStates`).
 */
export class LiveService {
  /** Sockets of each player's device on this process. */
  private readonly localDevices = new Map<string, number>();
  private readonly states: LiveStates;
  private readonly reports: DeviceReports;
  private readonly control: RemoteControl;
  private readonly scheduleStatus: ScheduleStatus;
  private readonly told: ToldSongs;
  /** Devices arriving and leaving, handled a turn at a time (presence-turns.ts). */
  private readonly presence: PresenceTurns;
  /**
   * Per player, the commands and device reports being handled on this
   * process, one after the other: a report judged while a command's write
   * is on its way, before its `playSong` went out, would undo it.
   */
  private readonly lanes = new Map<string, Promise<void>>();
  /** Whether the devices here are alive: held in memory, written on change (heartbeats.ts). */
  private readonly heartbeats: Heartbeats;
  /** Whether the devices on other processes are alive, as they told (devices-elsewhere.ts). */
  private readonly elsewhere: DevicesElsewhere;
  /** A player with its state and venue, read with the others asked for meanwhile. */
  private readonly playerWithState = batched(async (ids: readonly string[]) => {
    const rows = await this.deps.store.live.playersWithStateByIds(ids);
    return new Map(rows.map((row) => [row.playerId, row]));
  });
  /** An owner's players with their states, oldest first, read with the other owners asked for meanwhile. */
  private readonly ownerPlayersWithState = batched(async (ownerIds: readonly string[]) => {
    const byOwner = new Map<string, PlayerWithState[]>();
    for (const row of await this.deps.store.live.playersWithStateByIds(ownerIds, "owners")) {
      const rows = byOwner.get(row.ownerId) ?? [];
      rows.push(row);
      byOwner.set(row.ownerId, rows);
    }
    return byOwner;
  });

  constructor(private readonly deps: LiveDependencies) {
    this.states = new LiveStates(deps);
    this.elsewhere = new DevicesElsewhere({
      bus: deps.bus,
      isLocal: (playerId) => this.localDevices.has(playerId),
    });
    this.told = new ToldSongs({
      bus: deps.bus,
      isLocal: (playerId) => this.localDevices.has(playerId),
    });
    this.reports = new DeviceReports({
      ...deps,
      states: this.states,
      told: this.told,
      elsewhere: this.elsewhere,
    });
    this.scheduleStatus = new ScheduleStatus({
      ...deps,
      states: this.states,
      isLocal: (playerId) => this.localDevices.has(playerId),
      localPlayerIds: () => [...this.localDevices.keys()],
    });
    this.control = new RemoteControl({ ...deps, states: this.states });
    this.heartbeats = new Heartbeats({
      ...deps,
      states: this.states,
      elsewhere: this.elsewhere,
      isLocal: (playerId) => this.localDevices.has(playerId),
    });
    this.presence = new PresenceTurns({
      arrived: (ids) => this.devicesArrived(ids),
      left: (ids) => this.reports.devicesLeft(ids),
    });
  }

  async snapshot(actor: Actor): Promise<ServerSocketMessage[]> {
    if (actor.sessionKind === "device" && !actor.establishmentId) return [];
    return this.statesOf({
      ownerId: actor.userId,
      establishmentId: actor.sessionKind === "device" ? actor.establishmentId : undefined,
      // A device bound to its player sees that player only.
      playerId: actor.playerId,
    });
  }

  ownerSnapshot(ownerId: string): Promise<ServerSocketMessage[]> {
    return this.statesOf({ ownerId });
  }

  /**
   * A `playerState` of each of the owner's players, of one venue or one
   * player when named. A device of one player and an owner's remote are
   * read with the others let in at the same time (`batched`).
   */
  private async statesOf(scope: {
    ownerId: string;
    establishmentId?: string | null | undefined;
    playerId?: string | null | undefined;
  }): Promise<ServerSocketMessage[]> {
    let rows: readonly PlayerWithState[];
    if (scope.playerId) {
      const row = await this.playerWithState(scope.playerId);
      const seen =
        row?.ownerId === scope.ownerId &&
        (!scope.establishmentId || row.establishmentId === scope.establishmentId);
      rows = seen ? [row] : [];
    } else if (scope.establishmentId) {
      rows = await this.deps.store.live.playersWithState(scope);
    } else {
      rows = (await this.ownerPlayersWithState(scope.ownerId)) ?? [];
    }
    return rows.map((row) => ({
      type: "playerState",
      state: presentState(row.playerId, row.state),
    }));
  }

  /** A device's socket opened here: its players are online once the turn that handles it is over. */
  async opened(actor: Actor): Promise<void> {
    if (actor.sessionKind !== "device") return;
    const ids = await this.devicePlayerIds(actor);
    for (const id of ids) this.localDevices.set(id, (this.localDevices.get(id) ?? 0) + 1);
    this.heartbeats.arrived(actor, ids);
    await this.presence.arrived(ids);
  }

  /**
   * Devices of these players arrived (one presence turn): a play a device
   * left open without a word (the server it was on died) ends before it
   * plays on; they are online, and their owners and devices hear their
   * states and schedules. A statement or two for the whole turn.
   */
  private async devicesArrived(playerIds: readonly string[]): Promise<void> {
    await this.reports.endLapsedPlays(onlineSince(), playerIds);
    const now = new Date();
    await this.deps.store.live.writeHeartbeats(playerIds, now);
    await this.elsewhere.heard(playerIds, now.getTime());
    await this.states.publishRows(await this.deps.store.live.playersWithStateByIds(playerIds));
    await this.scheduleStatus.push([...playerIds]);
  }

  /** Notes a device's ping (heartbeats.ts). */
  alive(actor: Actor): void {
    this.heartbeats.alive(actor);
  }

  async closed(actor: Actor): Promise<void> {
    if (actor.sessionKind !== "device") return;
    const ids = await this.devicePlayerIds(actor);
    const venueGone = ids.every((id) => (this.localDevices.get(id) ?? 0) <= 1);
    const gone: string[] = [];
    for (const id of ids) {
      const left = (this.localDevices.get(id) ?? 1) - 1;
      if (left > 0) {
        this.localDevices.set(id, left);
        continue;
      }
      this.localDevices.delete(id);
      this.scheduleStatus.forget(id);
      this.told.forget(id);
      gone.push(id);
    }
    this.heartbeats.left(actor, gone, venueGone);
    // The devices are gone from this process: what they played ends here.
    await this.presence.left(gone);
  }

  async handle(actor: Actor, message: PlayerSocketMessage): Promise<ServerSocketMessage | null> {
    const player = await this.deps.findControllable(actor, message.playerId);
    if (!player) return { type: "error", message: liveErrors.playerNotFound };
    const playerId = player.playerId;
    if (isDeviceReport(message)) {
      if (actor.sessionKind !== "device") return { type: "error", message: liveErrors.onlyDevice };
      // The history checks a play against the session it was reported under.
      await this.inLane(playerId, () => this.reports.report(player, message, actor.sessionId));
      return null;
    }
    if (actor.sessionKind !== "device" && !(await this.isOnline(playerId))) {
      return { type: "needToStartPlayerError", playerId };
    }
    return this.inLane(playerId, () =>
      this.control.command(actor, player, { ...message, playerId } as Command),
    );
  }

  /** Runs `work` after what this process handles for the player now (see `lanes`). */
  private inLane<T>(playerId: string, work: () => Promise<T>): Promise<T> {
    const before = this.lanes.get(playerId) ?? Promise.resolve();
    const run = before.then(work);
    const done = run.then(
      () => undefined,
      () => undefined,
    );
    this.lanes.set(playerId, done);
    void done.then(() => {
      if (this.lanes.get(playerId) === done) this.lanes.delete(playerId);
    });
    return run;
  }

  /**
   * The explicit filter was turned on at these players' venue: each on an
   * explicit song skips to the next allowed one (see `RemoteControl.skipExplicit`).
   */
  async skipExplicit(players: readonly ControllablePlayer[]): Promise<void> {
    for (const player of players) {
      await this.inLane(player.playerId, () => this.control.skipExplicit(player));
    }
  }

  /** The REST face of a command (SPEC.md §7): the same rules, the refusal as an error. */
  async commandOverHttp(actor: Actor, message: Command): Promise<PlayerLiveState> {
    const answer = await this.handle(actor, message);
    if (answer?.type === "needToStartPlayerError") throw liveErrors.playerNotStarted();
    if (answer?.type === "error") throw liveErrors.refused(answer.message);
    return this.stateOf(message.playerId);
  }

  /**
   * A command staff send to a client's player (support, from the client's
   * enquiry; the caller checked that `player` is that client's): the same
   * remote control as the owner's own command, so it reaches the device
   * and the owner's screens alike. 409 (playerNotStarted) when its device
   * is not connected; a refusal (no playlist to step in) as a 404.
   */
  async commandByStaff(
    staff: Actor,
    player: ControllablePlayer,
    command: "play" | "pause" | "next",
  ): Promise<PlayerLiveState> {
    if (!(await this.isOnline(player.playerId))) throw liveErrors.playerNotStarted();
    const message: Command =
      command === "next"
        ? { type: "playNextSongRequested", playerId: player.playerId }
        : { type: command, playerId: player.playerId };
    const answer = await this.inLane(player.playerId, () =>
      this.control.command(staff, player, message),
    );
    if (answer?.type === "error") throw liveErrors.refused(answer.message);
    return this.stateOf(player.playerId);
  }

  /** A player's state for an actor who may control it (404 otherwise). */
  async stateFor(actor: Actor, playerId: string): Promise<PlayerLiveState> {
    const player = await this.deps.findControllable(actor, playerId);
    if (!player) throw liveErrors.notFound();
    return this.stateOf(player.playerId);
  }

  stateOf(playerId: string): Promise<PlayerLiveState> {
    return this.states.stateOf(playerId);
  }

  /**
   * Decides again for these players and tells their sockets (`status`);
   * with `onlyChanged`, a player told the same decision last hears nothing.
   */
  pushStatus(playerIds: string[], options: { onlyChanged?: boolean } = {}): Promise<void> {
    return this.scheduleStatus.push(playerIds, options);
  }

  /** Starts looking for plays a dead process left open (see `DeviceReports.start`). */
  start(options: { devicesDieWithProcess: boolean }): Promise<void> {
    return this.reports.start(options.devicesDieWithProcess);
  }

  /** Ends the plays of devices silent since before `freshSince` (see `DeviceReports`). */
  endLapsedPlays(freshSince: Date, playerIds?: readonly string[]): Promise<void> {
    return this.reports.endLapsedPlays(freshSince, playerIds);
  }

  /**
   * Players online and playing now, and silence alerts open, across every
   * process (they read the shared live state): one query, for metrics.
   */
  figures(): Promise<LiveFigures> {
    return this.deps.store.live.liveFigures(onlineSince());
  }

  /** Stops listening and the timers of this process (the app closes). */
  stop(): void {
    this.heartbeats.stop();
    this.elsewhere.stop();
    this.reports.stop();
    this.scheduleStatus.stop();
    this.told.stop();
  }

  private async isOnline(playerId: string): Promise<boolean> {
    if (this.localDevices.has(playerId)) return !this.heartbeats.isAway(playerId);
    if (this.elsewhere.isAlive(playerId)) return true;
    // Not heard from its process (just started, or the device is gone):
    // the stored heartbeat, read with the other players asked for meanwhile.
    const row = await this.playerWithState(playerId);
    return isFresh(row?.state?.heartbeatAt ?? null);
  }

  /** The players a device session plays: the one it named, or its owner's in its establishment. */
  private async devicePlayerIds(actor: Actor): Promise<string[]> {
    if (!actor.establishmentId) return [];
    if (actor.playerId) return [actor.playerId];
    const rows = await this.deps.store.live.playersWithState({
      ownerId: actor.userId,
      establishmentId: actor.establishmentId,
    });
    return rows.map((row) => row.playerId);
  }
}
