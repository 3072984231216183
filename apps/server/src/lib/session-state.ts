import type { SessionKind } from "@fonika/shared";

/**
 * What a call needs to know of its session besides the token: whether the
 * session still stands and what its account may do now.
 */
export interface SessionState {
  userId: string;
  kind: SessionKind;
  establishmentId: string | null;
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
  /** Longest time an entry is trusted without a bus event (default 60 s). */
  ttlMs?: number;
  /** Most sessions held (default 50 000); the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  state: SessionState | undefined;
  loadedAt: number;
}

/**
 * The state of sessions and their accounts in memory, so that an
 * authenticated call costs no database round trip. It is kept current by
 * the event bus: every change of an account or session is published as an
 * `access-changed` event, and every process forgets the entries it names.
 *
 * A load that raced with such an event is not kept (the epoch moved while
 * it read), so an answer read before a change never outlives the change.
 * Entries also expire after `ttlMs`, which bounds the damage of an event
 * lost while Redis was unreachable; on Redis's return the bus reports a gap
 * and everything is dropped.
 */
export class SessionStateCache {
  private readonly entries = new Map<string, Entry>();
  private readonly sessionsByUser = new Map<string, Set<string>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private epoch = 0;

  constructor(private readonly options: SessionStateCacheOptions) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  /** The session's state, from memory when fresh, else from the database. */
  async get(sessionId: string): Promise<SessionState | undefined> {
    const entry = this.entries.get(sessionId);
    if (entry && this.now() - entry.loadedAt < this.ttlMs) return entry.state;
    const epoch = this.epoch;
    const state = await this.options.load(sessionId);
    if (epoch === this.epoch) this.store(sessionId, state);
    return state;
  }

  /** Forgets the named users' sessions and the named sessions. */
  forget(userIds: readonly string[], sessionIds: readonly string[]): void {
    this.epoch++;
    for (const userId of userIds) {
      for (const sessionId of this.sessionsByUser.get(userId) ?? []) this.remove(sessionId);
      this.sessionsByUser.delete(userId);
    }
    for (const sessionId of sessionIds) this.remove(sessionId);
  }

  /** Forgets everything (events may have been missed). */
  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.sessionsByUser.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(sessionId: string, state: SessionState | undefined): void {
    this.remove(sessionId);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    this.entries.set(sessionId, { state, loadedAt: this.now() });
    if (state) {
      let sessions = this.sessionsByUser.get(state.userId);
      if (!sessions) {
        sessions = new Set();
        this.sessionsByUser.set(state.userId, sessions);
      }
      sessions.add(sessionId);
    }
  }

  private remove(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    if (entry.state) {
      const sessions = this.sessionsByUser.get(entry.state.userId);
      sessions?.delete(sessionId);
      if (sessions?.size === 0) this.sessionsByUser.delete(entry.state.userId);
    }
  }
}
