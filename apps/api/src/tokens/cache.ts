import type { ResolvedApiToken } from '@t0/contracts/server';
import type { ChangeSubscriber } from '../changes/notices';

interface Entry {
  token: ResolvedApiToken;
  /** When it was read from the database. */
  at: number;
}

/**
 * Active API tokens (with their users) as last read, by the SHA-256 of the secret, so a script
 * polling with a token does not read them on every request.
 *
 * Kept true like the session cache: the database NOTIFYs `pat:<id>` when a token is revoked or
 * deleted and `u:<id>` when a user changes (role flags), from any process; the entries concerned
 * are forgotten. Answers only while those notices are known to arrive; entries age out after
 * `maxAgeMs` anyway. A read that started before a change does not store what it read.
 */
export class ApiTokenCache implements ChangeSubscriber {
  private readonly entries = new Map<string, Entry>();
  private live = false;
  private gen = 0;
  readonly counts = { hits: 0, misses: 0 };

  constructor(
    private readonly maxAgeMs = 60_000,
    private readonly maxEntries = 20_000,
  ) {}

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

  get(hash: string, now = Date.now()): ResolvedApiToken | undefined {
    const entry = this.live ? this.entries.get(hash) : undefined;
    if (!entry || now - entry.at > this.maxAgeMs) {
      if (entry) this.entries.delete(hash);
      this.counts.misses++;
      return undefined;
    }
    this.counts.hits++;
    return entry.token;
  }

  put(hash: string, token: ResolvedApiToken, readGeneration: number, now = Date.now()): void {
    if (!this.live || readGeneration !== this.gen) return;
    if (this.entries.size >= this.maxEntries) this.clear();
    this.entries.set(hash, { token, at: now });
  }

  notice(payload: string): void {
    if (payload.startsWith('pat:')) this.forgetToken(Number(payload.slice(4)));
    else if (payload.startsWith('u:')) this.forgetUser(Number(payload.slice(2)));
    else if (payload === '*') this.clear();
  }

  forgetToken(id: number): void {
    this.forgetWhere((t) => t.id === id);
  }

  forgetUser(userId: number): void {
    this.forgetWhere((t) => t.userId === userId);
  }

  private forgetWhere(match: (t: ResolvedApiToken) => boolean): void {
    this.gen++;
    for (const [hash, entry] of this.entries) if (match(entry.token)) this.entries.delete(hash);
  }

  clear(): void {
    this.gen++;
    this.entries.clear();
  }
}
