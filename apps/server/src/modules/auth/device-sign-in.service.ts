import { CODES, type DeviceCodeInfo } from "@fonika/shared";
import type { Database } from "../../db/client.ts";
import { errors } from "../../lib/app-error.ts";
import type { ServerKeys } from "../../lib/keys.ts";
import type { Actor } from "../../plugins/auth.ts";
import type { AccountLookup } from "./auth.accounts.ts";
import { authErrors } from "./auth.errors.ts";
import * as limits from "./auth.limits.ts";
import { assertMayApproveDeviceCode, assertMaySignIn } from "./auth.policy.ts";
import type { DeviceCodeRow } from "./auth.repository.ts";
import * as repository from "./auth.repository.ts";
import { generateCode, hashCode } from "./auth.secrets.ts";
import type { ClientInfo, SessionIssuer } from "./auth.sessions.ts";

export type VerificationResult =
  | { status: "PENDING" | "EXPIRED" }
  | { status: "APPROVED"; tokens: { token: string; refreshToken: string } };

export interface DeviceSignInDependencies {
  db: Database;
  keys: ServerKeys;
  sessions: SessionIssuer;
  accounts: AccountLookup;
  /** Whether an establishment is the client's own (the establishments module). */
  establishments: { isOwnedBy(clientId: string, establishmentId: string): Promise<boolean> };
}

/**
 * Second-device sign-in (RFC 8628): a player or browser shows a code, its
 * owner looks it up (when and where it was made) and approves it, and the
 * device then holds a device session — bound to the establishment it was
 * approved for, with a player's powers only, never the approver's account.
 */
export class DeviceSignInService {
  constructor(private readonly deps: DeviceSignInDependencies) {}

  /** Starts a second-device sign-in: a code to show and an id to poll. */
  async createCode(client: ClientInfo) {
    const { db } = this.deps;
    await limits.countDeviceCodeCreation(db, client.ip);
    const now = new Date();
    // Two pending codes must never share a value, or approving one is ambiguous.
    let code = generateCode();
    for (let attempt = 0; attempt < 5; attempt++) {
      const clash = await repository.findPendingDeviceCodes(db, this.hash(code), now);
      if (clash.length === 0) break;
      code = generateCode();
    }
    const verificationId = await repository.insertDeviceCode(db, {
      codeHash: this.hash(code),
      ...client,
      expiresAt: new Date(now.getTime() + CODES.deviceCodeTtlSeconds * 1000),
    });
    return { verificationId, code, expiresInSeconds: CODES.deviceCodeTtlSeconds };
  }

  /**
   * What the approver sees before approving (RFC 8628 §5.4): when the code
   * was made, from which address and browser. Counted like an approval, so
   * that look-ups cannot be used to guess codes.
   */
  async inspectCode(actor: Actor, code: string, ip: string): Promise<DeviceCodeInfo> {
    assertMayApproveDeviceCode(actor);
    await limits.countDeviceApproval(this.deps.db, actor.userId, ip);
    const pending = await this.findPending(code);
    return {
      createdAt: pending.createdAt.toISOString(),
      expiresAt: pending.expiresAt.toISOString(),
      ip: pending.ip,
      userAgent: pending.userAgent,
      kind: pending.kind === "webPlayer" ? "webPlayer" : "device",
    };
  }

  /**
   * A client approves a code shown on another device for one of their own
   * establishments; someone else's, or an unknown one, is answered alike.
   */
  async approveCode(actor: Actor, code: string, establishmentId: string, ip: string) {
    assertMayApproveDeviceCode(actor);
    await limits.countDeviceApproval(this.deps.db, actor.userId, ip);
    const pending = await this.findPending(code);
    if (!(await this.deps.establishments.isOwnedBy(actor.userId, establishmentId))) {
      throw authErrors.establishmentNotFound();
    }
    const approved = await repository.approveDeviceCode(this.deps.db, pending.id, {
      approvedBy: actor.userId,
      establishmentId,
      approvedAt: new Date(),
    });
    if (!approved) throw authErrors.invalidCode();
  }

  /**
   * The state of a second-device sign-in. APPROVED carries the device
   * session's token pair exactly once; a poll after that answers EXPIRED.
   */
  async waitForVerification(
    verificationId: string,
    client: ClientInfo,
  ): Promise<VerificationResult> {
    const { db, sessions } = this.deps;
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
      const user = await this.deps.accounts.findById(tx, approvedBy);
      if (!user) return { status: "EXPIRED" };
      assertMaySignIn(user);
      const tokens = await sessions.startDeviceSession(
        tx,
        user,
        deviceCode.establishmentId,
        client,
      );
      return { status: "APPROVED", tokens };
    });
  }

  private async findPending(code: string): Promise<DeviceCodeRow> {
    const now = new Date();
    const codeHash = this.hash(code);
    const [pending] = await repository.findPendingDeviceCodes(this.deps.db, codeHash, now);
    if (pending) return pending;
    const latest = await repository.findLatestDeviceCodeByHash(this.deps.db, codeHash);
    if (latest && !latest.approvedAt && latest.expiresAt <= now) throw authErrors.codeExpired();
    throw authErrors.invalidCode();
  }

  private hash(code: string): string {
    return hashCode(this.deps.keys.codeHashing, "device", code);
  }
}
