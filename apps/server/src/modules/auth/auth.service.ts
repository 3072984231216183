import { timingSafeEqual } from "node:crypto";
import { CODES, normalizePhone, type SessionInfo, TOKENS, type TokenPair } from "@fonika/shared";
import type { AccessEvents, Actor } from "../../kernel/actor.ts";
import type { ServiceLog } from "../../kernel/service-log.ts";
import { type ServerKeys, seal, unseal } from "../../lib/keys.ts";
import type { Notifier } from "../../plugins/notifications.ts";
import type { AccountLookup, SignInAccount } from "./auth.accounts.ts";
import { authErrors } from "./auth.errors.ts";
import * as limits from "./auth.limits.ts";
import { assertMaySignIn } from "./auth.policy.ts";
import type { AuthCodeRow, Channel, RefreshTokenRecord, SessionRow } from "./auth.repository.ts";
import { generateCode, hashAddress, hashCode, hashRefreshToken } from "./auth.secrets.ts";
import type { ClientInfo, SessionIssuer } from "./auth.sessions.ts";
import type { AuthStore } from "./auth.store.ts";

export interface AuthServiceDependencies {
  store: AuthStore;
  notifier: Notifier;
  keys: ServerKeys;
  sessions: SessionIssuer;
  accessEvents: AccessEvents;
  log: ServiceLog;
  accounts: AccountLookup;
}

type CodeCheck =
  | { kind: "ok"; tokens: TokenPair }
  /** `wrong`: a guess that failed (`killed`: and used up the code's tries). */
  | { kind: "invalid" | "expired" | "exhausted" | "wrong" | "killed" };
type RefreshCheck =
  | { kind: "ok"; tokens: TokenPair }
  | { kind: "bad" }
  | { kind: "reused"; sessionId: string };

/**
 * Sign-in: one-time codes by e-mail and SMS, and the sessions they start,
 * with rotating refresh tokens. Limits are counted in the database, so they
 * hold across server processes; every change that ends a session is
 * announced through `accessEvents`, so its access token and sockets stop at
 * once on every process.
 */
export class AuthService {
  constructor(private readonly deps: AuthServiceDependencies) {}

  /**
   * Sends a fresh code to an address (a new code makes older ones useless:
   * only the newest code of an address is ever checked). Refuses deleted and
   * blocked accounts and too many sends per address or per IP.
   */
  async sendCode(channel: Channel, rawAddress: string, ip: string) {
    const { store, notifier, keys } = this.deps;
    const address = normalizeAddress(channel, rawAddress);
    const account = await this.findAccount(channel, address);
    if (account) assertMaySignIn(account);
    // Codes and limits are kept under the address's keyed hash, never the address.
    const addressHash = hashAddress(keys.addressHashing, channel, address);
    await limits.countCodeSend(store, addressHash, ip);

    const code = generateCode();
    await store.auth.insertAuthCode({
      channel,
      addressHash,
      codeHash: hashCode(keys.codeHashing, `${channel}:${address}`, code),
      ip,
      expiresAt: new Date(Date.now() + CODES.ttlSeconds * 1000),
    });
    try {
      if (channel === "email") await notifier.sendEmailCode(address, code);
      else await notifier.sendSmsCode(address, code);
    } catch (error) {
      this.deps.log.error({ err: error, channel }, "sign-in code delivery failed");
      throw authErrors.deliveryFailed();
    }
    return { status: "SENT" as const, expiresInSeconds: CODES.ttlSeconds };
  }

