import type { UserRow } from '@t0/db';
import { describe, expect, it } from 'vitest';
import { CacheRouting } from '../changes/routing';
import { SessionCache } from './cache';

const session = (userId: number, expire: number) => ({
  data: Object.freeze({ userId }),
  user: { id: userId } as UserRow,
  expire,
});

describe('the session cache', () => {
  it("forgets a session on its notice or write, a user's sessions on theirs, everything on *", () => {
    const cache = new SessionCache();
    const routing = new CacheRouting([cache.kept]);
    routing.setLive(true);
    const far = Date.now() + 3_600_000;
    for (const [sid, user] of [
      ['a', 1],
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ] as const)
      cache.put(sid, session(user, far), cache.generation);
    routing.notice('s:a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.user?.id).toBe(1);
    routing.notice('u:1');
    expect(cache.get('b')).toBeUndefined();
    // This process's write to one user row.
    routing.written({ table: 'users', kind: 'update', keys: { id: 2 } });
    expect(cache.get('c')).toBeUndefined();
    // New sessions and users cannot be stale; notices about other tables are not about sessions.
    routing.written({ table: 'sessions', kind: 'insert', keys: { sid: 'd' } });
    routing.notice('signals');
    routing.notice('pat:3');
    expect(cache.get('d')?.user?.id).toBe(3);
    routing.notice('*');
    expect(cache.size).toBe(0);
  });

  it('keeps an entry no longer than its session lives, nor than its time to live', () => {
    let now = 10_000;
    const cache = new SessionCache({ ttlMs: 1_000, perf: { now: () => now } });
    cache.setLive(true);
    const wall = Date.now();
    cache.put('short', session(1, wall + 300), cache.generation, wall);
    cache.put('long', session(2, wall + 3_600_000), cache.generation, wall);
    cache.put('gone', session(3, wall - 1), cache.generation, wall);
    expect(cache.get('gone')).toBeUndefined();
    now = 10_200;
    expect(cache.get('short')).toBeDefined();
    now = 10_400;
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBeDefined();
    now = 11_100;
    expect(cache.get('long')).toBeUndefined();
    // A user's session kept again after one aged out is still found by the user's index.
    cache.put('again', session(2, wall + 3_600_000), cache.generation, wall);
    cache.forgetUser(2);
    expect(cache.get('again')).toBeUndefined();
  });
});
