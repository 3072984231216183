import type { Executor } from "../../db/client.ts";
import { AuthStore } from "./auth.store.ts";

/**
 * Ending the sessions of an account, inside the transaction of the account
 * change that calls for it (block, role change, deletion); the accounts
 * module reaches sessions only through this. The caller announces the change
 * on the bus after its commit, which stops tokens and sockets everywhere.
 */
export class AccountSessions {
  /** Revokes the account's sessions, keeping them listed with `reason`. */
  async revokeAll(tx: Executor, userId: string, reason: string, at: Date): Promise<void> {
    await new AuthStore(tx).auth.revokeUserSessions(userId, reason, at);
  }

  /**
   * Revokes the account's device sessions only (the players of its venues),
   * keeping its browser sessions: an owner who is no longer a client keeps
   * signing in, but nothing plays for them.
   */
  async revokeDevices(tx: Executor, userId: string, reason: string, at: Date): Promise<void> {
    await new AuthStore(tx).auth.revokeUserDeviceSessions(userId, reason, at);
  }

  /** Ends and erases the account's sessions with their addresses (deletion, 152-FZ). */
  eraseAll(tx: Executor, userId: string, at: Date): Promise<void> {
    return new AuthStore(tx).auth.eraseUserSessions(userId, at);
  }
}
