import { timingSafeEqual } from "node:crypto";
import {
  CODES,
  needsAgreement,
  normalizePhone,
  type Role,
  SIGN_AGREEMENT,
  TOKENS,
  type TokenPair,
} from "@fonika/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Executor } from "../../db/client.ts";
import type { AccessTokens } from "../../lib/access-token.ts";
import { errors } from "../../lib/app-error.ts";
import type { Actor } from "../../plugins/auth.ts";
import type { Notifier } from "../../plugins/notifications.ts";
import type { Realtime } from "../../plugins/realtime.ts";
import { authErrors } from "./auth.errors.ts";
import {
  assertMayApproveDeviceCode,
  assertMayChangeRole,
  assertMayChangeRoles,
  assertMayDeleteAccount,
  assertMayDeleteAccounts,
  assertMaySignIn,
} from "./auth.policy.ts";
import type { Channel, UserRow } from "./auth.repository.ts";
import * as repository from "./auth.repository.ts";
import { generateCode, generateRefreshToken, hashCode, hashRefreshToken } from "./auth.secrets.ts";

/** The authority of an account created by its first sign-in (CONTRACT.md). */
export const NEW_ACCOUNT_AUTHORITY = ["edit-personal-info", SIGN_AGREEMENT];

export interface AuthServiceDependencies {
  db: Database;
  notifier: Notifier;
  accessTokens: AccessTokens;
  /** Keys the code hashes (config.jwtSecret). */
  secret: string;
  log: FastifyBaseLogger;
  /** Closes a deleted account's open sockets on every server process. */
  realtime: Pick<Realtime, "disconnectUser">;
}

export type VerificationResult =
  | { status: "PENDING" | "EXPIRED" }
  | { status: "APPROVED"; tokens: TokenPair };

type CodeCheck = { kind: "ok"; tokens: TokenPair } | { kind: "invalid" | "expired" | "exhausted" };
type RefreshCheck = { kind: "ok"; tokens: TokenPair } | { kind: "bad" | "reused" };

/**
 * Sign-in and accounts: one-time codes by e-mail and SMS, sessions with
 * rotating refresh tokens, second-device sign-in, role changes and deletion.
 * Counters live in the database, so limits hold across server processes.
 */
export class AuthService {
  constructor(private readonly deps: AuthServiceDependencies) {}

  /**
   * Sends a fresh code to an address (a new code makes older ones useless:
   * only the newest code of an address is ever checked). Refuses deleted and
   * blocked accounts and too many sends per address or per IP.
   */
  async sendCode(channel: Channel, rawAddress: string, ip: string) {
    const { db, notifier, secret, log } = this.deps;
    const address = normalizeAddress(channel, rawAddress);
    const account = await repository.findUserByAddress(db, channel, address);
    if (account) assertMaySignIn(account);

    const now = new Date();
    const windowStart = new Date(now.getTime() - CODES.sendWindowSeconds * 1000);
    const sentToAddress = await repository.countCodesForAddressSince(
      db,
      channel,
      address,
      windowStart,
    );
    if (sentToAddress >= CODES.sendPerAddressMax) throw authErrors.tooManyCodesForAddress();
    if ((await repository.countCodesForIpSince(db, ip, windowStart)) >= CODES.sendPerIpMax) {
      throw authErrors.tooManyCodesFromIp();
    }

    const code = generateCode();
    await repository.insertAuthCode(db, {
      channel,
      address,
      codeHash: hashCode(secret, `${channel}:${address}`, code),
      ip,
      expiresAt: new Date(now.getTime() + CODES.ttlSeconds * 1000),
    });
    try {
      if (channel === "email") await notifier.sendEmailCode(address, code);
      else await notifier.sendSmsCode(address, code);
    } catch (error) {
      log.error({ err: error, channel }, "sign-in code delivery failed");
      throw authErrors.deliveryFailed();
    }
    return { status: "SENT" as const, expiresInSeconds: CODES.ttlSeconds };
  }

