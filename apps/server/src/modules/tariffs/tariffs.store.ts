import { defineStore } from "../../db/bound-store.ts";
import * as tariffs from "./tariffs.repository.ts";

/**
 * The tariffs' data (tariffs, their features, items and playlists, and the
 * playlists granted to clients): the repository bound to the database or
 * the transaction in progress.
 */
export const TariffsStore = defineStore({ tariffs });
export type TariffsStore = InstanceType<typeof TariffsStore>;
