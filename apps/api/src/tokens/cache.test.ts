import type { ResolvedApiToken } from '@t0/contracts/server';
import type { UserRow } from '@t0/db';
import { describe, expect, it } from 'vitest';
import { ApiTokenCache } from './cache';

const token = (id: number, userId: number): ResolvedApiToken => ({ id, userId, scope: 'read', lastUsedAt: null, expiresAt: null, mintedBeforeSecondFactor: false, user: { id: userId } as UserRow });

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

  it('forgets a token on its notice, a user\'s tokens on theirs, everything on *', () => {
    const cache = new ApiTokenCache();
    cache.setLive(true);
    cache.put('a', token(1, 10), cache.generation);
    cache.put('b', token(2, 10), cache.generation);
    cache.put('c', token(3, 20), cache.generation);
    cache.notice('pat:1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.id).toBe(2);
    cache.notice('u:10');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.id).toBe(3);
    cache.notice('signals');
    expect(cache.get('c')?.id).toBe(3);
    cache.notice('*');
    expect(cache.size).toBe(0);
  });

  it('does not keep a read that started before a change, and ages entries out', () => {
    const cache = new ApiTokenCache(1_000);
    cache.setLive(true);
    const before = cache.generation;
    cache.notice('pat:9');
    cache.put('x', token(9, 1), before);
    expect(cache.get('x')).toBeUndefined();
    cache.put('y', token(5, 1), cache.generation, 0);
    expect(cache.get('y', 500)?.id).toBe(5);
    expect(cache.get('y', 1_500)).toBeUndefined();
  });
});
