import { defineStore } from "../../db/bound-store.ts";
import * as leads from "./leads.repository.ts";

/** The leads' data: their repository bound to the database or the transaction in progress. */
export const LeadsStore = defineStore({ leads });
export type LeadsStore = InstanceType<typeof LeadsStore>;