  /**
   * Exchanges the newest code of an address for a token pair, once. Every
   * try counts per IP, and every wrong one makes the IP wait, growing.
   * Wrong tries at a live code count per code too (the
   * CODES.maxWrongTries-th kills it) and per address, with a growing wait
   * for every IP but the one that asked for the code; tries at an address
   * with no live code count against the IP only. So nobody can lock a
   * person out: a fresh code they ask for is theirs to try. An address
   * without an account gets a new one.
   */
  async verifyCode(
    channel: Channel,
    rawAddress: string,
    code: string,
    client: ClientInfo,
  ): Promise<TokenPair> {
    const { store, keys, sessions } = this.deps;
    const address = normalizeAddress(channel, rawAddress);
    const scope = `${channel}:${address}`;
    const addressHash = hashAddress(keys.addressHashing, channel, address);
    const existing = await this.findAccount(channel, address);
    if (existing) assertMaySignIn(existing);
    await limits.countVerificationFromIp(store, client.ip);
    const now = new Date();
    const live = await store.auth.findLatestAuthCode(channel, addressHash);
    const liveCode = live && isLive(live, now) ? live : undefined;
    if (liveCode && liveCode.ip !== client.ip) {
      await limits.countForeignVerification(store, addressHash);
    }

    const check = await store.withTx(async (tx): Promise<CodeCheck> => {
      const stored = await tx.auth.findLatestAuthCode(channel, addressHash, { lock: true });
      if (!stored || stored.consumedAt) return { kind: "invalid" };
      if (stored.wrongTries >= CODES.maxWrongTries) return { kind: "exhausted" };
      if (stored.expiresAt <= now) return { kind: "expired" };
      if (!sameHash(hashCode(keys.codeHashing, scope, code), stored.codeHash)) {
        const wrongTries = await tx.auth.incrementWrongTries(stored.id);
        return { kind: wrongTries >= CODES.maxWrongTries ? "killed" : "wrong" };
      }
      if (!(await tx.auth.consumeAuthCode(stored.id, now))) return { kind: "invalid" };
      const user =
        existing ?? (await this.deps.accounts.createForSignIn(tx.executor, channel, address));
      assertMaySignIn(user);
      return { kind: "ok", tokens: await sessions.startBrowserSession(tx, user, client) };
    });
    // Outside the transaction, so that a counted wrong try is committed.
    if (check.kind === "ok") {
      await limits.clearCodeTries(store, addressHash);
      return check.tokens;
    }
    await limits.countWrongTryFromIp(store, client.ip);
    switch (check.kind) {
      case "expired":
        throw authErrors.codeExpired();
      case "killed":
        await limits.countWrongCode(store, addressHash);
        throw authErrors.codeExhausted();
      case "exhausted":
        throw authErrors.codeExhausted();
      case "wrong":
        await limits.countWrongCode(store, addressHash);
        throw authErrors.invalidCode();
      default:
        throw authErrors.invalidCode();
    }
  }

  /**
   * Rotates a refresh token: the presented one is marked used and a new one
   * joins the same session. Presenting a used one again means it leaked and
   * revokes the whole session — unless it comes back within the grace
   * window while its successor is still unused: then the answer to the
   * first exchange was lost on the way, and the same successor is answered.
   */
  async refresh(refreshToken: string, client: ClientInfo): Promise<TokenPair> {
    const tokenHash = hashRefreshToken(refreshToken);
    const now = new Date();
    const check = await this.deps.store.withTx(async (tx): Promise<RefreshCheck> => {
      const record = await tx.auth.findRefreshTokenForUpdate(tokenHash);
      if (!record) return { kind: "bad" };
      const { session } = record;
      const user = await this.deps.accounts.findById(tx.executor, session.userId);
      if (!user) return { kind: "bad" };
      // A device's session ended with its owner's account: it signs in anew
      // by code, as after any other end (it is not the account to be told why).
      if (session.kind === "device" && (session.revokedAt || user.status !== "active")) {
        return { kind: "bad" };
      }
      // A blocked or deleted account hears why, even with a revoked session.
      assertMaySignIn(user);
      if (session.revokedAt) return { kind: "bad" };
      if (session.expiresAt && session.expiresAt <= now) return { kind: "bad" };
      if (record.rotatedAt) {
        const replayed = await this.replayWithinGrace(tx, record, session, user, now);
        if (replayed) return { kind: "ok", tokens: replayed };
        await tx.auth.revokeSession(session.id, "reuse", now);
        return { kind: "reused", sessionId: session.id };
      }
      if (record.expiresAt && record.expiresAt <= now) return { kind: "bad" };
      const tokens = await this.deps.sessions.issue(tx, session, user);
      const rotated = await tx.auth.markRefreshTokenRotated(tokenHash, {
        at: now,
        successorHash: hashRefreshToken(tokens.refreshToken),
        successorSealed: seal(this.deps.keys.refreshSealing, tokens.refreshToken),
      });
      if (!rotated) throw new Error("A locked refresh token was rotated by someone else");
      await tx.auth.touchSession(session.id, { at: now, ...client });
      return { kind: "ok", tokens };
    });
    if (check.kind === "ok") return check.tokens;
    if (check.kind === "reused") {
      await this.deps.accessEvents.changed({ sessionIds: [check.sessionId] });
      throw authErrors.tokenReused();
    }
    throw authErrors.badRefreshToken();
  }

