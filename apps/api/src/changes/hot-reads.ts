import type { Signal } from '@t0/contracts';
import type { HotReads } from '@t0/server';
import { KeptReads, type CacheOptions } from './kept-reads';

/**
 * The polled reads kept in memory between changes: the signal list (one for everyone, read from
 * `signals`) and each user's unread count (from `user_notifications`, `notification_reads` and
 * `notifications`). Two `KeptReads`, forgotten on writes to those tables by this process or any
 * other; answered only while the change notices arrive, else read through.
 */
export class HotReadCache implements HotReads {
  readonly signalList: KeptReads<'all', Signal[]>;
  readonly unread: KeptReads<number, number>;

  constructor({ ttlMs = 60_000, max = 50_000, perf }: CacheOptions = {}) {
    this.signalList = new KeptReads<'all', Signal[]>({
      name: 'signal list',
      ttlMs,
      max: 1,
      perf,
      reads: { signals: {} },
    });
    const forgetUser = (id: unknown) => this.forgetUnread(Number(id));
    this.unread = new KeptReads<number, number>({
      name: 'unread counts',
      ttlMs,
      max,
      perf,
      reads: {
        user_notifications: { key: 'user_id', forget: forgetUser },
        notification_reads: { key: 'user_id', forget: forgetUser },
        // A broadcast (stored once) counts for every user; notifications are written rarely.
        notifications: {},
      },
    });
  }

  /** Both caches, for the change routing. */
  get kept(): [KeptReads<'all', Signal[]>, KeptReads<number, number>] {
    return [this.signalList, this.unread];
  }

  get isLive(): boolean {
    return this.signalList.isLive;
  }

  /** Lookups of both answered from memory, and those that read the database. */
  get counts(): { hits: number; misses: number } {
    return {
      hits: this.signalList.counts.hits + this.unread.counts.hits,
      misses: this.signalList.counts.misses + this.unread.counts.misses,
    };
  }

  setLive(live: boolean): void {
    this.signalList.setLive(live);
    this.unread.setLive(live);
  }

  forgetSignals(): void {
    this.signalList.clear();
  }

  /** One user's unread count, or everyone's. */
  forgetUnread(userId?: number): void {
    if (userId === undefined) this.unread.clear();
    else this.unread.forget(userId);
  }

  forgetAll(): void {
    this.forgetSignals();
    this.forgetUnread();
  }

  signals(load: () => Promise<Signal[]>): Promise<Signal[]> {
    // Frozen: the same list is answered to many requests (and validated once, see validatedOnce).
    return this.signalList.through(
      'all',
      async () => Object.freeze((await load()).map((s) => Object.freeze(s))) as Signal[],
    );
  }

  unreadCount(userId: number, load: () => Promise<number>): Promise<number> {
    return this.unread.through(userId, load);
  }
}
