/**
 * An in-process cache whose entries each belong to one user, dropped when the change feed says
 * that user's rows changed.
 *
 * The race it must not lose: a request reads the database, a write commits and its notification
 * drops the user's entries, and only then does the first request store what it read, now stale.
 * So a value is stored with a ticket taken BEFORE the read, and the store is refused when the
 * user changed (or the cache was reset) after the ticket was taken.
 */
export interface UserCacheOptions {
  /** Longest an entry is served, in milliseconds (bounds what only time changes). */
  maxAgeMs: number;
  maxEntries: number;
  /** Upper bound of the sum of the entries' sizes, in whatever unit `store` is given. */
  maxSize?: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  userId: string;
  expiresAt: number;
  size: number;
}

/** Where the cache's change sequence stood when a read began. */
export type Ticket = number;

// How many users' last-change marks are kept; past it, older tickets are refused wholesale.
const MAX_CHANGE_MARKS = 50_000;

export class UserCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysByUser = new Map<string, Set<string>>();
  /** The sequence number of each user's last change (only while tickets may still be open). */
  private readonly lastChange = new Map<string, number>();
  private sequence = 0;
  /** Tickets taken before this sequence number are refused (after a reset or a prune). */
  private floor = 0;
  private size = 0;
  private readonly now: () => number;
  hits = 0;
  misses = 0;

  constructor(
    private readonly options: UserCacheOptions,
    /** Whether entries may be served and stored at all (the change feed is live). */
    private readonly enabled: () => boolean,
  ) {
    this.now = options.now ?? (() => Date.now());
  }

  get count(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.enabled() ? this.entries.get(key) : undefined;
    if (!entry || this.now() >= entry.expiresAt) {
      if (entry) this.delete(key);
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    return entry.value;
  }

  /** Taken before reading what will be stored (the user need not be known yet). */
  ticket(): Ticket {
    return this.sequence;
  }

  /**
   * Stores `value` as `userId`'s unless they changed since `ticket` was taken; returns whether it
   * did. `maxAgeMs` may shorten the cache's own maximum age for this entry (not lengthen it).
   */
  store(ticket: Ticket, userId: string, key: string, value: V, size = 1, maxAgeMs = this.options.maxAgeMs): boolean {
    if (!this.enabled() || ticket < this.floor || (this.lastChange.get(userId) ?? -1) > ticket || maxAgeMs <= 0) return false;
    // One answer may not crowd out a quarter of the cache.
    if (size > (this.options.maxSize ?? Infinity) / 4) return false;
    this.delete(key);
    this.entries.set(key, { value, userId, expiresAt: this.now() + Math.min(maxAgeMs, this.options.maxAgeMs), size });
    let keys = this.keysByUser.get(userId);
    if (!keys) this.keysByUser.set(userId, (keys = new Set()));
    keys.add(key);
    this.size += size;
    // Oldest first: a Map iterates in insertion order, and a re-stored key was deleted first.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries && this.size <= (this.options.maxSize ?? Infinity)) break;
      this.delete(oldest);
    }
    return true;
  }

  /** The change feed saw a change of this user's rows. */
  changed(userId: string): void {
    this.sequence += 1;
    this.lastChange.set(userId, this.sequence);
    if (this.lastChange.size > MAX_CHANGE_MARKS) {
      // Forgetting the marks would let an open ticket miss a change: open tickets are refused.
      this.lastChange.clear();
      this.sequence += 1;
      this.floor = this.sequence;
    }
    for (const key of this.keysByUser.get(userId) ?? []) this.delete(key);
  }

  /** Everything goes, and no ticket taken before now may store. */
  reset(): void {
    this.sequence += 1;
    this.floor = this.sequence;
    this.lastChange.clear();
    this.entries.clear();
    this.keysByUser.clear();
    this.size = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.size;
    const keys = this.keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(entry.userId);
  }
}
