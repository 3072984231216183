import { defineStore } from "../../db/bound-store.ts";
import * as history from "./history.repository.ts";

/**
 * The broadcast history's data: its repository (plays) bound to the database or to
 * the transaction in progress, and `withTx` to run work in one transaction.
 */
export const HistoryStore = defineStore({ history });
export type HistoryStore = InstanceType<typeof HistoryStore>;
