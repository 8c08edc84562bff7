import { describe, expect, it } from 'vitest';
import {
  addRttSample,
  LIVE_RECONNECT_GRACE_MS,
  LIVE_RETRY_MAX_MS,
  LIVE_RTT_SAMPLES,
  liveCacheAction,
  liveConnection,
  livePollInterval,
  liveRetryDelay,
  medianRtt,
  parseLiveEvent,
  prependNotification,
  removeSignal,
  upsertSignal,
} from './live';

const signal = (id: number, status: string, createdAt: string) => ({ id, status, createdAt, instrument: 'EURUSD' });

describe('liveConnection', () => {
  const now = 1_000_000;
  it('is live whenever the transport is receiving', () => {
    expect(liveConnection({ state: 'pending', everConnected: true, downSince: 0, now })).toBe('live');
    expect(liveConnection({ state: 'pending', everConnected: false, downSince: 0, now, refused: true })).toBe('live');
  });
  it('names the first attempt connecting and a drop reconnecting, within the grace', () => {
    expect(liveConnection({ state: 'connecting', everConnected: false, downSince: now - 500, now })).toBe('connecting');
    expect(liveConnection({ state: 'connecting', everConnected: true, downSince: now - 500, now })).toBe(
      'reconnecting',
    );
    expect(
      liveConnection({ state: 'idle', everConnected: true, downSince: now - LIVE_RECONNECT_GRACE_MS + 1, now }),
    ).toBe('reconnecting');
  });
  it('falls back to polling after the grace, or at once when refused', () => {
    expect(
      liveConnection({ state: 'connecting', everConnected: true, downSince: now - LIVE_RECONNECT_GRACE_MS, now }),
    ).toBe('polling');
    expect(
      liveConnection({ state: 'connecting', everConnected: false, downSince: now - 2 * LIVE_RECONNECT_GRACE_MS, now }),
    ).toBe('polling');
    expect(liveConnection({ state: 'idle', everConnected: false, downSince: now, now, refused: true })).toBe('polling');
  });
});

describe('livePollInterval', () => {
  it('turns polling off only while live', () => {
    expect(livePollInterval('live', 5000)).toBe(false);
    expect(livePollInterval('polling', 5000)).toBe(5000);
    expect(livePollInterval('reconnecting', 30_000)).toBe(30_000);
    expect(livePollInterval('connecting', 45_000)).toBe(45_000);
  });
});

describe('liveRetryDelay', () => {
  it('doubles from one second up to the cap', () => {
    expect([1, 2, 3, 4].map(liveRetryDelay)).toEqual([1000, 2000, 4000, 8000]);
    expect(liveRetryDelay(20)).toBe(LIVE_RETRY_MAX_MS);
    expect(liveRetryDelay(0)).toBe(1000);
  });
});

describe('round trip samples', () => {
  it('keeps the last samples and answers their median', () => {
    let samples: number[] = [];
    for (const ms of [40, 10, 30, 20, 1000, 25]) samples = addRttSample(samples, ms);
    expect(samples).toHaveLength(LIVE_RTT_SAMPLES);
    expect(samples).toEqual([10, 30, 20, 1000, 25]);
    expect(medianRtt(samples)).toBe(25);
    expect(medianRtt([10, 21])).toBe(16);
    expect(medianRtt([])).toBeNull();
    expect(addRttSample([5], Number.NaN)).toEqual([5]);
    expect(addRttSample([5], -1)).toEqual([5]);
  });
});

describe('parseLiveEvent', () => {
  it('reads a tracked value and a bare one', () => {
    expect(parseLiveEvent({ id: '42', data: { type: 'unread.changed', data: { count: 3 } } })).toEqual({
      id: '42',
      type: 'unread.changed',
      data: { count: 3 },
    });
    expect(parseLiveEvent({ type: 'resync', data: {} })).toEqual({ id: null, type: 'resync', data: {} });
    expect(parseLiveEvent({ type: 'resync' })).toEqual({ id: null, type: 'resync', data: {} });
  });
  it('refuses unknown types and shapes', () => {
    expect(parseLiveEvent({ id: '1', data: { type: 'signal.exploded', data: {} } })).toBeNull();
    expect(parseLiveEvent('signal.created')).toBeNull();
    expect(parseLiveEvent(null)).toBeNull();
    expect(parseLiveEvent([{ type: 'resync' }])).toBeNull();
  });
});

