import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";
import { type SessionKind, TOKENS } from "@fonika/shared";
import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { z } from "zod";

/**
 * Access tokens (CONTRACT.md): HS256 JWTs with `exp`, `sub` (user id) and
 * `authority` (role strings), living 5 minutes, plus the session they
 * belong to (`sid`, `kind`, `establishmentId`), so that ending a session
 * stops its access token at once.
 */
export interface AccessTokenClaims {
  userId: string;
  authority: readonly string[];
  sessionId: string;
  kind: SessionKind;
  establishmentId: string | null;
}

export interface VerifiedAccessToken extends AccessTokenClaims {
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export interface AccessTokens {
  sign(claims: AccessTokenClaims): Promise<string>;
  /** The claims of a valid token, or null for any bad, expired or forged one. */
  verify(token: string): Promise<VerifiedAccessToken | null>;
}

const serverClaimsSchema = z.object({
  exp: z.number(),
  sub: z.string().min(1),
  authority: z.array(z.string()),
  sid: z.uuid(),
  kind: z.enum(["browser", "device"]),
  establishmentId: z.string().nullish(),
});

/**
 * Verified tokens are kept until they expire, so that a token's HMAC is
 * checked once, not per call: a token lives 5 minutes, and what is kept is
 * what was verified in the last 5 minutes. The cap only bounds a flood of
 * distinct valid tokens (about 15 MB at most), three times what one
 * process's 10 000 venues hold (a device each, and their owners). It was
 * 10 000, dropped oldest first: 11 000 sockets coming back with their
 * tokens in the order they first came would miss on every one (issue 30).
 */
export const VERIFIED_CACHE_SIZE = 30_000;

export function createAccessTokens(secret: Uint8Array): AccessTokens {
  // Insertion-ordered: the oldest entries go first when the cache is full.
  const verified = new Map<string, VerifiedAccessToken>();
  // Imported once: given the raw bytes, jose imports a CryptoKey on every
  // call, which cost more than the HMAC itself when 11 000 sockets
  // reconnected at once (issue 30).
  const imported = crypto.subtle.importKey(
    "raw",
    secret,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const verifying = createSecretKey(secret);
  return {
    sign: async (claims) =>
      new SignJWT({
        authority: [...claims.authority],
        sid: claims.sessionId,
        kind: claims.kind,
        ...(claims.establishmentId ? { establishmentId: claims.establishmentId } : {}),
      })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.userId)
        .setIssuedAt()
        .setExpirationTime(`${TOKENS.accessTokenTtlSeconds}s`)
        .sign(await imported),
    verify: async (token) => {
      const nowSeconds = Date.now() / 1000;
      const known = verified.get(token);
      if (known) {
        if (known.exp > nowSeconds) return known;
        verified.delete(token);
        return null;
      }
      const payload = verifyHs256(token, verifying, Math.floor(nowSeconds));
      if (!payload) return null;
      const parsed = serverClaimsSchema.safeParse(payload);
      if (!parsed.success) return null;
      const claims: VerifiedAccessToken = {
        userId: parsed.data.sub,
        authority: parsed.data.authority,
        sessionId: parsed.data.sid,
        kind: parsed.data.kind,
        establishmentId: parsed.data.establishmentId ?? null,
        exp: parsed.data.exp,
      };
      if (verified.size >= VERIFIED_CACHE_SIZE) {
        makeRoom(verified, nowSeconds, VERIFIED_CACHE_SIZE);
      }
      verified.set(token, claims);
      return claims;
    },
  };
}

/** An HS256 signature: 32 bytes, base64url without padding. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The payload of a compact HS256 JWT whose signature is `key`'s, with an
 * `exp`, and whose time claims hold at `nowSeconds`, or null: a token with
 * an `exp` that jose's `jwtVerify(token, key, { algorithms: ["HS256"] })`
 * accepts (a test compares the two on forged, re-signed, tampered and
 * expired tokens). The HMAC is node:crypto's,
 * about 3 µs a token where jose's WebCrypto job took 55–70 µs on the main
 * thread, a tenth of a reconnect storm's time (issue 30); jose still reads
 * the header and the claims, once the signature is known to be ours.
 */
export function verifyHs256(
  token: string,
  key: KeyObject,
  nowSeconds: number,
): Record<string, unknown> | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [header = "", payload = "", signature = ""] = parts;
  if (!SIGNATURE.test(signature)) return null;
  const expected = createHmac("sha256", key).update(`${header}.${payload}`).digest();
  if (!timingSafeEqual(Buffer.from(signature, "base64url"), expected)) return null;
  let protectedHeader: ReturnType<typeof decodeProtectedHeader>;
  let claims: ReturnType<typeof decodeJwt>;
  try {
    protectedHeader = decodeProtectedHeader(token);
    claims = decodeJwt(token);
  } catch {
    return null;
  }
  // Only what jose verifies with HS256 alone: no critical extensions, no unencoded payload.
  if (protectedHeader.alg !== "HS256" || "crit" in protectedHeader || "b64" in protectedHeader) {
    return null;
  }
  if (typeof claims.exp !== "number" || claims.exp <= nowSeconds) return null;
  if (claims.nbf !== undefined && (typeof claims.nbf !== "number" || claims.nbf > nowSeconds)) {
    return null;
  }
  if (claims.iat !== undefined && typeof claims.iat !== "number") return null;
  return claims;
}

/**
 * Makes room for one more in a cache of `size`: drops the expired tokens at
 * its front (the oldest kept: all tokens live as long, so they expire about
 * in order), or the oldest one when none has expired.
 */
export function makeRoom(
  verified: Map<string, { exp: number }>,
  nowSeconds: number,
  size: number,
): void {
  for (const [token, claims] of verified) {
    if (claims.exp > nowSeconds) break;
    verified.delete(token);
  }
  if (verified.size < size) return;
  const oldest = verified.keys().next().value;
  if (oldest !== undefined) verified.delete(oldest);
}
