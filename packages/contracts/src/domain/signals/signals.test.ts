import { describe, expect, it } from 'vitest';
import { compareSignals, hasReachedT0, normalizeDirection } from './signals';

describe('hasReachedT0', () => {
  it('a long reaches T0 at or above it', () => {
    expect(hasReachedT0('long', 1.2999, 1.3)).toBe(false);
    expect(hasReachedT0('long', 1.3, 1.3)).toBe(true);
    expect(hasReachedT0('LONG', 1.31, 1.3)).toBe(true);
  });
  it('a short reaches T0 at or below it', () => {
    expect(hasReachedT0('short', 196.2, 196.1)).toBe(false);
    expect(hasReachedT0('short', 196.1, 196.1)).toBe(true);
    expect(hasReachedT0('Short', 195, 196.1)).toBe(true);
  });
  it('never with a missing price', () => {
    expect(hasReachedT0('long', Number.NaN, 1)).toBe(false);
    expect(hasReachedT0('short', 1, Number.NaN)).toBe(false);
  });
});

describe('normalizeDirection', () => {
  it('reads case-insensitively and defaults to long', () => {
    expect(normalizeDirection(' SHORT ')).toBe('short');
    expect(normalizeDirection('Long')).toBe('long');
    expect(normalizeDirection(undefined)).toBe('long');
  });
});

describe('compareSignals', () => {
  it('puts active and limit first, then the newest', () => {
    const rows = [
      { id: 1, status: 'closed', createdAt: '2026-01-05T00:00:00Z' },
      { id: 2, status: 'active', createdAt: '2026-01-01T00:00:00Z' },
      { id: 3, status: 'paused', createdAt: '2026-01-06T00:00:00Z' },
      { id: 4, status: 'limit', createdAt: '2026-01-03T00:00:00Z' },
      { id: 5, status: 'active', createdAt: '2026-01-03T00:00:00Z' },
    ];
    expect([...rows].sort(compareSignals).map((r) => r.id)).toEqual([5, 4, 2, 3, 1]);
  });

  it('counts a locked signal (open) among the live ones', () => {
    const rows = [
      { id: 1, status: 'closed', createdAt: '2026-01-05T00:00:00Z' },
      { id: 2, status: 'open', createdAt: '2026-01-01T00:00:00Z' },
      { id: 3, status: 'active', createdAt: '2026-01-02T00:00:00Z' },
    ];
    expect([...rows].sort(compareSignals).map((r) => r.id)).toEqual([3, 2, 1]);
  });
});
