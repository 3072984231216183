import { defineStore } from "../../db/bound-store.ts";
import * as subscriptions from "./subscriptions.repository.ts";

/**
 * The subscriptions' data: their repository bound to the database or to
 * the transaction in progress, and `withTx` to run work in one transaction.
 */
export const SubscriptionsStore = defineStore({ subscriptions });
export type SubscriptionsStore = InstanceType<typeof SubscriptionsStore>;
