import {
  type AssignableRole,
  needsAgreement,
  normalizePhone,
  type Profile,
  SIGN_AGREEMENT,
} from "@fonika/shared";
import type { Executor } from "../../db/client.ts";
import type { AccessEvents, Actor } from "../../kernel/actor.ts";
import type { ServiceLog } from "../../kernel/service-log.ts";
import { errors } from "../../lib/app-error.ts";
import type { ServerKeys } from "../../lib/keys.ts";
import type { FileStore } from "../../storage/file-store.ts";
import { erasedAddressHash } from "./account-directory.service.ts";
import { accountErrors } from "./accounts.errors.ts";
import {
  assertMayBlockAccount,
  assertMayChangeRole,
  assertMayChangeRoles,
  assertMayCreateUser,
  assertMayDeleteAccount,
  assertMayDeleteAccounts,
  assertMayManageAccounts,
  creatableRoles,
  endsDevices,
  isDemotionFromStaff,
} from "./accounts.policy.ts";
import type { AccountsStore } from "./accounts.store.ts";
import { toProfile } from "./profile.service.ts";

/**
 * What accounts need of sign-in: ending an account's sessions inside the
 * transaction that changes it (the auth module's AccountSessions).
 */
export interface SessionTermination {
  revokeAll(tx: Executor, userId: string, reason: string, at: Date): Promise<void>;
  /** Revokes the account's device sessions only (the players of its venues). */
  revokeDevices(tx: Executor, userId: string, reason: string, at: Date): Promise<void>;
  eraseAll(tx: Executor, userId: string, at: Date): Promise<void>;
}

/** What is left to do once a deletion has committed (stored files cannot be rolled back). */
export type AfterDeletion = () => Promise<void>;

/**
 * A module that keeps a client's things (establishments, organizations,
 * subscriptions) and forgets them when the account is deleted, inside the
 * deletion's transaction: every module erases its own rows.
 */
export interface ClientRecords {
  forgetClient(tx: Executor, clientId: string, at: Date): Promise<AfterDeletion>;
}

export interface AccountServiceDependencies {
  store: AccountsStore;
  keys: ServerKeys;
  accessEvents: AccessEvents;
  sessions: SessionTermination;
  files: FileStore;
  log: ServiceLog;
  /**
   * The modules that forget a deleted client, in this order (made after
   * accounts, so asked for when a deletion runs).
   */
  clientRecords: () => ClientRecords[];
}

/** A new account as staff create it (create-user). */
export interface NewAccount {
  role: AssignableRole;
  email?: string | undefined;
  phone?: string | undefined;
  lastName: string;
  firstName: string;
  patronymic?: string | undefined;
  contactEmail?: string | undefined;
  type?: "individual" | "legal" | undefined;
  company?: string | undefined;
}

