/**
 * Answers kept in memory and forgotten when the event bus says they
 * changed, so that a hot read costs no database round trip: the session
 * state of every authenticated call, the profiles people read.
 *
 * A load that raced with a change is not kept (the epoch moved while it
 * read), so an answer read before a change never outlives the change.
 * Entries also expire after `ttlMs`, which bounds the damage of an event
 * lost while Redis was unreachable; on Redis's return the bus reports a gap
 * and the owner clears everything. Entries carry tags (a session its user)
 * so that one event can forget all entries of a tag.
 */
export interface BusCacheOptions<Value> {
  /** Reads the value from the database; undefined when there is none. */
  load(key: string): Promise<Value | undefined>;
  /** The tags of a loaded value, forgotten together by `forgetTagged`. */
  tagsOf?: (value: Value) => readonly string[];
  /** Whether a missing value is kept too (a session that does not exist stays refused). */
  keepMissing?: boolean;
  /** Longest time an entry is trusted without a bus event (default 60 s). */
  ttlMs?: number;
  /**
   * An entry past `ttlMs` is answered at once while it is read again in the
   * background (once, whoever asks meanwhile), and the next reader gets the
   * fresh one: for reads on a latency path (a player's remote command),
   * where it costs one more answer from before a lost event, not a
   * database round trip on every read after a quiet minute. A failed read
   * leaves the entry as it was, to be read again at the next ask.
   */
  staleWhileRevalidate?: boolean;
  /** Most entries held (default 50 000); the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<Value> {
  value: Value | undefined;
  loadedAt: number;
  tags: readonly string[];
}

export class BusCache<Value> {
  private readonly entries = new Map<string, Entry<Value>>();
  /** Keys being read again in the background (staleWhileRevalidate). */
  private readonly refreshing = new Set<string>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private epoch = 0;

  constructor(private readonly options: BusCacheOptions<Value>) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  /** The value, from memory when fresh, else from the database. */
  async get(key: string): Promise<Value | undefined> {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.loadedAt < this.ttlMs) return entry.value;
    if (entry && this.options.staleWhileRevalidate) {
      this.refresh(key);
      return entry.value;
    }
    return this.load(key);
  }

  private refresh(key: string): void {
    if (this.refreshing.has(key)) return;
    this.refreshing.add(key);
    this.load(key)
      // The stale entry stays; the next ask reads it again.
      .catch(() => undefined)
      .finally(() => this.refreshing.delete(key));
  }

  private async load(key: string): Promise<Value | undefined> {
    const epoch = this.epoch;
    const value = await this.options.load(key);
    if (epoch === this.epoch) {
      // A value gone (and not kept as missing) takes a stale entry with it.
      if (value !== undefined || this.options.keepMissing) this.store(key, value);
      else this.remove(key);
    }
    return value;
  }

  /** Forgets these keys. */
  forget(keys: readonly string[]): void {
    this.epoch++;
    for (const key of keys) this.remove(key);
  }

  /** Forgets every entry carrying one of these tags. */
  forgetTagged(tags: readonly string[]): void {
    this.epoch++;
    for (const tag of tags) {
      for (const key of this.keysByTag.get(tag) ?? []) this.remove(key);
      this.keysByTag.delete(tag);
    }
  }

  /** Forgets everything (events may have been missed). */
  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.keysByTag.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: Value | undefined): void {
    this.remove(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    const tags = value !== undefined && this.options.tagsOf ? this.options.tagsOf(value) : [];
    this.entries.set(key, { value, loadedAt: this.now(), tags });
    for (const tag of tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.keysByTag.set(tag, keys);
      }
      keys.add(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }
}
