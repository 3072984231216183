import { createHash, createHmac, randomBytes, randomInt } from "node:crypto";
import { CODES } from "@fonika/shared";

/**
 * The secrets of sign-in: one-time codes and refresh tokens are random and
 * only their hashes are stored, so a copy of the database signs nobody in.
 */

/** A one-time code of CODES.length digits, uniformly random. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODES.length)).padStart(CODES.length, "0");
}

/**
 * The stored form of a code: an HMAC keyed by the code-hashing key (a code has
 * only a million values, a plain hash would be reversed at once) and bound
 * to the scope it was issued for, e.g. `email:ann@example.com`.
 */
export function hashCode(key: Buffer, scope: string, code: string): string {
  return createHmac("sha256", key).update(`${scope}\n${code}`).digest("base64url");
}

/**
 * The stored form of a sign-in address (codes and limits are kept under
 * it): an HMAC under the address-hashing key, so that these tables name
 * nobody, not even a deleted account, and a guessed address cannot be
 * checked against a copy of them without the key.
 */
export function hashAddress(key: Buffer, channel: "email" | "phone", address: string): string {
  return createHmac("sha256", key).update(`${channel}:${address}`).digest("base64url");
}

/** An opaque refresh token: 32 random bytes, base64url. */
export function generateRefreshToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The stored form of a refresh token; it has 256 bits, a plain hash suffices. */
export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
