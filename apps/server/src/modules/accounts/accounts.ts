import type { FastifyPluginAsync } from "fastify";
import type { Executor } from "../../db/client.ts";
import type { AccessEvents } from "../../kernel/actor.ts";
import type { ServiceLog } from "../../kernel/service-log.ts";
import type { ServerKeys } from "../../lib/keys.ts";
import type { EventBus } from "../../realtime/bus.ts";
import type { FileStore } from "../../storage/file-store.ts";
import { AccountService, type ClientRecords, type SessionTermination } from "./account.service.ts";
import { AccountDirectory } from "./account-directory.service.ts";
import { accountsRoutes } from "./accounts.routes.ts";
import { AccountsStore } from "./accounts.store.ts";
import { ProfileService } from "./profile.service.ts";

/**
 * The accounts module's one public face: the users — their sign-in
 * addresses, roles, status and profiles — and what staff and users do to
 * them (roles, blocking, deletion, the client base's list). Other modules
 * import this file and nothing else of accounts; they read accounts
 * through the directory (`createAccountDirectory`).
 */

export interface AccountsDependencies {
  db: Executor;
  keys: ServerKeys;
  accessEvents: AccessEvents;
  log: ServiceLog;
  /** Where avatars are stored. */
  files: FileStore;
  /** Profiles read are kept in memory until an access-changed event names their user. */
  bus: Pick<EventBus, "subscribe" | "onGap">;
  /** ADMIN_EMAIL: its role-admin account is made at start unless the address has one. */
  adminEmail: string | undefined;
  /**
   * Ending an account's sessions inside the transaction that changes it
   * (the auth module's `accountSessions`).
   */
  sessions: SessionTermination;
  /**
   * The modules that forget a deleted client inside the deletion's
   * transaction, in this order (subscriptions, organizations,
   * establishments, players, support).
   */
  clientRecords: readonly ClientRecords[];
}

export interface Accounts {
  /**
   * Registers the accounts' routes, makes the ADMIN_EMAIL account and keeps
   * the profiles read in memory current with the bus until the app closes.
   */
  readonly plugin: FastifyPluginAsync;
}

export type { AfterDeletion, ClientRecords, SessionTermination } from "./account.service.ts";
export type { AccountDirectory } from "./account-directory.service.ts";
export type { Channel, UserRow } from "./accounts.repository.ts";
/** The accounts' store, for test fixtures and benches that write users directly. */
export { AccountsStore } from "./accounts.store.ts";

/** Makes the accounts: one store, the account and profile services over it, and their routes. */
export function createAccounts(deps: AccountsDependencies): Accounts {
  const store = new AccountsStore(deps.db);
  const { clientRecords } = deps;
  const accounts = new AccountService({
    store,
    keys: deps.keys,
    accessEvents: deps.accessEvents,
    log: deps.log,
    sessions: deps.sessions,
    files: deps.files,
    clientRecords: () => [...clientRecords],
  });
  const profiles = new ProfileService({
    store,
    accessEvents: deps.accessEvents,
    files: deps.files,
  });
  return {
    plugin: async (app) => {
      // A profile read is answered from memory until an event names its user.
      const stopListening = deps.bus.subscribe((event) => {
        if (event.kind === "access-changed") profiles.forgetProfiles(event.userIds);
      });
      deps.bus.onGap(() => profiles.forgetAllProfiles());
      app.addHook("onClose", async () => stopListening());
      // The database is open and migrated once the db plugin has registered.
      if (deps.adminEmail) await accounts.ensureAdminAccount(deps.adminEmail);
      await app.register(accountsRoutes, { accounts, profiles, files: deps.files });
    },
  };
}

/**
 * Accounts as other modules read them (the account of an address or an
 * id, display names, clients' states, staff by role) and sign-in creates
 * them: made first, from the keys alone, for every module that asks
 * (sign-in, clients' modules, support). It keeps nothing.
 */
export function createAccountDirectory(deps: { keys: ServerKeys }): AccountDirectory {
  return new AccountDirectory(deps);
}