/**
 * What staff and users do to accounts: roles, blocking, deletion. Each
 * change ends the account's sessions in the same transaction and is then
 * announced, so its access tokens and sockets stop at once everywhere.
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDependencies) {}

  /**
   * Gives a user a new role. The sign-agreement marker stays if present.
   * Access tokens of the old role stop at once (the auth plugin refuses a
   * token whose role the account no longer has) and sockets close, but the
   * sessions stay: their next refresh carries the new role, so an activated
   * client is not signed out. Only a demotion from staff (a staff role taken
   * away) ends the sessions, as a block does; a client moved to any other
   * role (back to wait-activation) has their devices ended, since only a
   * client's players play.
   */
  async changeRole(actor: Actor, userId: string, newRole: AssignableRole) {
    assertMayChangeRoles(actor);
    const { store } = this.deps;
    const target = await store.accounts.findUserById(userId);
    if (!target) throw errors.notFound("User");
    assertMayChangeRole(actor, target, newRole);
    if (target.status === "deleted") throw accountErrors.accountGone();
    const authority = needsAgreement(target.authority) ? [newRole, SIGN_AGREEMENT] : [newRole];
    const unchanged = authority.join() === target.authority.join();
    if (!unchanged) {
      await store.withTx(async (tx) => {
        await tx.accounts.updateUserAuthority(userId, authority);
        if (isDemotionFromStaff(target.authority, authority)) {
          await this.deps.sessions.revokeAll(tx.executor, userId, "demoted", new Date());
        } else if (endsDevices(authority)) {
          await this.deps.sessions.revokeDevices(tx.executor, userId, "demoted", new Date());
        }
      });
      await this.deps.accessEvents.changed({ userIds: [userId] });
    }
    return { userId, authority };
  }

  /** The roles the actor may give a new account; none for whoever may not create accounts. */
  creatableRoles(actor: Actor): AssignableRole[] {
    return creatableRoles(actor);
  }

  /**
   * Creates an account with its role directly (CONTRACT.md: staff accounts
   * are made so); it signs in with a code sent to its e-mail or phone. An
   * address another account holds is refused.
   */
  async createUser(actor: Actor, input: NewAccount): Promise<Profile> {
    assertMayCreateUser(actor, input.role);
    const email = input.email?.trim().toLowerCase() || null;
    let phone: string | null = null;
    if (input.phone) {
      phone = normalizePhone(input.phone);
      if (!phone) throw errors.invalidPhone();
    }
    const row = await this.deps.store.accounts.insertUser({
      email,
      phone,
      authority: [input.role],
      lastName: input.lastName,
      firstName: input.firstName,
      patronymic: input.patronymic || null,
      contactEmail: input.contactEmail?.trim().toLowerCase() || null,
      type: input.type ?? null,
      company: input.company || null,
    });
    if (!row) {
      const emailTaken =
        email && (await this.deps.store.accounts.findUserByAddress("email", email));
      throw accountErrors.addressTaken(emailTaken ? "email" : "phone");
    }
    return toProfile(row, actor);
  }

  /** Blocks an account: it cannot sign in, and every session of it ends at once. */
  async block(actor: Actor, userId: string): Promise<void> {
    await this.findBlockable(actor, userId);
    await this.deps.store.withTx(async (tx) => {
      await tx.accounts.updateUserStatus(userId, "blocked");
      await this.deps.sessions.revokeAll(tx.executor, userId, "blocked", new Date());
    });
    await this.deps.accessEvents.changed({ userIds: [userId] });
  }

  /** Unblocks an account: it may sign in again (its old sessions stay ended). */
  async unblock(actor: Actor, userId: string): Promise<void> {
    const target = await this.findBlockable(actor, userId);
    if (target.status === "active") return;
    await this.deps.store.accounts.updateUserStatus(userId, "active");
    await this.deps.accessEvents.changed({ userIds: [userId] });
  }

  /**
   * Deletes an account: its personal data is erased (152-FZ), keeping the
   * row for accounting; its sessions and devices end at once. In the same
   * transaction every client module forgets what it keeps of them: venues'
   * names, addresses and floor plans, payers' requisites and card holders;
   * subscriptions that have not ended end now.
   */
  async deleteAccount(actor: Actor, userId: string): Promise<void> {
    assertMayDeleteAccounts(actor, userId);
    const { store, keys } = this.deps;
    const target = await store.accounts.findUserById(userId);
    if (!target) throw errors.notFound("User");
    assertMayDeleteAccount(actor, target);
    if (target.status === "deleted") return;
    const addressHash = target.email
      ? erasedAddressHash(keys, "email", target.email)
      : target.phone
        ? erasedAddressHash(keys, "phone", target.phone)
        : null;
    const now = new Date();
    const afterwards = await store.withTx(async (tx) => {
      await tx.accounts.anonymizeDeletedUser(userId, addressHash, now);
      await this.deps.sessions.eraseAll(tx.executor, userId, now);
      const followUps: AfterDeletion[] = [];
      for (const records of this.deps.clientRecords()) {
        followUps.push(await records.forgetClient(tx.executor, userId, now));
      }
      return followUps;
    });
    for (const followUp of afterwards) await followUp();
    if (target.avatarKey && (await store.accounts.countUsersWithAvatar(target.avatarKey)) === 0) {
      await this.deps.files.remove(target.avatarKey);
    }
    await this.deps.accessEvents.changed({ userIds: [userId] });
  }

  /** The account the actor may block or unblock; deleted ones are gone. */
  private async findBlockable(actor: Actor, userId: string) {
    assertMayManageAccounts(actor);
    const target = await this.deps.store.accounts.findUserById(userId);
    if (!target) throw errors.notFound("User");
    assertMayBlockAccount(actor, target);
    if (target.status === "deleted") throw accountErrors.accountGone();
    return target;
  }

  /**
   * ADMIN_EMAIL bootstrap: creates a role-admin account for the e-mail unless
   * some user already has it (then it is left as it is).
   */
  async ensureAdminAccount(email: string): Promise<void> {
    const { store, log } = this.deps;
    const address = email.trim().toLowerCase();
    if (await store.accounts.insertAdminIfAbsent(address)) {
      log.info({ email: address }, "created the admin account of ADMIN_EMAIL");
    } else {
      log.info({ email: address }, "ADMIN_EMAIL already has an account; left unchanged");
    }
  }
}