  /**
   * Exchanges the newest code of an address for a token pair, once. Wrong
   * tries are counted; the CODES.maxWrongTries-th wrong try kills the code.
   * An address without an account gets a new one (edit-personal-info).
   */
  async verifyCode(channel: Channel, rawAddress: string, code: string): Promise<TokenPair> {
    const { db, secret } = this.deps;
    const address = normalizeAddress(channel, rawAddress);
    const existing = await repository.findUserByAddress(db, channel, address);
    if (existing) assertMaySignIn(existing);

    const now = new Date();
    const check = await db.transaction(async (tx): Promise<CodeCheck> => {
      const stored = await repository.findLatestAuthCodeForUpdate(tx, channel, address);
      if (!stored || stored.consumedAt) return { kind: "invalid" };
      if (stored.wrongTries >= CODES.maxWrongTries) return { kind: "exhausted" };
      if (stored.expiresAt <= now) return { kind: "expired" };
      if (!sameHash(hashCode(secret, `${channel}:${address}`, code), stored.codeHash)) {
        const wrongTries = await repository.incrementWrongTries(tx, stored.id);
        return { kind: wrongTries >= CODES.maxWrongTries ? "exhausted" : "invalid" };
      }
      if (!(await repository.consumeAuthCode(tx, stored.id, now))) return { kind: "invalid" };
      const user =
        existing ??
        (await repository.insertUserIfAbsent(tx, {
          ...(channel === "email" ? { email: address } : { phone: address }),
          authority: NEW_ACCOUNT_AUTHORITY,
        }));
      assertMaySignIn(user);
      return { kind: "ok", tokens: await this.startSession(tx, user) };
    });
    // Outside the transaction, so that a counted wrong try is committed.
    switch (check.kind) {
      case "ok":
        return check.tokens;
      case "expired":
        throw authErrors.codeExpired();
      case "exhausted":
        throw authErrors.codeExhausted();
      default:
        throw authErrors.invalidCode();
    }
  }

  /**
   * Rotates a refresh token: the presented one is marked used and a new one
   * joins the same session. Presenting a used one again means it leaked, so
   * the whole session is revoked (token-reused).
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const { db } = this.deps;
    const tokenHash = hashRefreshToken(refreshToken);
    const now = new Date();
    const check = await db.transaction(async (tx): Promise<RefreshCheck> => {
      const record = await repository.findRefreshTokenForUpdate(tx, tokenHash);
      if (!record) return { kind: "bad" };
      const user = await repository.findUserById(tx, record.userId);
      if (!user) return { kind: "bad" };
      // A blocked or deleted account hears why, even with a revoked session.
      assertMaySignIn(user);
      if (record.sessionRevokedAt) return { kind: "bad" };
      if (record.rotatedAt) {
        await repository.revokeSession(tx, record.sessionId, "reuse", now);
        return { kind: "reused" };
      }
      if (record.expiresAt <= now) return { kind: "bad" };
      if (!(await repository.markRefreshTokenRotated(tx, tokenHash, now))) {
        await repository.revokeSession(tx, record.sessionId, "reuse", now);
        return { kind: "reused" };
      }
      await repository.touchSession(tx, record.sessionId, now);
      return { kind: "ok", tokens: await this.issueTokens(tx, record.sessionId, user) };
    });
    if (check.kind === "ok") return check.tokens;
    throw check.kind === "reused" ? authErrors.tokenReused() : authErrors.badRefreshToken();
  }

  /** Ends the session of a refresh token; unknown or ended sessions are fine. */
  async logout(refreshToken: string): Promise<void> {
    const { db } = this.deps;
    const sessionId = await repository.findSessionIdByTokenHash(db, hashRefreshToken(refreshToken));
    if (sessionId) await repository.revokeSession(db, sessionId, "logout", new Date());
  }

  /** Starts a second-device sign-in: a code to show and an id to poll. */
  async createDeviceCode(ip: string) {
    const { db, secret } = this.deps;
    const now = new Date();
    const windowStart = new Date(now.getTime() - CODES.sendWindowSeconds * 1000);
    if ((await repository.countDeviceCodesForIpSince(db, ip, windowStart)) >= CODES.sendPerIpMax) {
      throw authErrors.tooManyCodesFromIp();
    }
    // Two pending codes must never share a value, or approving one is ambiguous.
    let code = generateCode();
    for (let attempt = 0; attempt < 5; attempt++) {
      const clash = await repository.findPendingDeviceCodes(db, hashDeviceCode(secret, code), now);
      if (clash.length === 0) break;
      code = generateCode();
    }
    const verificationId = await repository.insertDeviceCode(db, {
      codeHash: hashDeviceCode(secret, code),
      ip,
      expiresAt: new Date(now.getTime() + CODES.deviceCodeTtlSeconds * 1000),
    });
    return { verificationId, code, expiresInSeconds: CODES.deviceCodeTtlSeconds };
  }

  /**
   * A signed-in user approves a code shown on another device; that device
   * then signs in as this user. The establishment id is stored as given.
   */
  async approveDeviceCode(actor: Actor, code: string, establishmentId: string | null) {
    assertMayApproveDeviceCode(actor);
    const { db, secret } = this.deps;
    const now = new Date();
    const codeHash = hashDeviceCode(secret, code);
    const [pending] = await repository.findPendingDeviceCodes(db, codeHash, now);
    if (!pending) {
      const latest = await repository.findLatestDeviceCodeByHash(db, codeHash);
      if (latest && !latest.approvedAt && latest.expiresAt <= now) throw authErrors.codeExpired();
      throw authErrors.invalidCode();
    }
    const approved = await repository.approveDeviceCode(db, pending.id, {
      approvedBy: actor.userId,
      establishmentId,
      approvedAt: now,
    });
    if (!approved) throw authErrors.invalidCode();
  }

