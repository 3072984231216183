import {
  and,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { anyId } from "../../db/any-id.ts";
import type { Executor } from "../../db/client.ts";
import { authCodes, deviceCodes, refreshTokens, sessions } from "../../db/schema.ts";

/**
 * SQL of sign-in: one-time codes and sessions with their rotating refresh
 * tokens (device-flow codes: device-codes.repository.ts; users belong to
 * the accounts module). Every
 * function takes the database or a transaction; none decides anything.
 */

export type AuthCodeRow = typeof authCodes.$inferSelect;
export type Channel = "email" | "phone";

export async function insertAuthCode(
  db: Executor,
  code: { channel: Channel; addressHash: string; codeHash: string; ip: string; expiresAt: Date },
): Promise<void> {
  await db.insert(authCodes).values(code);
}

/**
 * The newest code sent to an address (by its keyed hash); with `lock`,
 * locked until the transaction ends.
 */
export async function findLatestAuthCode(
  db: Executor,
  channel: Channel,
  addressHash: string,
  options: { lock?: boolean } = {},
): Promise<AuthCodeRow | undefined> {
  const query = db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.channel, channel), eq(authCodes.addressHash, addressHash)))
    .orderBy(desc(authCodes.createdAt), desc(authCodes.id))
    .limit(1);
  const [code] = options.lock ? await query.for("update") : await query;
  return code;
}

export async function incrementWrongTries(db: Executor, codeId: string): Promise<number> {
  const [row] = await db
    .update(authCodes)
    .set({ wrongTries: sql`${authCodes.wrongTries} + 1` })
    .where(eq(authCodes.id, codeId))
    .returning({ wrongTries: authCodes.wrongTries });
  return row?.wrongTries ?? 0;
}

/** Marks a code used; false when it already was. */
export async function consumeAuthCode(db: Executor, codeId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(authCodes)
    .set({ consumedAt: at })
    .where(and(eq(authCodes.id, codeId), isNull(authCodes.consumedAt)))
    .returning({ id: authCodes.id });
  return rows.length > 0;
}

export type SessionRow = typeof sessions.$inferSelect;

export interface NewSession {
  userId: string;
  kind: "browser" | "device";
  establishmentId: string | null;
  /** The one player a device session plays (a web player's), or null. */
  playerId?: string | null;
  ip: string | null;
  userAgent: string | null;
  expiresAt: Date | null;
}

export async function insertSession(db: Executor, session: NewSession): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(session).returning();
  if (!row) throw new Error("Session insert returned nothing");
  return row;
}

