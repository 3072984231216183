import type { PlayEnding } from "@fonika/shared";
import { SHUFFLE_MEMORY } from "@fonika/shared";
import type { EngineDependencies, EngineState, Playing } from "./engine-state.ts";

/**
 * The web player's word to the server about what it plays: every play
 * begun and ended (`songStarted`, `songEnded`, the history's rows) and its
 * live state (`playerStatus`). It also remembers the songs played last,
 * which the shuffle keeps from coming back too soon.
 */
export class PlayReports {
  /** The songs begun last, oldest first (up to `SHUFFLE_MEMORY`). */
  recent: string[] = [];
  /** A song began since the playlist was last started over (see `ScheduleFollowing.stopAsked`). */
  playedSinceRestart = true;

  constructor(
    private readonly state: EngineState,
    private readonly deps: EngineDependencies,
  ) {}

  /** `playing` sounds now: a new play is reported and remembered. */
  beginPlay(playing: Playing): void {
    const playerId = this.state.playerId;
    if (!playerId) return;
    playing.playId = this.deps.newPlayId();
    this.playedSinceRestart = true;
    this.recent = [...this.recent, playing.song.id].slice(-SHUFFLE_MEMORY);
    this.deps.send({
      type: "songStarted",
      playerId,
      playId: playing.playId,
      songId: playing.song.id,
      playlistId: playing.playlistId,
      fallback: playing.fallback,
      startedAt: new Date(this.deps.now()).toISOString(),
    });
    this.report();
  }

  /** The current play, if one was begun, ends as `ending`. */
  endPlay(ending: PlayEnding): void {
    const current = this.state.current;
    const playerId = this.state.playerId;
    if (!current?.playId || !playerId) return;
    this.deps.send({
      type: "songEnded",
      playerId,
      playId: current.playId,
      endedAt: new Date(this.deps.now()).toISOString(),
      ending,
    });
    current.playId = null;
  }

  /** Tells the server what plays, where, how loud (its live state). */
  report(): void {
    const { playerId, current } = this.state;
    if (!playerId || !this.state.online) return;
    this.deps.send({
      type: "playerStatus",
      playerId,
      songId: current?.song.id ?? null,
      playlistId: current?.playlistId ?? null,
      positionSeconds: Math.round((current?.deck.position() ?? 0) * 10) / 10,
      volume: this.state.volume,
      playing: Boolean(current?.playId) && !this.state.paused,
    });
  }
}
