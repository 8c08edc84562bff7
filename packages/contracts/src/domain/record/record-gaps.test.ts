import { describe, expect, it } from 'vitest';
import { gapCovering, restoredHeadProblem } from './record-gaps';
import { GENESIS_HASH } from '../signals/signal-chain';

const gap = {
  declaredAt: '2026-11-29T12:00:00.000Z',
  restoredHeadId: 40,
  restoredHeadHash: 'a'.repeat(64),
  restoredEventCount: 40,
};

describe('restoredHeadProblem', () => {
  it('holds when the chain has the restored head with its hash and count', () => {
    expect(restoredHeadProblem(gap, { hash: 'a'.repeat(64), count: 40 })).toBeNull();
    // What a reader is not shown cannot be held against the gap.
    expect(restoredHeadProblem(gap, { hash: null, count: null })).toBeNull();
  });

  it('names what the chain says otherwise', () => {
    expect(restoredHeadProblem(gap, undefined)).toBe('missing');
    expect(restoredHeadProblem(gap, { hash: 'b'.repeat(64), count: 40 })).toBe('hash');
    expect(restoredHeadProblem(gap, { hash: 'a'.repeat(64), count: 39 })).toBe('count');
  });

  it('takes an empty restored chain only as event 0 with the genesis hash', () => {
    const empty = { restoredHeadId: 0, restoredHeadHash: GENESIS_HASH, restoredEventCount: 0 };
    expect(restoredHeadProblem(empty, undefined)).toBeNull();
    expect(restoredHeadProblem({ ...empty, restoredHeadHash: 'c'.repeat(64) }, undefined)).toBe('count');
  });
});

describe('gapCovering', () => {
  it('covers a checkpoint signed before the declaration over more events than the restored head', () => {
    expect(gapCovering({ eventCount: 45, createdAt: '2026-11-29T11:00:00.000Z' }, [gap])).toBe(gap);
    expect(gapCovering({ eventCount: 45, createdAt: '2026-11-29T12:00:00.000Z' }, [gap])).toBe(gap);
  });

  it('covers nothing signed after the declaration, nor a checkpoint within the restored events', () => {
    expect(gapCovering({ eventCount: 45, createdAt: '2026-11-29T12:00:00.001Z' }, [gap])).toBeNull();
    expect(gapCovering({ eventCount: 40, createdAt: '2026-11-29T11:00:00.000Z' }, [gap])).toBeNull();
    expect(gapCovering({ eventCount: 45, createdAt: '2026-11-29T11:00:00.000Z' }, [])).toBeNull();
  });
});
