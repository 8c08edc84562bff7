import type { ResolvedApiToken } from '@t0/server';
import { KeptReads, KeptReadsCache, type CacheOptions } from '../changes/kept-reads';

/**
 * Active API tokens (with their users) as last read, by the SHA-256 of the secret, so a script
 * polling with a token does not read them on every request. A `KeptReads` over the tables the
 * lookup reads: `api_tokens`, `users` (role flags) and `admin_second_factors` (a token minted
 * before the second factor loses the administrator role); a write to one of them, by this process
 * or any other, forgets the tokens concerned.
 */
export class ApiTokenCache extends KeptReadsCache<string, ResolvedApiToken> {
  constructor({ ttlMs = 60_000, max = 20_000, perf }: CacheOptions = {}) {
    super((self) => {
      const tokens = self as ApiTokenCache;
      return new KeptReads<string, ResolvedApiToken>({
        name: 'api tokens',
        ttlMs,
        max,
        perf,
        reads: {
          // Only tokens found are kept: a new token or user cannot be stale in it.
          api_tokens: { key: 'id', forget: (id) => tokens.forgetToken(Number(id)), insertsForgetNothing: true },
          users: { key: 'id', forget: (id) => tokens.forgetUser(Number(id)), insertsForgetNothing: true },
          // An enrolment (an insert) changes what the user's older tokens may do.
          admin_second_factors: { key: 'user_id', forget: (id) => tokens.forgetUser(Number(id)) },
        },
      });
    });
  }

  put(hash: string, token: ResolvedApiToken, readGeneration: number): void {
    this.kept.put(hash, token, readGeneration);
  }

  forgetToken(id: number): void {
    this.kept.forgetWhere((t) => t.id === id);
  }

  forgetUser(userId: number): void {
    this.kept.forgetWhere((t) => t.userId === userId);
  }
}
