import { defineStore } from "../../db/bound-store.ts";
import * as establishments from "./establishments.repository.ts";

/**
 * The establishments' data: their repository bound to the database or to
 * the transaction in progress, and `withTx` to run work in one transaction.
 */
export const EstablishmentsStore = defineStore({ establishments });
export type EstablishmentsStore = InstanceType<typeof EstablishmentsStore>;
