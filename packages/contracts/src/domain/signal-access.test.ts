import { describe, expect, it } from 'vitest';
import { activeLongSignal } from './fixtures/signal';
import { seesSignalLevels, signalForViewer } from './signal-access';

const signal = activeLongSignal;
const free = { hasActiveSubscription: false, isAdmin: false };

describe('signal levels by viewer', () => {
  it('gives subscribers and administrators every level', () => {
    expect(signalForViewer(signal, { hasActiveSubscription: true, isAdmin: false })).toEqual({
      ...signal,
      locked: false,
    });
    expect(signalForViewer(signal, { hasActiveSubscription: false, isAdmin: true }).entryPrice).toBe(196.1);
  });

  it('withholds the levels and memo of open signals from a free account', () => {
    for (const status of ['active', 'limit', 'paused'] as const) {
      const seen = signalForViewer({ ...signal, status }, free);
      expect(seen).toMatchObject({
        id: 1,
        instrument: 'GBPJPY',
        direction: 'long',
        status,
        createdAt: signal.createdAt,
        locked: true,
        memo: '',
      });
      expect([seen.entryPrice, seen.slPrice, seen.t0Price, seen.t1Price, seen.targetPrice]).toEqual([
        null,
        null,
        null,
        null,
        null,
      ]);
      // The floating result and the risk in pips would give the entry away.
      expect([seen.result, seen.riskPips, seen.exitPrice]).toEqual([null, null, null]);
    }
    expect(seesSignalLevels(null, 'active')).toBe(false);
  });

  it('shows finished signals (closed, cancelled, withdrawn) in full to everyone', () => {
    for (const status of ['closed', 'cancelled', 'withdrawn'] as const) {
      expect(signalForViewer({ ...signal, status }, free)).toEqual({ ...signal, status, locked: false });
    }
  });
});
