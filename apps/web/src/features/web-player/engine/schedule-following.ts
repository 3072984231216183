import { type Scheduled, scheduledAt } from "@fonika/shared";
import type { DeckSwitching } from "./deck-switching.ts";
import type { EngineDependencies, EngineState } from "./engine-state.ts";
import type { PlayReports } from "./play-reports.ts";
import type { SongChoice } from "./song-choice.ts";

/** Offline, the plan's schedule is looked at this often. */
const OFFLINE_LOOK_MS = 1_000;

/**
 * The web player keeps to its schedule: online it asks the server for the
 * playlist the schedule wants (the server answers with `playSong`),
 * offline it finds the schedule's edges in the plan and starts the
 * playlist itself; a playlist that ends while its hour goes on starts over.
 */
export class ScheduleFollowing {
  private lastOfflineLook = 0;

  constructor(
    private readonly state: EngineState,
    private readonly deps: EngineDependencies,
    private readonly reports: PlayReports,
    private readonly choice: SongChoice,
    private readonly switching: DeckSwitching,
  ) {}

  /** Plays what the schedule wants now, if it knows. */
  startScheduled(): void {
    const scheduled = this.choice.scheduled();
    if (scheduled) this.followSchedule(scheduled);
  }

  /** Plays the scheduled playlist unless it already plays; silence when there is none. */
  followSchedule(scheduled: Scheduled): void {
    const state = this.state;
    if (!scheduled.playlistId) {
      this.switching.halt("silence");
      return;
    }
    if (
      state.current?.playlistId === scheduled.playlistId &&
      state.problem !== "nothing-playable"
    ) {
      // The playlist goes on; whether it is the fallback now is the schedule's word (the
      // screen names it so, and the next play is filed so).
      if (state.current.fallback !== scheduled.fallback) {
        state.current.fallback = scheduled.fallback;
        this.deps.onChange();
      }
      return;
    }
    if (state.paused && state.current) return;
    if (state.online) {
      // Asked already (the plan and the server's status may both say so): one answer comes.
      if (!state.playerId || state.requestedPlaylist === scheduled.playlistId) return;
      // After a reload, the song it cut is asked for once the plan says where it is.
      if (state.resumeAt && !state.plan) return;
      state.requestedPlaylist = scheduled.playlistId;
      const resumed = this.choice.resumed(scheduled.playlistId);
      this.deps.send(
        resumed
          ? {
              type: "playSongRequested",
              playerId: state.playerId,
              songId: resumed.id,
              playlistId: scheduled.playlistId,
            }
          : {
              type: "playPlaylistRequested",
              playerId: state.playerId,
              playlistId: scheduled.playlistId,
            },
      );
      return;
    }
    const song =
      this.choice.resumed(scheduled.playlistId) ?? this.choice.next(scheduled.playlistId);
    if (!song) {
      this.switching.setProblem("nothing-playable");
      return;
    }
    void this.switching.transition(
      song,
      scheduled.playlistId,
      state.crossfadeSeconds(),
      "finished",
      scheduled.fallback,
    );
  }

  /**
   * The server has nothing after this song (the playlist's end, loop off).
   * While the schedule still wants the playlist it starts over: a venue's
   * hour must not fall silent. Once per song played, so an empty playlist
   * does not ask again and again. When the owner's next brought the stop
   * (`skipAsked`), the answer moves on as a skip does.
   */
  stopAsked(): void {
    const scheduled = this.choice.scheduled();
    const playlistId = scheduled?.playlistId ?? null;
    const playerId = this.state.playerId;
    if (playlistId && this.reports.playedSinceRestart && playerId) {
      this.reports.playedSinceRestart = false;
      this.state.requestedPlaylist = playlistId;
      this.deps.send({ type: "playPlaylistRequested", playerId, playlistId });
      return;
    }
    this.state.skipAsked = false;
    this.switching.halt("silence");
  }

  /** Every tick: offline the schedule's edges are the plan's to find. */
  tick(): void {
    const { current, plan, online, paused, transitioning } = this.state;
    if (online || !plan || paused || transitioning) return;
    const now = this.deps.now();
    if (now - this.lastOfflineLook < OFFLINE_LOOK_MS) return;
    this.lastOfflineLook = now;
    const scheduled = scheduledAt(plan, now);
    if (scheduled.playlistId !== (current?.playlistId ?? null)) this.followSchedule(scheduled);
  }
}