  /** Ends the session of a refresh token; unknown or ended sessions are fine. */
  async logout(refreshToken: string): Promise<void> {
    const { store } = this.deps;
    const sessionId = await store.auth.findSessionIdByTokenHash(hashRefreshToken(refreshToken));
    if (!sessionId) return;
    await store.auth.revokeSession(sessionId, "logout", new Date());
    await this.deps.accessEvents.changed({ sessionIds: [sessionId] });
  }

  /** The caller's standing browser and device sessions, most recently used first. */
  async listSessions(actor: Actor): Promise<SessionInfo[]> {
    const rows = await this.deps.store.auth.listStandingSessions(actor.userId, new Date());
    return rows.map((row) => presentSession(row, actor.sessionId));
  }

  /**
   * Ends one of the caller's sessions at once: its tokens stop and its
   * sockets close on every process. Another user's session is not found.
   */
  async endSession(actor: Actor, sessionId: string): Promise<void> {
    const { store } = this.deps;
    const session = await store.auth.findSession(sessionId);
    if (!session || session.userId !== actor.userId || session.revokedAt) {
      throw authErrors.sessionNotFound();
    }
    await store.auth.revokeSession(sessionId, "ended", new Date());
    await this.deps.accessEvents.changed({ sessionIds: [sessionId] });
  }

  private findAccount(channel: Channel, address: string): Promise<SignInAccount | undefined> {
    return this.deps.accounts.findByAddress(this.deps.store.executor, channel, address);
  }

  private async replayWithinGrace(
    tx: AuthStore,
    record: RefreshTokenRecord,
    session: SessionRow,
    user: SignInAccount,
    now: Date,
  ): Promise<TokenPair | null> {
    if (!record.rotatedAt || !record.successorHash || !record.successorSealed) return null;
    if (now.getTime() - record.rotatedAt.getTime() > TOKENS.refreshGraceSeconds * 1000) {
      return null;
    }
    const successor = await tx.auth.findRefreshTokenRotation(record.successorHash);
    if (!successor || successor.rotatedAt) return null;
    const refreshToken = unseal(this.deps.keys.refreshSealing, record.successorSealed);
    if (!refreshToken) return null;
    return { token: await this.deps.sessions.accessToken(session, user), refreshToken };
  }
}

/** Whether a code may still be tried: unused, not expired, tries left. */
function isLive(code: AuthCodeRow, now: Date): boolean {
  return !code.consumedAt && code.wrongTries < CODES.maxWrongTries && code.expiresAt > now;
}

/** E-mails are compared lower-cased; phones as 11 digits (normalizePhone). */
export function normalizeAddress(channel: Channel, raw: string): string {
  if (channel === "email") return raw.trim().toLowerCase();
  const phone = normalizePhone(raw);
  if (!phone) throw authErrors.invalidPhone();
  return phone;
}

function presentSession(row: SessionRow, currentSessionId: string): SessionInfo {
  return {
    id: row.id,
    kind: row.kind === "device" ? "device" : "browser",
    current: row.id === currentSessionId,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
    establishmentId: row.establishmentId,
  };
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
