import { CODES } from "@fonika/shared";
import { authErrors } from "./auth.errors.ts";
import type { AuthStore } from "./auth.store.ts";

/**
 * The sign-in limits (OWASP ASVS 5.0 §6, NIST 800-63B §5.2.2), each counted
 * atomically in the database so that they hold across processes and under
 * parallel bursts. Every check counts the attempt and throws the 429 that
 * answers it once over the limit.
 */

const SEND_WINDOW = CODES.sendWindowSeconds;
const DAY = 24 * 60 * 60;

async function count(
  store: AuthStore,
  scope: string,
  key: string,
  windowSeconds: number,
  max: number,
  refuse: (retryAfterSeconds: number) => Error,
): Promise<number> {
  const now = new Date();
  const result = await store.rateLimits.hit(scope, key, now, windowSeconds);
  if (result.kind === "blocked") {
    throw refuse((result.until.getTime() - now.getTime()) / 1000);
  }
  if (result.count > max) throw refuse(windowSeconds);
  return result.count;
}

/**
 * Sending a code to `address` (its keyed hash) from `ip`: at most
 * CODES.sendPerIpMax from the IP, CODES.sendPerAddressFromIpMax to the
 * address from that IP, and CODES.sendPerAddressMax to the address from
 * all IPs in an hour. The counters are taken in that order and the first
 * refusal stops: a stranger's sends refused for their IP or for the pair
 * never reach the address's own counter, so its owner, from another
 * network, still gets codes.
 */
export async function countCodeSend(store: AuthStore, address: string, ip: string): Promise<void> {
  await count(store, "send-ip", ip, SEND_WINDOW, CODES.sendPerIpMax, (seconds) =>
    authErrors.tooManyCodesFromIp(seconds),
  );
  await count(
    store,
    "send-address-ip",
    `${address}:${ip}`,
    SEND_WINDOW,
    CODES.sendPerAddressFromIpMax,
    (seconds) => authErrors.tooManyCodesForAddress(seconds),
  );
  await count(
    store,
    "send-address",
    address,
    CODES.sendPerAddressWindowSeconds,
    CODES.sendPerAddressMax,
    (seconds) => authErrors.tooManyCodesForAddress(seconds),
  );
}

/** Starting a device sign-in: at most sendPerIpMax codes from one IP. */
export async function countDeviceCodeCreation(store: AuthStore, ip: string): Promise<void> {
  await count(store, "device-code-ip", ip, SEND_WINDOW, CODES.sendPerIpMax, (seconds) =>
    authErrors.tooManyCodesFromIp(seconds),
  );
}

/**
 * A verification try from an IP: every try counts, right or wrong, and an
 * IP that made too many wrong tries waits (`countWrongTryFromIp`).
 */
export async function countVerificationFromIp(store: AuthStore, ip: string): Promise<void> {
  await count(store, "verify-ip", ip, SEND_WINDOW, CODES.verifyPerIpMax, (seconds) =>
    authErrors.tooManyTries(seconds),
  );
}

/**
 * A try at an address's live code from an IP other than the one that asked
 * for it: such tries, whatever code they aim at, count together over a
 * day, and wrong ones past the free tries hold the address for a doubling
 * wait (`countWrongCode`) — for other IPs only. The IP that asked for the
 * code is never held by the address, so that strangers guessing cannot
 * lock its owner out. A right code clears the address (`clearCodeTries`).
 */
export async function countForeignVerification(store: AuthStore, address: string): Promise<void> {
  await count(store, "verify-address", address, DAY, CODES.wrongTriesPerDay, (seconds) =>
    authErrors.tooManyTries(seconds),
  );
}

/** After a wrong try at a live code: past the free tries, the address waits. */
export async function countWrongCode(store: AuthStore, address: string): Promise<void> {
  await countWrong(store, "wrong-address", "verify-address", address, CODES.freeWrongTries);
}

/**
 * After any wrong try (at a live code or at an address with none): past
 * its free tries, the IP waits before its next try, doubling.
 */
export async function countWrongTryFromIp(store: AuthStore, ip: string): Promise<void> {
  await countWrong(store, "wrong-ip", "verify-ip", ip, CODES.freeWrongTriesPerIp);
}

async function countWrong(
  store: AuthStore,
  scope: string,
  heldScope: string,
  key: string,
  free: number,
): Promise<void> {
  const now = new Date();
  const row = await store.rateLimits.hit(scope, key, now, DAY);
  if (row.kind === "blocked" || row.count <= free) return;
  const doublings = row.count - free - 1;
  const seconds = Math.min(CODES.backoffBaseSeconds * 2 ** doublings, CODES.backoffMaxSeconds);
  await store.rateLimits.block(heldScope, key, new Date(now.getTime() + seconds * 1000));
}

/** A right code: the address's tries start again from zero (the IP's do not). */
export async function clearCodeTries(store: AuthStore, address: string): Promise<void> {
  await store.rateLimits.reset("verify-address", address);
  await store.rateLimits.reset("wrong-address", address);
}

/** Looking up or approving a device code: per approving user and per IP. */
export async function countDeviceApproval(
  store: AuthStore,
  userId: string,
  ip: string,
): Promise<void> {
  await count(store, "approve-user", userId, SEND_WINDOW, CODES.approvePerUserMax, (seconds) =>
    authErrors.tooManyApprovals(seconds),
  );
  await count(store, "approve-ip", ip, SEND_WINDOW, CODES.approvePerIpMax, (seconds) =>
    authErrors.tooManyApprovals(seconds),
  );
}
