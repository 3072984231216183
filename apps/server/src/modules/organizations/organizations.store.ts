import { defineStore } from "../../db/bound-store.ts";
import * as organizations from "./organizations.repository.ts";

/**
 * The organizations' data (clients' organizations and their payment
 * methods): the repository bound to the database or the transaction in progress.
 */
export const OrganizationsStore = defineStore({ organizations });
export type OrganizationsStore = InstanceType<typeof OrganizationsStore>;
