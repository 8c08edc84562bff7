import { LRUCache } from 'lru-cache';

/** What changed in one table: by this process's write, or by anyone's (a change notice). */
export interface Change {
  table: string;
  kind: 'insert' | 'update' | 'delete';
  /**
   * The `column = value` pairs every changed row is known to have (a WHERE of ANDs, a one-row
   * insert, a notice naming a row). Empty: any row may have changed.
   */
  keys: Readonly<Record<string, unknown>>;
}

/** How a cache depends on one table it reads. */
export interface TableRead {
  /** The column whose value names the entries a change concerns (e.g. `id` of `users`: that user's). */
  key?: string;
  /** Forgets the entries of one value of `key`. A change that does not pin `key` clears the cache. */
  forget?: (value: unknown) => void;
  /** The cache only keeps rows it found, so a new row cannot be stale in it: inserts forget nothing. */
  insertsForgetNothing?: boolean;
}

/** A cache's size and life (defaults per cache), and a clock for tests. */
export interface CacheOptions {
  ttlMs?: number;
  max?: number;
  /** The clock of `ttlMs` (tests); `performance` by default. */
  perf?: { now(): number };
}

export interface KeptReadsOptions<K, V> {
  /** A readable name (logs, tests). */
  name: string;
  /** Every table the kept values are read from, and how a change to it reaches them. */
  reads: Readonly<Record<string, TableRead>>;
  /** Longest an entry is kept whatever happens. */
  ttlMs: number;
  /** Most entries kept (the least recently used go first). */
  max: number;
  /** Told of every entry that leaves (forgotten, aged out, evicted, replaced): for the owner's indexes. */
  onDrop?: (key: K, value: V) => void;
  /** The clock of `ttlMs` (tests); `performance` by default. */
  perf?: { now(): number };
}

/**
 * Values read from the database, kept in memory (an `lru-cache` with a TTL and a size limit) and
 * forgotten when what they were read from changes. A cache declares the tables it reads
 * (`reads`); `CacheRouting` derives from those declarations which writes and which change notices
 * reach it, so there is no list of tables to keep in step elsewhere.
 *
 * It answers only while the change notices are known to arrive (`setLive(true)`); when they are
 * lost it forgets everything and every read goes to the database. A read that started before a
 * change finished must not be kept: every forget moves `generation` on, and `put` refuses a value
 * read under an older one.
 */
export class KeptReads<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  readonly name: string;
  readonly reads: Readonly<Record<string, TableRead>>;
  /** Lookups answered from memory, and those that had to read the database. */
  readonly counts = { hits: 0, misses: 0 };
  private readonly lru: LRUCache<K, V>;
  private live = false;
  private gen = 0;

  constructor(opts: KeptReadsOptions<K, V>) {
    this.name = opts.name;
    this.reads = opts.reads;
    const onDrop = opts.onDrop;
    this.lru = new LRUCache<K, V>({
      max: opts.max,
      ttl: opts.ttlMs,
      // A given clock is read at every lookup (by default lru-cache reads it at most once a millisecond).
      ...(opts.perf ? { perf: opts.perf, ttlResolution: 0 } : {}),
      ...(onDrop ? { dispose: (value: V, key: K) => onDrop(key, value) } : {}),
    });
  }

  /** True while change notices are arriving (only then does the cache answer). */
  get isLive(): boolean {
    return this.live;
  }

  get generation(): number {
    return this.gen;
  }

  get size(): number {
    return this.lru.size;
  }

  setLive(live: boolean): void {
    this.live = live;
    if (!live) this.clear();
  }

  get(key: K): V | undefined {
    const value = this.live ? this.lru.get(key) : undefined;
    if (value === undefined) this.counts.misses++;
    else this.counts.hits++;
    return value;
  }

  /** Keeps what a read found, unless something changed since `readGeneration`; `ttlMs` shortens its life. */
  put(key: K, value: V, readGeneration: number, ttlMs?: number): boolean {
    if (!this.live || readGeneration !== this.gen) return false;
    if (ttlMs !== undefined && ttlMs <= 0) return false;
    this.lru.set(key, value, ttlMs !== undefined ? { ttl: Math.min(ttlMs, this.lru.ttl) } : undefined);
    return true;
  }

  /** The kept value, or `load()`'s (kept when nothing changed meanwhile). */
  async through(key: K, load: () => Promise<V>): Promise<V> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const gen = this.gen;
    const value = await load();
    this.put(key, value, gen);
    return value;
  }

  forget(key: K): void {
    this.gen++;
    this.lru.delete(key);
  }

  /** Forgets these keys (and, even when there are none, any read in flight). */
  forgetKeys(keys: Iterable<K>): void {
    this.gen++;
    for (const key of [...keys]) this.lru.delete(key);
  }

  forgetWhere(match: (value: V, key: K) => boolean): void {
    this.gen++;
    const gone: K[] = [];
    for (const [key, value] of this.lru.entries()) if (match(value, key)) gone.push(key);
    for (const key of gone) this.lru.delete(key);
  }

  clear(): void {
    this.gen++;
    this.lru.clear();
  }

  /** A change to a table: forgets what it may have made stale, by the declaration of that table. */
  changed(change: Change): void {
    const read = this.reads[change.table];
    if (!read) return;
    if (change.kind === 'insert' && read.insertsForgetNothing) return;
    const value = read.key === undefined ? undefined : change.keys[read.key];
    if (value !== undefined && value !== null && read.forget) read.forget(value);
    else this.clear();
  }
}

/**
 * A cache made of one `KeptReads` and what its owner adds (its own keys, indexes, forget rules):
 * the state, counts and lookups are the `KeptReads`'s own. `make` builds it with the owner at hand,
 * so the table reads' `forget` callbacks can call the owner's methods.
 */
export abstract class KeptReadsCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  readonly kept: KeptReads<K, V>;

  protected constructor(make: (self: KeptReadsCache<K, V>) => KeptReads<K, V>) {
    this.kept = make(this);
  }

  /** True while change notices are arriving (only then does the cache answer). */
  get isLive(): boolean {
    return this.kept.isLive;
  }

  get generation(): number {
    return this.kept.generation;
  }

  get size(): number {
    return this.kept.size;
  }

  /** Lookups answered from memory, and those that had to read the database. */
  get counts(): { hits: number; misses: number } {
    return this.kept.counts;
  }

  setLive(live: boolean): void {
    this.kept.setLive(live);
  }

  get(key: K): V | undefined {
    return this.kept.get(key);
  }

  clear(): void {
    this.kept.clear();
  }
}
