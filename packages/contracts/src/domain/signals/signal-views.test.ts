import { describe, expect, it } from 'vitest';
import { activeLongSignal } from '../fixtures/signal';
import { isUnlockedSignal, signalListForViewer } from './signal-views';

const base = activeLongSignal;
const open = base;
const limit = { ...base, id: 2, status: 'limit' as const };
const closed = { ...base, id: 3, status: 'closed' as const, memo: 'Target reached' };
const free = { hasActiveSubscription: false, isAdmin: false, access: {} };
const subscriber = { hasActiveSubscription: true, isAdmin: false, access: { main: null } };
const otherRoom = { hasActiveSubscription: true, isAdmin: false, access: { gold: null } };
const admin = { hasActiveSubscription: false, isAdmin: true, access: {} };

const kept = () => Object.freeze([open, limit, closed].map((s) => Object.freeze({ ...s })));

describe('the signal list by viewer', () => {
  it('locks the open signals of a free account and keeps the closed one whole', () => {
    const view = signalListForViewer(kept(), free);
    expect(view.map((s) => [s.id, s.locked, s.entryPrice, s.memo])).toEqual([
      [1, true, null, ''],
      [2, true, null, ''],
      [3, false, 196.1, 'Target reached'],
    ]);
    expect(view[0]).toMatchObject({
      instrument: 'GBPJPY',
      room: 'main',
      direction: null,
      status: 'open',
      createdAt: base.createdAt,
      slPrice: null,
      t0Price: null,
      t1Price: null,
      targetPrice: null,
    });
  });

  it('locks the open signals of a room the viewer does not hold', () => {
    const view = signalListForViewer(kept(), otherRoom);
    expect(view.map((s) => [s.id, s.locked])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
  });

  it("gives the room's holders and administrators everything", () => {
    for (const viewer of [subscriber, admin]) {
      expect(signalListForViewer(kept(), viewer).every((s) => !s.locked && s.entryPrice === 196.1)).toBe(true);
    }
  });

  it('projects a kept (frozen) list once per kind of viewer, answering the same frozen object', () => {
    const list = kept();
    const freeView = signalListForViewer(list, free);
    expect(signalListForViewer(list, null)).toBe(freeView);
    expect(signalListForViewer(list, { ...free })).toBe(freeView);
    const full = signalListForViewer(list, subscriber);
    expect(signalListForViewer(list, { ...subscriber, access: { main: null } })).toBe(full);
    expect(signalListForViewer(list, admin)).toEqual(full);
    expect(full).not.toBe(freeView);
    // Holding a room no signal is in reads like a free account, but is its own class.
    expect(signalListForViewer(list, otherRoom)).toEqual(freeView);
    expect(Object.isFrozen(freeView) && freeView.every((s) => Object.isFrozen(s))).toBe(true);
    // A new kept list (after a change) gets its own projection.
    expect(signalListForViewer(kept(), free)).not.toBe(freeView);
  });

  it('projects a list read straight from the database each time', () => {
    const list = [open, closed];
    expect(signalListForViewer(list, free)).not.toBe(signalListForViewer(list, free));
  });

  it('tells the signals whose levels are there', () => {
    const view = signalListForViewer(kept(), free);
    expect(view.filter(isUnlockedSignal).map((s) => s.id)).toEqual([3]);
  });
});