describe('liveCacheAction', () => {
  it('puts signals in place and removes deleted ones', () => {
    const s = signal(7, 'active', '2026-01-01T00:00:00Z');
    expect(liveCacheAction({ type: 'signal.created', data: s })).toEqual({
      kind: 'signal.upsert',
      signal: s,
      created: true,
    });
    expect(liveCacheAction({ type: 'signal.updated', data: s })).toEqual({
      kind: 'signal.upsert',
      signal: s,
      created: false,
    });
    expect(liveCacheAction({ type: 'signal.deleted', data: { id: 7 } })).toEqual({ kind: 'signal.remove', id: 7 });
  });
  it('adds a notification item and sets the unread count', () => {
    const item = { id: 3, isRead: false, readAt: null, notification: { id: 9, title: 'Hi' } };
    expect(liveCacheAction({ type: 'notification.created', data: item })).toEqual({ kind: 'notification.add', item });
    expect(
      liveCacheAction({ type: 'notification.created', data: { notification: { id: 12, title: 'Broadcast' } } }),
    ).toEqual({
      kind: 'notification.new',
      notificationId: 12,
    });
    expect(liveCacheAction({ type: 'unread.changed', data: { count: 0 } })).toEqual({ kind: 'unread.set', count: 0 });
  });
  it('sets prices with their source and time, as the prices query answers them', () => {
    expect(
      liveCacheAction({
        type: 'prices',
        data: { prices: { EURUSD: 1.1 }, source: 'simulated', updatedAt: '2026-01-01T00:00:00Z' },
      }),
    ).toEqual({ kind: 'prices.set', prices: { EURUSD: 1.1, source: 'simulated', updatedAt: '2026-01-01T00:00:00Z' } });
    expect(liveCacheAction({ type: 'prices', data: { source: 'x' } }).kind).toBe('ignore');
  });
  it('invalidates the named content list and refetches the account', () => {
    expect(liveCacheAction({ type: 'content.changed', data: { kind: 'chart-note' } })).toEqual({
      kind: 'content.invalidate',
      content: 'chart-note',
    });
    // A history the server stored: open charts read their bars again.
    expect(liveCacheAction({ type: 'content.changed', data: { kind: 'candles' } })).toEqual({
      kind: 'content.invalidate',
      content: 'candles',
    });
    expect(liveCacheAction({ type: 'account.changed', data: {} })).toEqual({ kind: 'account.refetch' });
    expect(liveCacheAction({ type: 'session.ended', data: {} })).toEqual({ kind: 'session.end' });
    expect(liveCacheAction({ type: 'message.changed', data: { userId: 3 } })).toEqual({ kind: 'messages.invalidate' });
    expect(liveCacheAction({ type: 'resync', data: {} })).toEqual({ kind: 'resync' });
  });
  it('refetches everything rather than guess from a malformed payload', () => {
    expect(liveCacheAction({ type: 'signal.created', data: { id: 'x' } })).toEqual({ kind: 'resync' });
    expect(liveCacheAction({ type: 'signal.deleted', data: {} })).toEqual({ kind: 'resync' });
    expect(liveCacheAction({ type: 'notification.created', data: { id: 1 } })).toEqual({ kind: 'resync' });
    expect(liveCacheAction({ type: 'unread.changed', data: { count: -1 } })).toEqual({ kind: 'resync' });
    expect(liveCacheAction({ type: 'content.changed', data: { kind: 'poem' } })).toEqual({ kind: 'resync' });
  });
});

describe('list updates', () => {
  it('upserts in the table order: open first, then newest', () => {
    const list = [signal(1, 'active', '2026-01-01T00:00:00Z'), signal(2, 'closed', '2026-01-02T00:00:00Z')];
    const added = upsertSignal(list, signal(3, 'limit', '2026-01-03T00:00:00Z'));
    expect(added.map((s) => s.id)).toEqual([3, 1, 2]);
    const closed = upsertSignal(added, { ...signal(1, 'closed', '2026-01-01T00:00:00Z') });
    expect(closed.map((s) => [s.id, s.status])).toEqual([
      [3, 'limit'],
      [2, 'closed'],
      [1, 'closed'],
    ]);
    expect(upsertSignal(undefined, signal(4, 'active', '2026-01-01T00:00:00Z')).map((s) => s.id)).toEqual([4]);
    expect(removeSignal(closed, 2).map((s) => s.id)).toEqual([3, 1]);
    expect(removeSignal(undefined, 2)).toEqual([]);
  });
  it('prepends a notification once', () => {
    const list = [{ id: 1 }, { id: 2 }];
    expect(prependNotification(list, { id: 3 }).map((n) => n.id)).toEqual([3, 1, 2]);
    expect(prependNotification(list, { id: 2 }).map((n) => n.id)).toEqual([2, 1]);
    expect(prependNotification(undefined, { id: 5 })).toEqual([{ id: 5 }]);
  });
});
