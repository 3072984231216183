import type { FastifyPluginAsync } from "fastify";
import type { Executor } from "../../db/client.ts";
import type { ServiceLog } from "../../kernel/service-log.ts";
import { historyRoutes } from "./history.routes.ts";
import { HistoryService } from "./history.service.ts";
import { HistoryStore } from "./history.store.ts";
import type { PlayRefusal } from "./play-checks.ts";
import type { HistoryPorts, PlayRecorder } from "./play-recording.service.ts";

/**
 * The broadcast history's one public face: what players played, filed
 * once checked (issue 27: the history is the royalty proof), shown per
 * player and per venue, and reported as CSV. Other modules import this
 * file and nothing else of the history.
 */

export interface HistoryDependencies extends HistoryPorts {
  db: Executor;
  log: ServiceLog;
  /** Counts a refused device report in /metrics, by reason. */
  countRefusal(reason: PlayRefusal): void;
}

/**
 * The history: it records what players report (the players' live state
 * passes their reports on), and its plugin registers its routes.
 */
export interface History extends PlayRecorder {
  /** Registers the history's routes (per player, per venue, and the royalty reports). */
  readonly plugin: FastifyPluginAsync;
}

/** Makes the history's service over its store. */
export function createHistory(deps: HistoryDependencies): History {
  const history = new HistoryService({ ...deps, store: new HistoryStore(deps.db) });
  return {
    plugin: async (app) => {
      await app.register(historyRoutes, { history });
    },
    recordStarted: (report, from) => history.recordStarted(report, from),
    recordEnded: (playId, endedAt, ending, from) =>
      history.recordEnded(playId, endedAt, ending, from),
  };
}

export type { PlayRefusal } from "./play-checks.ts";
export type { HistoryPorts, PlayRecorder, PlayStartReport } from "./play-recording.service.ts";
