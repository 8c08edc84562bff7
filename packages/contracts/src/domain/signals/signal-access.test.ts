import { describe, expect, it } from 'vitest';
import { activeLongSignal } from '../fixtures/signal';
import { entitlementFor, holdsRoom, parseRoomAccess } from '../access/access';
import { seesSignalLevels, signalForViewer } from './signal-access';

const signal = activeLongSignal;
const free = { hasActiveSubscription: false, isAdmin: false, access: {} };
const holder = { hasActiveSubscription: true, isAdmin: false, access: { main: null } };
const otherRoom = { hasActiveSubscription: true, isAdmin: false, access: { gold: null } };
const admin = { hasActiveSubscription: false, isAdmin: true, access: {} };

describe('signal levels by viewer', () => {
  it('gives the holders of its room and administrators every level', () => {
    expect(signalForViewer(signal, holder)).toEqual({ ...signal, locked: false });
    expect(signalForViewer(signal, admin).entryPrice).toBe(196.1);
  });

  it('leaves of an open signal only its id, room, instrument, publication and completion times and that it is open', () => {
    for (const viewer of [free, otherRoom, null]) {
      for (const status of ['active', 'limit', 'paused'] as const) {
        const seen = signalForViewer({ ...signal, status, t0Hit: true, closedAt: null }, viewer);
        const kept = Object.entries(seen).filter(([, v]) => v !== null && v !== '' && !(Array.isArray(v) && !v.length));
        expect(Object.fromEntries(kept)).toEqual({
          id: 1,
          room: 'main',
          instrument: 'GBPJPY',
          createdAt: signal.createdAt,
          // The labels' times (EU MAR Art. 20) come before its content and give none of it away.
          completedAt: signal.completedAt,
          releasedAt: signal.releasedAt,
          demo: signal.demo,
          status: 'open',
          locked: true,
        });
      }
    }
    expect(seesSignalLevels(null, { room: 'main', status: 'active' })).toBe(false);
  });

  it('shows finished signals (closed, cancelled, withdrawn) in full to everyone', () => {
    for (const status of ['closed', 'cancelled', 'withdrawn'] as const) {
      expect(signalForViewer({ ...signal, status }, free)).toEqual({ ...signal, status, locked: false });
    }
  });
});

describe('the entitlement decision', () => {
  const now = Date.parse('2026-12-01T00:00:00Z');
  const pass = { hasActiveSubscription: true, isAdmin: false, access: { main: '2026-12-01T00:00:01Z' } };

  it('holds a room until the grant ends, to the second', () => {
    expect(holdsRoom(pass, 'main', now)).toBe(true);
    expect(holdsRoom(pass, 'main', now + 1000)).toBe(false);
    expect(entitlementFor(pass, { room: 'main', open: true }, now + 1000)).toBe('locked');
  });

  it('reads items for everyone and finished items in full', () => {
    expect(entitlementFor(null, { room: null, open: true })).toBe('full');
    expect(entitlementFor(free, { room: 'main', open: false })).toBe('full');
    expect(entitlementFor(otherRoom, { room: 'main', open: true })).toBe('locked');
  });

  it('reads the stored access defensively', () => {
    expect(parseRoomAccess('{"main":null,"gold":"2026-12-01T00:00:00Z","x":3}')).toEqual({
      main: null,
      gold: '2026-12-01T00:00:00Z',
    });
    expect(parseRoomAccess('nonsense')).toEqual({});
    expect(parseRoomAccess(['main'])).toEqual({});
  });
});
