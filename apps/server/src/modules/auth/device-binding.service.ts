import type { Executor } from "../../db/client.ts";
import type { AccessEvents, Actor } from "../../kernel/actor.ts";
import type { AuthStore } from "./auth.store.ts";

export interface DeviceBindingDependencies {
  store: AuthStore;
  accessEvents: AccessEvents;
  players: {
    /** Whether a player still exists (the players module). */
    exists(db: Executor, playerId: string): Promise<boolean>;
    /** Gives a player without music its venue's first (a box plays once paired). */
    giveFirstMusic(playerId: string): Promise<void>;
  };
}

/**
 * A box's device session is approved for its venue and learns its player
 * by serial number only when its socket names it; from then on it is
 * bound to that player, as a web player's session is from the start (the
 * socket's `bindNamedPlayer`, device-binding.socket.ts). Its later calls
 * act for that player only, and removing the player ends it
 * (PlayerSessions.endFor). A box moved to another player needs a new
 * code: a bound session is never rebound.
 */
export class DeviceBindings {
  constructor(private readonly deps: DeviceBindingDependencies) {}

  /**
   * Binds the actor's session to `playerId`, a player the socket already
   * found to be of the device's venue. True when the session now plays
   * that player (bound by this call, or before it); false when it is bound
   * to another, has ended, or the player was removed meanwhile (then the
   * session ends too).
   */
  async bind(actor: Actor, playerId: string): Promise<boolean> {
    if (actor.sessionKind !== "device") return false;
    const { store, accessEvents } = this.deps;
    if (!(await store.auth.bindSessionToPlayer(actor.sessionId, playerId))) {
      // Bound before (another socket of the same box got there first) or ended.
      const session = await store.auth.findSession(actor.sessionId);
      return session?.playerId === playerId && session.revokedAt === null;
    }
    // Every process reads the session again: its tokens now play this player only.
    await accessEvents.changed({ sessionIds: [actor.sessionId], endSockets: false });
    // A removal that committed before the binding found no session bound to
    // its player, so it ends this one here; one that commits after the
    // binding ends the bound session itself.
    if (await this.deps.players.exists(store.executor, playerId)) {
      await this.deps.players.giveFirstMusic(playerId);
      return true;
    }
    await store.auth.revokeSession(actor.sessionId, "player-removed", new Date());
    await accessEvents.changed({ sessionIds: [actor.sessionId] });
    return false;
  }
}
