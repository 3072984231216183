import { createHmac } from "node:crypto";
import { activeRole, type ClientState, MESSAGES, SIGN_AGREEMENT } from "@fonika/shared";
import type { Executor } from "../../db/client.ts";
import type { Actor } from "../../kernel/actor.ts";
import type { ServerKeys } from "../../lib/keys.ts";
import { accountAbilities } from "./accounts.policy.ts";
import type { Channel, NameRow, UserRow } from "./accounts.repository.ts";
import { AccountsStore } from "./accounts.store.ts";
import { toUserSearch } from "./profile.service.ts";

/** The authority of an account created by its first sign-in (CONTRACT.md). */
export const NEW_ACCOUNT_AUTHORITY = ["edit-personal-info", SIGN_AGREEMENT];

/**
 * Accounts as sign-in sees them: the account of an address or an id, and a
 * new one for an address signing in for the first time. Sign-in (the auth
 * module) reaches the users table only through this.
 */
export class AccountDirectory {
  constructor(private readonly deps: { keys: ServerKeys }) {}

  /**
   * The live account holding the address, or a deleted one whose erased
   * address was this one (so that it still answers account-deleted).
   */
  async findByAddress(db: Executor, channel: Channel, address: string) {
    const { accounts } = new AccountsStore(db);
    return (
      (await accounts.findUserByAddress(channel, address)) ??
      accounts.findDeletedUserByAddressHash(erasedAddressHash(this.deps.keys, channel, address))
    );
  }

  findById(db: Executor, userId: string): Promise<UserRow | undefined> {
    return new AccountsStore(db).accounts.findUserById(userId);
  }

  /**
   * Display names of these users, for lists of other modules: the full
   * name, else the login; a deleted account, whose data is erased, is
   * 'Удалённый клиент'.
   */
  async namesOf(db: Executor, userIds: string[]): Promise<Map<string, string>> {
    const rows = await new AccountsStore(db).accounts.namesOf(userIds);
    return new Map(rows.map((row) => [row.id, displayNameOf(row)]));
  }

  /**
   * Where each of these clients stands (filling in the profile, waiting for
   * activation, active, blocked, deleted) and whether the actor may activate
   * the account now, by the accounts' own policy: for other modules' lists
   * that offer the activation beside their own rows (staff's queue of
   * subscriptions). An id with no account is left out.
   */
  async clientStatesOf(
    db: Executor,
    actor: Actor,
    userIds: string[],
  ): Promise<Map<string, { state: ClientState; activate: boolean }>> {
    const rows = await new AccountsStore(db).accounts.accessOf(userIds);
    return new Map(
      rows.map((row) => [
        row.id,
        { state: clientStateOf(row), activate: accountAbilities(actor, row).activate },
      ]),
    );
  }

  /** Active users holding any of these roles, with display names, by name (support's assignees). */
  async activeWithRoles(db: Executor, roles: readonly string[]) {
    const rows = await new AccountsStore(db).accounts.activeWithRoles(roles);
    return rows
      .filter((row) => {
        const role = activeRole(row.authority);
        return role !== undefined && roles.includes(role);
      })
      .map((row) => ({ id: row.id, name: displayNameOf(row) }))
      .sort((a, b) => a.name.localeCompare(b.name, "ru"));
  }

  /** Users (not deleted) whose login, names, company or phone the query finds; at most 1000. */
  idsMatching(db: Executor, query: string): Promise<string[]> {
    return new AccountsStore(db).accounts.idsMatching(toUserSearch(query), 1000);
  }

  createForSignIn(tx: Executor, channel: Channel, address: string): Promise<UserRow> {
    return new AccountsStore(tx).accounts.insertUserIfAbsent({
      ...(channel === "email" ? { email: address } : { phone: address }),
      authority: NEW_ACCOUNT_AUTHORITY,
    });
  }
}

function clientStateOf(row: { authority: string[]; status: string }): ClientState {
  if (row.status === "deleted" || row.status === "blocked") return row.status;
  const role = activeRole(row.authority);
  return role === "wait-activation" || role === "edit-personal-info" ? role : "active";
}

function displayNameOf(row: NameRow): string {
  if (row.status === "deleted") return MESSAGES.deletedClient;
  const name = [row.lastName, row.firstName, row.patronymic].filter(Boolean).join(" ");
  return name || row.email || row.phone || "";
}

/**
 * The keyed hash kept of a deleted account's sign-in address: an HMAC under
 * the code-hashing key, so that a copy of the database names nobody.
 */
export function erasedAddressHash(keys: ServerKeys, channel: Channel, address: string): string {
  return createHmac("sha256", keys.codeHashing)
    .update(`erased-address\n${channel}:${address}`)
    .digest("base64url");
}
