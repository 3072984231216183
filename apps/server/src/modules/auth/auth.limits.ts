import { CODES } from "@fonika/shared";
import type { Executor } from "../../db/client.ts";
import { authErrors } from "./auth.errors.ts";
import * as limits from "./rate-limit.repository.ts";

/**
 * The sign-in limits (OWASP ASVS 5.0 §6, NIST 800-63B §5.2.2), each counted
 * atomically in the database so that they hold across processes and under
 * parallel bursts. Every check counts the attempt and throws the 429 that
 * answers it once over the limit.
 */

const SEND_WINDOW = CODES.sendWindowSeconds;
const DAY = 24 * 60 * 60;

async function count(
  db: Executor,
  scope: string,
  key: string,
  windowSeconds: number,
  max: number,
  refuse: (retryAfterSeconds: number) => Error,
): Promise<number> {
  const now = new Date();
  const result = await limits.hit(db, scope, key, now, windowSeconds);
  if (result.kind === "blocked") {
    throw refuse((result.until.getTime() - now.getTime()) / 1000);
  }
  if (result.count > max) throw refuse(windowSeconds);
  return result.count;
}

/** Sending a code: at most CODES.sendPerAddressMax to one address, sendPerIpMax from one IP. */
export async function countCodeSend(db: Executor, address: string, ip: string): Promise<void> {
  await count(db, "send-address", address, SEND_WINDOW, CODES.sendPerAddressMax, (seconds) =>
    authErrors.tooManyCodesForAddress(seconds),
  );
  await count(db, "send-ip", ip, SEND_WINDOW, CODES.sendPerIpMax, (seconds) =>
    authErrors.tooManyCodesFromIp(seconds),
  );
}

/** Starting a device sign-in: at most sendPerIpMax codes from one IP. */
export async function countDeviceCodeCreation(db: Executor, ip: string): Promise<void> {
  await count(db, "device-code-ip", ip, SEND_WINDOW, CODES.sendPerIpMax, (seconds) =>
    authErrors.tooManyCodesFromIp(seconds),
  );
}

/**
 * A verification try. Per IP every try counts; per address the tries of
 * all its codes count together over a day, whatever code they aim at, and
 * a wrong try past the free ones holds the address for a doubling wait
 * (`countWrongCode`). A right code clears the address (`clearCodeTries`).
 */
export async function countVerification(db: Executor, address: string, ip: string): Promise<void> {
  await count(db, "verify-ip", ip, SEND_WINDOW, CODES.verifyPerIpMax, (seconds) =>
    authErrors.tooManyTries(seconds),
  );
  await count(db, "verify-address", address, DAY, CODES.wrongTriesPerDay, (seconds) =>
    authErrors.tooManyTries(seconds),
  );
}

/** After a wrong code: past the free tries, the address waits before the next try. */
export async function countWrongCode(db: Executor, address: string): Promise<void> {
  const now = new Date();
  const row = await limits.hit(db, "wrong-address", address, now, DAY);
  if (row.kind === "blocked" || row.count <= CODES.freeWrongTries) return;
  const doublings = row.count - CODES.freeWrongTries - 1;
  const seconds = Math.min(CODES.backoffBaseSeconds * 2 ** doublings, CODES.backoffMaxSeconds);
  await limits.block(db, "verify-address", address, new Date(now.getTime() + seconds * 1000));
}

/** A right code: the address's tries start again from zero. */
export async function clearCodeTries(db: Executor, address: string): Promise<void> {
  await limits.reset(db, "verify-address", address);
  await limits.reset(db, "wrong-address", address);
}

/** Looking up or approving a device code: per approving user and per IP. */
export async function countDeviceApproval(db: Executor, userId: string, ip: string): Promise<void> {
  await count(db, "approve-user", userId, SEND_WINDOW, CODES.approvePerUserMax, (seconds) =>
    authErrors.tooManyApprovals(seconds),
  );
  await count(db, "approve-ip", ip, SEND_WINDOW, CODES.approvePerIpMax, (seconds) =>
    authErrors.tooManyApprovals(seconds),
  );
}
