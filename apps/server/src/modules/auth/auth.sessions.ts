import { PLAYER_DEVICE, type TokenPair } from "@fonika/shared";
import type { AccessTokens } from "../../lib/access-token.ts";
import type { SignInAccount } from "./auth.accounts.ts";
import type { SessionRow } from "./auth.repository.ts";
import { generateRefreshToken, hashRefreshToken } from "./auth.secrets.ts";
import type { AuthStore } from "./auth.store.ts";

/** Where a session starts from: shown to its owner in the list of sessions. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** Longest User-Agent kept: enough to name a browser, not a dump. */
const USER_AGENT_MAX = 256;

export function clientInfo(ip: string, userAgent: string | string[] | undefined): ClientInfo {
  const agent = Array.isArray(userAgent) ? userAgent[0] : userAgent;
  return { ip, userAgent: agent ? agent.slice(0, USER_AGENT_MAX) : null };
}

/**
 * Starts sessions and issues their token pairs. A browser session ends
 * `browserSessionDays` after it started, whatever its rotations; a device
 * session (a player approved by its owner) lasts until someone ends it.
 */
export class SessionIssuer {
  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly browserSessionDays: number,
  ) {}

  async startBrowserSession(
    tx: AuthStore,
    user: SignInAccount,
    client: ClientInfo,
  ): Promise<TokenPair> {
    const expiresAt = new Date(Date.now() + this.browserSessionDays * 24 * 60 * 60 * 1000);
    const session = await tx.auth.insertSession({
      userId: user.id,
      kind: "browser",
      establishmentId: null,
      expiresAt,
      ...client,
    });
    return this.issue(tx, session, user);
  }

  /**
   * A device session of the user's venue: it plays the establishment's
   * players, or only `playerId` when it is bound to one (a web player's).
   */
  async startDeviceSession(
    tx: AuthStore,
    user: SignInAccount,
    place: { establishmentId: string | null; playerId: string | null },
    client: ClientInfo,
  ): Promise<TokenPair> {
    const session = await tx.auth.insertSession({
      userId: user.id,
      kind: "device",
      establishmentId: place.establishmentId,
      playerId: place.playerId,
      expiresAt: null,
      ...client,
    });
    return this.issue(tx, session, user);
  }

  /** A fresh refresh token of the session and an access token for it. */
  async issue(tx: AuthStore, session: SessionRow, user: SignInAccount): Promise<TokenPair> {
    const refreshToken = generateRefreshToken();
    await tx.auth.insertRefreshToken({
      tokenHash: hashRefreshToken(refreshToken),
      sessionId: session.id,
      expiresAt: session.expiresAt,
    });
    return { token: await this.accessToken(session, user), refreshToken };
  }

  /** An access token of the session; a device's carries only the device state. */
  accessToken(session: SessionRow, user: SignInAccount): Promise<string> {
    const device = session.kind === "device";
    return this.accessTokens.sign({
      userId: user.id,
      authority: device ? [PLAYER_DEVICE] : user.authority,
      sessionId: session.id,
      kind: device ? "device" : "browser",
      establishmentId: session.establishmentId,
    });
  }
}
