import type { Signal } from '@t0/contracts';
import type { HotReads } from '@t0/contracts/server';
import type { ChangeSubscriber } from './notices';

/**
 * The polled reads kept in memory between changes: the signal list (one for everyone) and each
 * user's unread count. Forgotten on the database's change notices (`signals`, `un:<user id>`,
 * `un:*`); answered only while those notices are known to arrive, else read through. Values also
 * age out after `maxAgeMs`. A read that started before a change is not kept (generation check).
 */
export class HotReadCache implements HotReads, ChangeSubscriber {
  private signalList: { value: Signal[]; at: number } | undefined;
  private readonly unread = new Map<number, { value: number; at: number }>();
  private live = false;
  private gen = 0;
  readonly counts = { hits: 0, misses: 0 };

  constructor(
    private readonly maxAgeMs = 60_000,
    private readonly maxUsers = 50_000,
  ) {}

  get isLive(): boolean {
    return this.live;
  }

  setLive(live: boolean): void {
    this.live = live;
    if (!live) this.forgetAll();
  }

  notice(payload: string): void {
    if (payload === 'signals') this.forgetSignals();
    else if (payload === 'un:*') this.forgetUnread();
    else if (payload.startsWith('un:')) this.forgetUnread(Number(payload.slice(3)));
  }

  forgetSignals(): void {
    this.gen++;
    this.signalList = undefined;
  }

  /** One user's unread count, or everyone's. */
  forgetUnread(userId?: number): void {
    this.gen++;
    if (userId === undefined) this.unread.clear();
    else this.unread.delete(userId);
  }

  forgetAll(): void {
    this.forgetSignals();
    this.forgetUnread();
  }

  async signals(load: () => Promise<Signal[]>): Promise<Signal[]> {
    const now = Date.now();
    const kept = this.signalList;
    if (this.live && kept && now - kept.at <= this.maxAgeMs) {
      this.counts.hits++;
      return kept.value;
    }
    this.counts.misses++;
    const gen = this.gen;
    // Frozen: the same list is answered to many requests (and validated once, see validatedOnce).
    const value = Object.freeze((await load()).map((s) => Object.freeze(s))) as Signal[];
    if (this.live && gen === this.gen) this.signalList = { value, at: now };
    return value;
  }

  async unreadCount(userId: number, load: () => Promise<number>): Promise<number> {
    const now = Date.now();
    const kept = this.unread.get(userId);
    if (this.live && kept && now - kept.at <= this.maxAgeMs) {
      this.counts.hits++;
      return kept.value;
    }
    this.counts.misses++;
    const gen = this.gen;
    const value = await load();
    if (this.live && gen === this.gen) {
      if (this.unread.size >= this.maxUsers) this.unread.clear();
      this.unread.set(userId, { value, at: now });
    }
    return value;
  }
}
