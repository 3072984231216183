import type { TokenPair } from "@fonika/shared";
import type { AccessEvents } from "../../kernel/actor.ts";
import { errors } from "../../lib/app-error.ts";
import type { AccountLookup } from "./auth.accounts.ts";
import { assertMaySignIn } from "./auth.policy.ts";
import { clientInfo, type SessionIssuer } from "./auth.sessions.ts";
import type { AuthStore } from "./auth.store.ts";

export interface PlayerSessionsDependencies {
  store: AuthStore;
  sessions: SessionIssuer;
  accounts: AccountLookup;
  accessEvents: AccessEvents;
}

/**
 * Device sessions bound to one player, for the players module, which
 * reaches sessions only through this: its owner plays a web player in the
 * browser at hand (as an approved web player's code would give), and a
 * removed player's sessions end with it.
 */
export class PlayerSessions {
  constructor(private readonly deps: PlayerSessionsDependencies) {}

  /**
   * A new device session of the owner, bound to the player of their
   * establishment; the caller has checked the player is theirs and a web one.
   */
  start(
    ownerId: string,
    place: { establishmentId: string; playerId: string },
    client: { ip: string; userAgent: string | string[] | undefined },
  ): Promise<TokenPair> {
    return this.deps.store.withTx(async (tx) => {
      const owner = await this.deps.accounts.findById(tx.executor, ownerId);
      if (!owner) throw errors.unauthorized("The owner's account is gone");
      assertMaySignIn(owner);
      const from = clientInfo(client.ip, client.userAgent);
      return this.deps.sessions.startDeviceSession(tx, owner, place, from);
    });
  }

  /**
   * When a session began (the history refuses a play reported as started
   * before the session it came under); null for a session that is gone.
   */
  async startedAt(sessionId: string): Promise<Date | null> {
    return (await this.deps.store.auth.findSession(sessionId))?.createdAt ?? null;
  }

  /**
   * Ends the device sessions bound to these players (they were removed):
   * their tokens stop and their sockets close on every process.
   */
  async endFor(playerIds: readonly string[]): Promise<void> {
    const ended = await this.deps.store.auth.revokePlayerSessions(
      playerIds,
      "player-removed",
      new Date(),
    );
    if (ended.length > 0) await this.deps.accessEvents.changed({ sessionIds: ended });
  }
}
