import type { FastifyPluginAsync } from "fastify";
import type { Executor } from "../../db/client.ts";
import type { AccessEvents } from "../../kernel/actor.ts";
import type { ServiceLog } from "../../kernel/service-log.ts";
import type { AccessTokens } from "../../lib/access-token.ts";
import type { ServerKeys } from "../../lib/keys.ts";
import type { Notifier } from "../../plugins/notifications.ts";
import { AccountSessions } from "./account-sessions.service.ts";
import type { AccountLookup } from "./auth.accounts.ts";
import { AuthTablePruner } from "./auth.pruning.ts";
import { authRoutes } from "./auth.routes.ts";
import { AuthService } from "./auth.service.ts";
import { SessionIssuer } from "./auth.sessions.ts";
import { AuthStore } from "./auth.store.ts";
import { type DeviceBindingDependencies, DeviceBindings } from "./device-binding.service.ts";
import { type DeviceSignInDependencies, DeviceSignInService } from "./device-sign-in.service.ts";
import { PlayerSessions } from "./player-sessions.service.ts";

/**
 * The auth module's one public face: sign-in by one-time codes, the
 * sessions it starts with their rotating refresh tokens, second-device
 * sign-in (device codes, a box bound to its player), the rate limits that
 * guard them and the pruning of what has ended. Other modules import this
 * file and nothing else of auth. (Tokens are checked for every route by
 * the kernel's auth plugin, plugins/auth.ts.)
 */

export interface AuthDependencies {
  db: Executor;
  keys: ServerKeys;
  accessTokens: AccessTokens;
  accessEvents: AccessEvents;
  /** How many days a browser session lasts, whatever its rotations (SESSION_LIFETIME_DAYS). */
  sessionLifetimeDays: number;
  /** Sends the codes by e-mail and SMS. */
  notifier: Notifier;
  /** Where sign-in writes (a code that could not be delivered). */
  log: ServiceLog;
  /** Where the pruning of ended sessions, codes and counters writes. */
  pruningLog: ServiceLog;
  /** The accounts that sign in, found and created by address (the accounts' directory). */
  accounts: AccountLookup;
  /** Whether an establishment is the approver's own (the establishments module). */
  establishments: DeviceSignInDependencies["establishments"];
  /**
   * The web players a device code plays, checked or made, and boxes bound
   * by their sockets, which start with music as a new player does (the
   * players module).
   */
  players: DeviceSignInDependencies["webPlayers"] & DeviceBindingDependencies["players"];
}

export interface Auth {
  /**
   * Registers the /auth routes and the player socket's binding of a box to
   * its player, and prunes the auth tables at start and hourly until the
   * app closes.
   */
  readonly plugin: FastifyPluginAsync;
  /** Ending an account's sessions inside the transaction that changes it (accounts' port). */
  readonly accountSessions: AccountSessions;
}

export type { AccountSessions } from "./account-sessions.service.ts";
export type { AccountLookup, SignInAccount } from "./auth.accounts.ts";
export type { SessionRow } from "./auth.repository.ts";
export { SessionIssuer } from "./auth.sessions.ts";
/** Sign-in's store and session issuer, for benches that make sessions directly. */
export { AuthStore } from "./auth.store.ts";
export type { PlayerSessions } from "./player-sessions.service.ts";
/** Support counts its messages in auth's rate-limit counters. */
export { takeSlot } from "./rate-limits.service.ts";

/** Makes sign-in: one store, its services and their routes. */
export function createAuth(deps: AuthDependencies): Auth {
  const store = new AuthStore(deps.db);
  const sessions = new SessionIssuer(deps.accessTokens, deps.sessionLifetimeDays);
  const { keys, accessEvents, accounts } = deps;
  const auth = new AuthService({
    store,
    keys,
    sessions,
    accessEvents,
    log: deps.log,
    accounts,
    notifier: deps.notifier,
  });
  const devices = new DeviceSignInService({
    store,
    keys,
    sessions,
    accounts,
    establishments: deps.establishments,
    webPlayers: deps.players,
  });
  const bindings = new DeviceBindings({ store, accessEvents, players: deps.players });
  const pruner = new AuthTablePruner(store, deps.pruningLog);
  return {
    plugin: async (app) => {
      await app.register(authRoutes, { auth, devices, bindings });
      app.addHook("onReady", async () => pruner.start());
      app.addHook("onClose", async () => pruner.stop());
    },
    accountSessions: new AccountSessions(),
  };
}

/**
 * Device sessions bound to one player, for the players module (a web
 * player started in the browser at hand, a removed player's sessions
 * ended, when a session began): made before the players, which sign-in's
 * device codes in turn ask (`createAuth` is made after them). It keeps
 * nothing but its dependencies.
 */
export function createPlayerSessions(deps: {
  db: Executor;
  accessTokens: AccessTokens;
  sessionLifetimeDays: number;
  accounts: AccountLookup;
  accessEvents: AccessEvents;
}): PlayerSessions {
  return new PlayerSessions({
    store: new AuthStore(deps.db),
    sessions: new SessionIssuer(deps.accessTokens, deps.sessionLifetimeDays),
    accounts: deps.accounts,
    accessEvents: deps.accessEvents,
  });
}
