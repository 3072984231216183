import { defineStore } from "../../db/bound-store.ts";
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
export const PlayersStore = defineStore({ silenceAlerts, live, players, schedules, updates });
export type PlayersStore = InstanceType<typeof PlayersStore>;
