import { type Bound, bind } from "../../db/bound-store.ts";
import type { Executor } from "../../db/client.ts";
import * as silenceAlerts from "./alerts/silence-alerts.repository.ts";
import * as live from "./live/live.repository.ts";
import * as players from "./registry/players.repository.ts";
import * as schedules from "./schedules/schedules.repository.ts";
import * as updates from "./updates/player-updates.repository.ts";

/**
 * The players' data: one repository per part of the module (the players
 * with their playlists and requests, their schedules, their live state,
 * their silence alerts and the box firmware), each bound to the database or
 * to the transaction in progress, and `withTx` to run work in one
 * transaction. Only the players module writes these tables
 * (architecture.test.ts).
 */
export class PlayersStore {
  readonly players: Bound<typeof players>;
  readonly schedules: Bound<typeof schedules>;
  readonly live: Bound<typeof live>;
  readonly silenceAlerts: Bound<typeof silenceAlerts>;
  readonly updates: Bound<typeof updates>;

  constructor(
    /** The database, or the transaction this store's work runs in. */
    readonly executor: Executor,
  ) {
    this.players = bind(players, executor);
    this.schedules = bind(schedules, executor);
    this.live = bind(live, executor);
    this.silenceAlerts = bind(silenceAlerts, executor);
    this.updates = bind(updates, executor);
  }

  /**
   * Runs `work` in one transaction with a store bound to it; inside a
   * transaction already, in a savepoint of it. Committed when `work`
   * resolves, rolled back when it throws.
   */
  withTx<T>(work: (tx: PlayersStore) => Promise<T>): Promise<T> {
    return this.executor.transaction((tx) => work(new PlayersStore(tx)));
  }
}
