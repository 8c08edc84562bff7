import { isDatabaseUnavailable, pingDb, type DbHandle } from '@t0/db';
import type { FastifyBaseLogger } from 'fastify';

/** Seconds a client is asked to wait (`Retry-After`) while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The database is not answering; try again shortly';

/** Resolves to the promise's value, or to `fallback` after `ms`. */
export function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      () => (clearTimeout(timer), resolve(fallback)),
    );
  });
}

/**
 * The database's availability as the requests see it: one warning when it goes away (not one per
 * failed request) and one when it is back, found by a bounded probe every second meanwhile.
 */
export class DatabaseOutage {
  private down = false;
  private probe: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: DbHandle,
    private readonly log: FastifyBaseLogger,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  /** True when `err` means the database is unavailable (and the outage is noted). */
  note(err: unknown): boolean {
    if (!isDatabaseUnavailable(err)) return false;
    this.markDown(err instanceof Error ? err.message : String(err));
    return true;
  }

  markDown(reason: string): void {
    if (this.down) return;
    this.down = true;
    this.log.warn({ reason }, 'database unavailable; answering 503 until it is back');
    this.probe = setInterval(() => void this.check(), 1_000);
    this.probe.unref();
  }

  markUp(): void {
    if (!this.down) return;
    this.down = false;
    clearInterval(this.probe);
    this.log.warn('database available again');
  }

  /** A bounded ping: true when the database answered within `ms`. */
  async check(ms = 800): Promise<boolean> {
    const ok = await within(pingDb(this.db.db), ms, false);
    if (ok) this.markUp();
    else this.markDown('not answering a ping');
    return ok;
  }

  close(): void {
    clearInterval(this.probe);
  }
}
