import type { UserRow } from '@t0/db';
import type { LoadedSession, SessionData } from './data';


interface Entry {
  /** The stored session (frozen: each request copies what it changes). */
  data: Readonly<SessionData>;
  user: UserRow | undefined;
  /** The session row's expiry (ms since the epoch). */
  expire: number;
  /** When it was read from the database. */
  at: number;
}

/**
 * Sessions and their users as last read from the database, so the polling paths (every client,
 * every few seconds) do not read them again on every request.
 *
 * Trust comes from the database: triggers on `users` and `sessions` NOTIFY every change (from any
 * process, job or script) and the entries concerned are forgotten. The cache answers only while
 * that listener is known to be connected; when it is lost everything is forgotten and requests
 * read the database until it is back. Entries also age out after `maxAgeMs` whatever happens.
 *
 * A read that started before a change finished must not store what it read: every change moves
 * `generation` on, and `put` refuses an entry read under an older generation.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly sidsByUser = new Map<number, Set<string>>();
  private live = false;
  private gen = 0;
  /** Lookups answered from the cache, and those that had to read the database. */
  readonly counts = { hits: 0, misses: 0 };

  constructor(
    private readonly maxAgeMs = 60_000,
    private readonly maxEntries = 20_000,
  ) {}

  /** True while change notices are arriving (only then does the cache answer). */
  get isLive(): boolean {
    return this.live;
  }

  get generation(): number {
    return this.gen;
  }

  get size(): number {
    return this.entries.size;
  }

  setLive(live: boolean): void {
    this.live = live;
    if (!live) this.clear();
  }

  get(sid: string, now = Date.now()): LoadedSession | undefined {
    const entry = this.live ? this.entries.get(sid) : undefined;
    if (!entry) {
      this.counts.misses++;
      return undefined;
    }
    if (now - entry.at > this.maxAgeMs || now >= entry.expire) {
      this.forgetSession(sid);
      this.counts.misses++;
      return undefined;
    }
    this.counts.hits++;
    return entry;
  }

  /** Stores what a read found, unless something changed since `readGeneration`. */
  put(sid: string, value: LoadedSession & { expire: number }, readGeneration: number, now = Date.now()): void {
    if (!this.live || readGeneration !== this.gen) return;
    if (this.entries.size >= this.maxEntries) this.clear();
    this.drop(sid);
    this.entries.set(sid, { data: value.data, user: value.user, expire: value.expire, at: now });
    const userId = value.user?.id;
    if (userId !== undefined) {
      let sids = this.sidsByUser.get(userId);
      if (!sids) this.sidsByUser.set(userId, (sids = new Set()));
      sids.add(sid);
    }
  }

  /** A notice from the database: `u:<user id>`, `s:<session id>` or `*` (others are not about sessions). */
  notice(payload: string): void {
    if (payload.startsWith('s:')) this.forgetSession(payload.slice(2));
    else if (payload.startsWith('u:')) this.forgetUser(Number(payload.slice(2)));
    else if (payload === '*') this.clear();
  }

  forgetSession(sid: string): void {
    this.gen++;
    this.drop(sid);
  }

  private drop(sid: string): void {
    const entry = this.entries.get(sid);
    if (!entry) return;
    this.entries.delete(sid);
    const userId = entry.user?.id;
    if (userId !== undefined) {
      const sids = this.sidsByUser.get(userId);
      sids?.delete(sid);
      if (sids?.size === 0) this.sidsByUser.delete(userId);
    }
  }

  forgetUser(userId: number): void {
    this.gen++;
    const sids = this.sidsByUser.get(userId);
    if (!sids) return;
    this.sidsByUser.delete(userId);
    for (const sid of sids) this.entries.delete(sid);
  }

  clear(): void {
    this.gen++;
    this.entries.clear();
    this.sidsByUser.clear();
  }
}
