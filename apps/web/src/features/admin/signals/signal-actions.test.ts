import { describe, expect, it } from 'vitest';
import { availableActions } from './signal-actions';

const now = Date.parse('2026-11-26T12:00:00Z');
const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();

describe('console actions on a signal', () => {
  it('offers close for a filled one, cancel for a limit, withdraw for both, delete only in the first 2 minutes', () => {
    expect(availableActions({ status: 'active', createdAt: at(1) }, now)).toEqual([
      'edit',
      'close',
      'withdraw',
      'delete',
    ]);
    expect(availableActions({ status: 'active', createdAt: at(3) }, now)).toEqual(['edit', 'close', 'withdraw']);
    expect(availableActions({ status: 'limit', createdAt: at(60) }, now)).toEqual(['edit', 'cancel', 'withdraw']);
    expect(availableActions({ status: 'paused', createdAt: at(60) }, now)).toEqual([
      'edit',
      'close',
      'cancel',
      'withdraw',
    ]);
  });
  it('offers nothing on a finished signal: its history is never rewritten', () => {
    for (const status of ['closed', 'cancelled', 'withdrawn'])
      expect(availableActions({ status, createdAt: at(1) }, now)).toEqual([]);
  });
});
