import { batched } from "./batched.ts";

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
  /**
   * When a loaded value stops being true by itself, in ms since the epoch
   * (a licence's last day ends it); null: only `ttlMs` and events end it.
   * An entry past it is never answered, not even while revalidating.
   */
  expiresAtOf?: (value: Value) => number | null;
  /**
   * Reads many values in one go (`getMany`); a key it leaves out has no
   * value. Without it `getMany` loads key by key. With it, single misses
   * asked for while one is being read are read together too (`batched`):
   * a reconnect storm's thousands of sessions are a few statements.
   */
  loadMany?: (keys: readonly string[]) => Promise<Map<string, Value>>;
  /** Most entries held (default 50 000); the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<Value> {
  value: Value | undefined;
  loadedAt: number;
  /** The value's own end (expiresAtOf); Infinity when it has none. */
  expiresAt: number;
  tags: readonly string[];
}

export class BusCache<Value> {
  /** Single misses read together when the cache can read many at once. */
  private readonly loadOne: (key: string) => Promise<Value | undefined>;
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
    this.loadOne = options.loadMany ? batched(options.loadMany) : (key) => options.load(key);
  }

  /** The value, from memory when fresh, else from the database. */
  async get(key: string): Promise<Value | undefined> {
    const entry = this.entries.get(key);
    const now = this.now();
    if (entry && now < entry.expiresAt) {
      if (now - entry.loadedAt < this.ttlMs) return entry.value;
      if (this.options.staleWhileRevalidate) {
        this.refresh(key);
        return entry.value;
      }
    }
    return this.load(key);
  }

  /**
   * The values of these keys (a key without one is left out): fresh ones
   * from memory, the rest in one `loadMany` (a silence sweep asks for a
   * thousand venues at once).
   */
  async getMany(keys: readonly string[]): Promise<Map<string, Value>> {
    const found = new Map<string, Value>();
    const missing: string[] = [];
    const now = this.now();
    for (const key of new Set(keys)) {
      const entry = this.entries.get(key);
      if (entry && now < entry.expiresAt && now - entry.loadedAt < this.ttlMs) {
        if (entry.value !== undefined) found.set(key, entry.value);
      } else {
        missing.push(key);
      }
    }
    if (missing.length === 0) return found;
    const { loadMany } = this.options;
    if (!loadMany) {
      const values = await Promise.all(missing.map((key) => this.load(key)));
      missing.forEach((key, index) => {
        const value = values[index];
        if (value !== undefined) found.set(key, value);
      });
      return found;
    }
    const epoch = this.epoch;
    const loaded = await loadMany(missing);
    for (const key of missing) {
      const value = loaded.get(key);
      if (epoch === this.epoch) {
        if (value !== undefined || this.options.keepMissing) this.store(key, value);
        else this.remove(key);
      }
      if (value !== undefined) found.set(key, value);
    }
    return found;
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
    const value = await this.loadOne(key);
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
    const expiresAt =
      value !== undefined && this.options.expiresAtOf
        ? (this.options.expiresAtOf(value) ?? Number.POSITIVE_INFINITY)
        : Number.POSITIVE_INFINITY;
    this.entries.set(key, { value, loadedAt: this.now(), expiresAt, tags });
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