export async function insertRefreshToken(
  db: Executor,
  token: { tokenHash: string; sessionId: string; expiresAt: Date | null },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

export interface RefreshTokenRecord {
  tokenHash: string;
  expiresAt: Date | null;
  rotatedAt: Date | null;
  successorHash: string | null;
  successorSealed: string | null;
  session: SessionRow;
}

/** A refresh token with its session, both locked until the transaction ends. */
export async function findRefreshTokenForUpdate(
  db: Executor,
  tokenHash: string,
): Promise<RefreshTokenRecord | undefined> {
  const [row] = await db
    .select({
      tokenHash: refreshTokens.tokenHash,
      expiresAt: refreshTokens.expiresAt,
      rotatedAt: refreshTokens.rotatedAt,
      successorHash: refreshTokens.successorHash,
      successorSealed: refreshTokens.successorSealed,
      session: sessions,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for("update");
  return row;
}

/** Whether a refresh token exists and was already exchanged itself. */
export async function findRefreshTokenRotation(
  db: Executor,
  tokenHash: string,
): Promise<{ rotatedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ rotatedAt: refreshTokens.rotatedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/**
 * Marks a refresh token exchanged for its successor (kept sealed for the
 * grace window); false when it already was.
 */
export async function markRefreshTokenRotated(
  db: Executor,
  tokenHash: string,
  rotation: { at: Date; successorHash: string; successorSealed: string },
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({
      rotatedAt: rotation.at,
      successorHash: rotation.successorHash,
      successorSealed: rotation.successorSealed,
    })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  return rows.length > 0;
}

/** Records a session's latest use: when and from where (for the owner's list). */
export async function touchSession(
  db: Executor,
  sessionId: string,
  use: { at: Date; ip: string; userAgent: string | null },
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: use.at, ip: use.ip, userAgent: use.userAgent })
    .where(eq(sessions.id, sessionId));
}

/** Revokes one session unless it already is revoked (the first reason stays). */
export async function revokeSession(
  db: Executor,
  sessionId: string,
  reason: string,
  at: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Binds a standing venue-wide device session to one player; false when it
 * is not one (already bound, ended, or not a device's).
 */
export async function bindSessionToPlayer(
  db: Executor,
  sessionId: string,
  playerId: string,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ playerId })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.kind, "device"),
        isNull(sessions.playerId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes the standing device sessions bound to these players; answers their ids. */
export async function revokePlayerSessions(
  db: Executor,
  playerIds: readonly string[],
  reason: string,
  at: Date,
): Promise<string[]> {
  if (playerIds.length === 0) return [];
  return revokeStanding(db, anyId(sessions.playerId, playerIds), reason, at);
}

/** Revokes the standing sessions that `which` names; answers their ids. */
async function revokeStanding(
  db: Executor,
  which: SQL,
  reason: string,
  at: Date,
): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(which, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Revokes every standing session of a user; answers their ids. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  reason: string,
  at: Date,
): Promise<string[]> {
  return revokeStanding(db, eq(sessions.userId, userId), reason, at);
}

/** Revokes every standing device session of a user (the players of their venues); answers their ids. */
export async function revokeUserDeviceSessions(
  db: Executor,
  userId: string,
  reason: string,
  at: Date,
): Promise<string[]> {
  return revokeStanding(
    db,
    and(eq(sessions.userId, userId), eq(sessions.kind, "device")) as SQL,
    reason,
    at,
  );
}

/**
 * Ends a deleted user's sessions and erases where they were used from;
 * their device codes go. The rows stay until pruning, so that a token of
 * theirs still hears account-deleted rather than a bare 401.
 */
export async function eraseUserSessions(db: Executor, userId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ ip: null, userAgent: null }).where(eq(sessions.userId, userId));
  await revokeUserSessions(db, userId, "deleted", at);
  await db.delete(deviceCodes).where(eq(deviceCodes.approvedBy, userId));
}

/** A user's sessions that still stand, most recently used first. */
export async function listStandingSessions(
  db: Executor,
  userId: string,
  now: Date,
): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        or(isNull(sessions.expiresAt), gt(sessions.expiresAt, now)),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

export async function findSession(
  db: Executor,
  sessionId: string,
): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  return row;
}

export async function findSessionIdByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row?.sessionId;
}

/**
 * What the pruning job removes, so that the auth tables stay the size of
 * what is live: codes and device codes a day past their expiry, and
 * sessions that ended (revoked or expired) before `endedBefore`, with their
 * refresh tokens. A standing session keeps every token it ever rotated, so
 * that a stolen one presented months later still reveals the theft and
 * ends the session (device sessions never expire); past the grace window
 * only its sealed successor is dropped. Tokens of an ended session go at
 * once: nothing they answer depends on them any more.
 */
export async function pruneAuthTables(
  db: Executor,
  cutoffs: { codesExpiredBefore: Date; rotatedBefore: Date; endedBefore: Date; now: Date },
): Promise<{ codes: number; deviceCodes: number; refreshTokens: number; sessions: number }> {
  const codes = await db
    .delete(authCodes)
    .where(lt(authCodes.expiresAt, cutoffs.codesExpiredBefore))
    .returning({ id: authCodes.id });
  const devices = await db
    .delete(deviceCodes)
    .where(lt(deviceCodes.expiresAt, cutoffs.codesExpiredBefore))
    .returning({ id: deviceCodes.id });
  const endedSessions = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(or(isNotNull(sessions.revokedAt), lte(sessions.expiresAt, cutoffs.now)));
  const tokens = await db
    .delete(refreshTokens)
    .where(inArray(refreshTokens.sessionId, endedSessions))
    .returning({ tokenHash: refreshTokens.tokenHash });
  await db
    .update(refreshTokens)
    .set({ successorSealed: null })
    .where(
      and(
        isNotNull(refreshTokens.successorSealed),
        lt(refreshTokens.rotatedAt, cutoffs.rotatedBefore),
      ),
    );
  const ended = await db
    .delete(sessions)
    .where(
      or(lt(sessions.revokedAt, cutoffs.endedBefore), lte(sessions.expiresAt, cutoffs.endedBefore)),
    )
    .returning({ id: sessions.id });
  return {
    codes: codes.length,
    deviceCodes: devices.length,
    refreshTokens: tokens.length,
    sessions: ended.length,
  };
}