  /**
   * The state of a second-device sign-in. APPROVED carries a token pair
   * exactly once; a poll after that answers EXPIRED.
   */
  async waitForVerification(verificationId: string): Promise<VerificationResult> {
    const { db } = this.deps;
    const now = new Date();
    const deviceCode = await repository.findDeviceCodeById(db, verificationId);
    if (!deviceCode) throw errors.notFound("Verification");
    if (deviceCode.deliveredAt) return { status: "EXPIRED" };
    if (!deviceCode.approvedAt || !deviceCode.approvedBy) {
      return { status: deviceCode.expiresAt <= now ? "EXPIRED" : "PENDING" };
    }
    const approvedBy = deviceCode.approvedBy;
    return db.transaction(async (tx): Promise<VerificationResult> => {
      if (!(await repository.markDeviceCodeDelivered(tx, deviceCode.id, now))) {
        return { status: "EXPIRED" };
      }
      const user = await repository.findUserById(tx, approvedBy);
      if (!user) return { status: "EXPIRED" };
      assertMaySignIn(user);
      return { status: "APPROVED", tokens: await this.startSession(tx, user) };
    });
  }

  /**
   * Gives a user a new role. The sign-agreement marker stays if present.
   * Sessions are kept: every call re-reads the authority, so it applies at
   * once, and the next refresh carries it in the token.
   */
  async changeRole(actor: Actor, userId: string, newRole: Role) {
    assertMayChangeRoles(actor);
    const { db } = this.deps;
    const target = await repository.findUserById(db, userId);
    if (!target) throw errors.notFound("User");
    assertMayChangeRole(actor, target, newRole);
    if (target.status === "deleted") throw authErrors.accountGone();
    const authority = needsAgreement(target.authority) ? [newRole, SIGN_AGREEMENT] : [newRole];
    await repository.updateUserAuthority(db, userId, authority);
    return { userId, authority };
  }

  /** Deletes an account: it can no longer sign in and all its sessions end. */
  async deleteAccount(actor: Actor, userId: string): Promise<void> {
    assertMayDeleteAccounts(actor, userId);
    const { db } = this.deps;
    const target = await repository.findUserById(db, userId);
    if (!target) throw errors.notFound("User");
    assertMayDeleteAccount(actor, target);
    if (target.status === "deleted") return;
    const now = new Date();
    await db.transaction(async (tx) => {
      await repository.markUserDeleted(tx, userId, now);
      await repository.revokeUserSessions(tx, userId, "deleted", now);
    });
    await this.deps.realtime.disconnectUser(userId);
  }

  /**
   * ADMIN_EMAIL bootstrap: creates a role-admin account for the e-mail unless
   * some user already has it (then it is left as it is).
   */
  async ensureAdminAccount(email: string): Promise<void> {
    const { db, log } = this.deps;
    const address = email.trim().toLowerCase();
    if (await repository.insertAdminIfAbsent(db, address)) {
      log.info({ email: address }, "created the admin account of ADMIN_EMAIL");
    } else {
      log.info({ email: address }, "ADMIN_EMAIL already has an account; left unchanged");
    }
  }

  private async startSession(tx: Executor, user: UserRow): Promise<TokenPair> {
    const sessionId = await repository.insertSession(tx, user.id);
    return this.issueTokens(tx, sessionId, user);
  }

  private async issueTokens(tx: Executor, sessionId: string, user: UserRow): Promise<TokenPair> {
    const refreshToken = generateRefreshToken();
    await repository.insertRefreshToken(tx, {
      tokenHash: hashRefreshToken(refreshToken),
      sessionId,
      expiresAt: new Date(Date.now() + TOKENS.refreshTokenTtlSeconds * 1000),
    });
    const token = await this.deps.accessTokens.sign(user.id, user.authority);
    return { token, refreshToken };
  }
}

/** E-mails are compared lower-cased; phones as 11 digits (normalizePhone). */
function normalizeAddress(channel: Channel, raw: string): string {
  if (channel === "email") return raw.trim().toLowerCase();
  const phone = normalizePhone(raw);
  if (!phone) throw authErrors.invalidPhone();
  return phone;
}

function hashDeviceCode(secret: string, code: string): string {
  return hashCode(secret, "device", code);
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
