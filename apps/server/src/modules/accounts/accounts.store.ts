import { defineStore } from "../../db/bound-store.ts";
import * as accounts from "./accounts.repository.ts";

/**
 * The accounts' data (the users table: sign-in addresses, authority,
 * status, profiles): the repository bound to the database or the
 * transaction in progress.
 */
export const AccountsStore = defineStore({ accounts });
export type AccountsStore = InstanceType<typeof AccountsStore>;
