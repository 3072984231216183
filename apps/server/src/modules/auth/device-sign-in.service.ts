import { CODES, type DeviceCodeInfo, type DeviceKind } from "@fonika/shared";
import type { Executor } from "../../db/client.ts";
import type { Actor } from "../../kernel/actor.ts";
import { errors } from "../../lib/app-error.ts";
import type { ServerKeys } from "../../lib/keys.ts";
import type { AccountLookup } from "./auth.accounts.ts";
import { authErrors } from "./auth.errors.ts";
import * as limits from "./auth.limits.ts";
import { assertMayApproveDeviceCode, assertMaySignIn, mayHoldDevices } from "./auth.policy.ts";
import { generateCode, hashCode } from "./auth.secrets.ts";
import type { ClientInfo, SessionIssuer } from "./auth.sessions.ts";
import type { AuthStore } from "./auth.store.ts";
import type { DeviceCodeRow } from "./device-codes.repository.ts";

export type VerificationResult =
  | { status: "PENDING" | "EXPIRED" }
  | {
      status: "APPROVED";
      tokens: { token: string; refreshToken: string };
      /** The player the device session is bound to (a web player's); null for other devices. */
      playerId: string | null;
    };

/** What the approver names: the code, their establishment and, for a web player, its player. */
export interface DeviceApproval {
  code: string;
  establishmentId: string;
  playerId?: string | undefined;
}

export interface DeviceSignInDependencies {
  store: AuthStore;
  keys: ServerKeys;
  sessions: SessionIssuer;
  accounts: AccountLookup;
  /** Whether an establishment is the client's own (the establishments module). */
  establishments: { isOwnedBy(clientId: string, establishmentId: string): Promise<boolean> };
  /** The web players a web player's code plays (the players module). */
  webPlayers: {
    /**
     * Checks `playerId` to be a web player of the approver's establishment
     * (throws the refusal otherwise) and answers what gives the player's
     * id inside the approval's transaction: that one, or without
     * `playerId` a new web player made there.
     */
    prepare(
      actor: Actor,
      establishmentId: string,
      playerId: string | undefined,
    ): Promise<(tx: Executor) => Promise<string>>;
    /** Whether the player still exists (it may be removed before the device polls). */
    exists(tx: Executor, playerId: string): Promise<boolean>;
  };
}

/**
 * Second-device sign-in (RFC 8628): a player or browser shows a code, its
 * owner looks it up (when and where it was made) and approves it, and the
 * device then holds a device session — bound to the establishment it was
 * approved for, with a player's powers only, never the approver's account.
 */
export class DeviceSignInService {
  constructor(private readonly deps: DeviceSignInDependencies) {}

  /**
   * Starts a second-device sign-in: a code to show and an id to poll. A
   * web player's code (`kind`) is approved with the web player it plays.
   */
  async createCode(client: ClientInfo, kind: DeviceKind = "device") {
    const { store } = this.deps;
    await limits.countDeviceCodeCreation(store, client.ip);
    const now = new Date();
    // Two pending codes must never share a value, or approving one is ambiguous.
    let code = generateCode();
    for (let attempt = 0; attempt < 5; attempt++) {
      const clash = await store.deviceCodes.findPendingDeviceCodes(this.hash(code), now);
      if (clash.length === 0) break;
      code = generateCode();
    }
    const verificationId = await store.deviceCodes.insertDeviceCode({
      codeHash: this.hash(code),
      kind,
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
    await limits.countDeviceApproval(this.deps.store, actor.userId, ip);
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
   * A web player's code plays one web player of that establishment: the
   * one named, or a new one made for it; answers that player's id (null
   * for other devices, which name none). A player made for an approval
   * that loses a race is not kept: both happen in one transaction.
   */
  async approveCode(actor: Actor, approval: DeviceApproval, ip: string): Promise<string | null> {
    assertMayApproveDeviceCode(actor);
    const { store } = this.deps;
    await limits.countDeviceApproval(store, actor.userId, ip);
    const pending = await this.findPending(approval.code);
    const { establishmentId } = approval;
    if (!(await this.deps.establishments.isOwnedBy(actor.userId, establishmentId))) {
      throw authErrors.establishmentNotFound();
    }
    const webPlayer = pending.kind === "webPlayer";
    if (!webPlayer && approval.playerId !== undefined) throw authErrors.playerOnlyForWebPlayer();
    const provide = webPlayer
      ? await this.deps.webPlayers.prepare(actor, establishmentId, approval.playerId)
      : null;
    return store.withTx(async (tx) => {
      const playerId = provide ? await provide(tx.executor) : null;
      const approved = await tx.deviceCodes.approveDeviceCode(pending.id, {
        approvedBy: actor.userId,
        establishmentId,
        playerId,
        approvedAt: new Date(),
      });
      if (!approved) throw authErrors.invalidCode();
      return playerId;
    });
  }

  /**
   * The state of a second-device sign-in. APPROVED carries the device
   * session's token pair exactly once; a poll after that answers EXPIRED.
   */
  async waitForVerification(
    verificationId: string,
    client: ClientInfo,
  ): Promise<VerificationResult> {
    const { store, sessions } = this.deps;
    const now = new Date();
    const deviceCode = await store.deviceCodes.findDeviceCodeById(verificationId);
    if (!deviceCode) throw errors.notFound("Verification");
    if (deviceCode.deliveredAt) return { status: "EXPIRED" };
    if (!deviceCode.approvedAt || !deviceCode.approvedBy) {
      return { status: deviceCode.expiresAt <= now ? "EXPIRED" : "PENDING" };
    }
    const approvedBy = deviceCode.approvedBy;
    return store.withTx(async (tx): Promise<VerificationResult> => {
      if (!(await tx.deviceCodes.markDeviceCodeDelivered(deviceCode.id, now))) {
        return { status: "EXPIRED" };
      }
      const user = await this.deps.accounts.findById(tx.executor, approvedBy);
      if (!user) return { status: "EXPIRED" };
      assertMaySignIn(user);
      // Its approver stopped being a client since: their devices no longer play.
      if (!mayHoldDevices(user)) return { status: "EXPIRED" };
      const { establishmentId, playerId } = deviceCode;
      // Its player removed since the approval: nothing is left to play.
      if (playerId && !(await this.deps.webPlayers.exists(tx.executor, playerId))) {
        return { status: "EXPIRED" };
      }
      const tokens = await sessions.startDeviceSession(
        tx,
        user,
        { establishmentId, playerId },
        client,
      );
      return { status: "APPROVED", tokens, playerId };
    });
  }

  private async findPending(code: string): Promise<DeviceCodeRow> {
    const now = new Date();
    const codeHash = this.hash(code);
    const [pending] = await this.deps.store.deviceCodes.findPendingDeviceCodes(codeHash, now);
    if (pending) return pending;
    const latest = await this.deps.store.deviceCodes.findLatestDeviceCodeByHash(codeHash);
    if (latest && !latest.approvedAt && latest.expiresAt <= now) throw authErrors.codeExpired();
    throw authErrors.invalidCode();
  }

  private hash(code: string): string {
    return hashCode(this.deps.keys.codeHashing, "device", code);
  }
}
