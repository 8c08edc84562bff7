import type { ResolvedApiToken } from '@t0/server';
import type { UserRow } from '@t0/db';
import { describe, expect, it } from 'vitest';
import { CacheRouting } from '../changes/routing';
import { ApiTokenCache } from './cache';

const token = (id: number, userId: number): ResolvedApiToken => ({
  id,
  userId,
  scope: 'read',
  lastUsedAt: null,
  expiresAt: null,
  mintedBeforeSecondFactor: false,
  user: { id: userId } as UserRow,
});

describe('the API token cache', () => {
  it('answers only while change notices arrive', () => {
    const cache = new ApiTokenCache();
    cache.put('h1', token(1, 10), cache.generation);
    expect(cache.get('h1')).toBeUndefined();
    cache.setLive(true);
    cache.put('h1', token(1, 10), cache.generation);
    expect(cache.get('h1')?.id).toBe(1);
    cache.setLive(false);
    cache.setLive(true);
    expect(cache.get('h1')).toBeUndefined();
  });

  it("forgets a token on its notice, a user's tokens on theirs or their second factor's, everything on *", () => {
    const cache = new ApiTokenCache();
    const routing = new CacheRouting([cache.kept]);
    routing.setLive(true);
    cache.put('a', token(1, 10), cache.generation);
    cache.put('b', token(2, 10), cache.generation);
    cache.put('c', token(3, 20), cache.generation);
    cache.put('d', token(4, 30), cache.generation);
    routing.notice('pat:1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.id).toBe(2);
    routing.notice('u:10');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.id).toBe(3);
    routing.notice('signals');
    routing.notice('un:20');
    expect(cache.get('c')?.id).toBe(3);
    // This process's own write: a one-row insert of user 20's second factor.
    routing.written({ table: 'admin_second_factors', kind: 'insert', keys: { user_id: 20, secret: 'x' } });
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('d')?.id).toBe(4);
    // New tokens and users cannot be stale: their inserts forget nothing.
    routing.written({ table: 'api_tokens', kind: 'insert', keys: {} });
    routing.written({ table: 'users', kind: 'insert', keys: {} });
    expect(cache.get('d')?.id).toBe(4);
    routing.notice('*');
    expect(cache.size).toBe(0);
  });

  it('does not keep a read that started before a change, and ages entries out', () => {
    // (lru-cache reads a start time of 0 as "no time to live": the clock starts later.)
    let now = 10_000;
    const cache = new ApiTokenCache({ ttlMs: 1_000, perf: { now: () => now } });
    const routing = new CacheRouting([cache.kept]);
    routing.setLive(true);
    const before = cache.generation;
    routing.notice('pat:9');
    cache.put('x', token(9, 1), before);
    expect(cache.get('x')).toBeUndefined();
    cache.put('y', token(5, 1), cache.generation);
    now = 10_500;
    expect(cache.get('y')?.id).toBe(5);
    now = 11_500;
    expect(cache.get('y')).toBeUndefined();
  });
});
