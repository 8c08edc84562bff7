import type { UserRow } from '@t0/db';
import { KeptReads, KeptReadsCache, type CacheOptions } from '../changes/kept-reads';
import type { LoadedSession, SessionData } from './data';

interface Entry {
  /** The stored session (frozen: each request copies what it changes). */
  data: Readonly<SessionData>;
  user: UserRow | undefined;
}

/**
 * Sessions and their users as last read from the database (one query reads both, from `sessions`
 * and `users`), so the polling paths (every client, every few seconds) do not read them again on
 * every request. A `KeptReads`: forgotten on writes to those two tables by this process or, through
 * the triggers' notices, any other; answers only while the notices arrive; an entry lives
 * `ttlMs` at most, and never past its session's expiry.
 */
export class SessionCache extends KeptReadsCache<string, Entry> {
  private readonly sidsByUser = new Map<number, Set<string>>();

  constructor({ ttlMs = 60_000, max = 20_000, perf }: CacheOptions = {}) {
    super((self) => {
      const sessions = self as SessionCache;
      return new KeptReads<string, Entry>({
        name: 'sessions',
        ttlMs,
        max,
        perf,
        reads: {
          // Only sessions and users it found are kept: a new row cannot be stale in it.
          sessions: { key: 'sid', forget: (sid) => sessions.forgetSession(String(sid)), insertsForgetNothing: true },
          users: { key: 'id', forget: (id) => sessions.forgetUser(Number(id)), insertsForgetNothing: true },
        },
        onDrop: (sid, entry) => sessions.unindex(sid, entry),
      });
    });
  }

  /** Stores what a read found, unless something changed since `readGeneration`. `expire`: the row's (ms since the epoch). */
  put(sid: string, value: LoadedSession & { expire: number }, readGeneration: number, now = Date.now()): void {
    const kept = this.kept.put(sid, { data: value.data, user: value.user }, readGeneration, value.expire - now);
    const userId = value.user?.id;
    if (!kept || userId === undefined) return;
    let sids = this.sidsByUser.get(userId);
    if (!sids) this.sidsByUser.set(userId, (sids = new Set()));
    sids.add(sid);
  }

  forgetSession(sid: string): void {
    this.kept.forget(sid);
  }

  forgetUser(userId: number): void {
    this.kept.forgetKeys(this.sidsByUser.get(userId) ?? []);
  }

  override clear(): void {
    super.clear();
    this.sidsByUser.clear();
  }

  private unindex(sid: string, entry: Entry): void {
    const userId = entry.user?.id;
    if (userId === undefined) return;
    const sids = this.sidsByUser.get(userId);
    sids?.delete(sid);
    if (sids?.size === 0) this.sidsByUser.delete(userId);
  }
}
