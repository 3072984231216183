import type { SessionKind } from "@fonika/shared";
import { BusCache } from "./bus-cache.ts";

/**
 * What a call needs to know of its session besides the token: whether the
 * session still stands and what its account may do now.
 */
export interface SessionState {
  userId: string;
  kind: SessionKind;
  establishmentId: string | null;
  /** The one player a device session plays (a web player's); null: any of its venue's. */
  playerId: string | null;
  /** The account's authority and status now (active | blocked | deleted). */
  authority: string[];
  status: string;
  revoked: boolean;
  /** Absolute end of a browser session; null for a device. */
  expiresAt: Date | null;
}

export interface SessionStateCacheOptions {
  /** Reads a session and its account from the database; undefined if gone. */
  load(sessionId: string): Promise<SessionState | undefined>;
  /** Reads many sessions at once: then the sessions asked for together are read together. */
  loadMany?: (sessionIds: readonly string[]) => Promise<Map<string, SessionState>>;
  /** Longest time an entry is trusted without a bus event (default 60 s). */
  ttlMs?: number;
  /** Most sessions held (default 50 000); the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * The state of sessions and their accounts in memory, so that an
 * authenticated call costs no database round trip (a BusCache). It is kept
 * current by the event bus: every change of an account or session is
 * published as an `access-changed` event, and every process forgets the
 * sessions of the users and the sessions it names.
 */
export class SessionStateCache {
  private readonly cache: BusCache<SessionState>;

  constructor(options: SessionStateCacheOptions) {
    this.cache = new BusCache({
      ...options,
      tagsOf: (state) => [state.userId],
      // A session that is not there stays refused until an event says otherwise.
      keepMissing: true,
    });
  }

  /** The session's state, from memory when fresh, else from the database. */
  get(sessionId: string): Promise<SessionState | undefined> {
    return this.cache.get(sessionId);
  }

  /** Forgets the named users' sessions and the named sessions. */
  forget(userIds: readonly string[], sessionIds: readonly string[]): void {
    this.cache.forgetTagged(userIds);
    this.cache.forget(sessionIds);
  }

  /** Forgets everything (events may have been missed). */
  clear(): void {
    this.cache.clear();
  }

  get size(): number {
    return this.cache.size;
  }
}
