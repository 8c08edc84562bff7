import { describe, expect, it } from 'vitest';
import { signalOutcome, signalOutcomes, type SignalEventFacts } from './signal-outcome';

const created = (signalId: number, at: string, data: Record<string, unknown> = {}): SignalEventFacts => ({
  signalId,
  type: 'created',
  price: null,
  at,
  data: {
    instrument: 'GBPJPY',
    direction: 'short',
    entryPrice: 196.45,
    slPrice: 197.2,
    t0Price: 195.6,
    t1Price: 194.3,
    ...data,
  },
});
const ev = (
  signalId: number,
  type: string,
  price: number | null,
  at: string,
  data: Record<string, unknown> = {},
): SignalEventFacts => ({
  signalId,
  type,
  price,
  at,
  data,
});

describe('signal outcome from events', () => {
  it('values a closed short against the risk fixed at publication, with MFE and MAE in R', () => {
    const o = signalOutcome([
      created(1, '2026-11-01T10:00:00Z'),
      ev(1, 'activated', 196.45, '2026-11-01T12:00:00Z'),
      // An edit after publication widens the stop: the R unit stays the published risk (0.75).
      ev(1, 'edited', null, '2026-11-01T13:00:00Z', { before: { slPrice: 197.2 }, after: { slPrice: 197.5 } }),
      ev(1, 't0_hit', 195.6, '2026-11-02T08:00:00Z'),
      ev(1, 'stop_moved', 195.6, '2026-11-02T08:00:00Z', { from: 197.5, to: 196.45 }),
      ev(1, 'closed', 194.3, '2026-11-03T12:00:00Z', { reason: 'target', bestPrice: 194.3, worstPrice: 196.9 }),
    ]);
    expect(o).toMatchObject({
      signalId: 1,
      instrument: 'GBPJPY',
      riskPrice: 0.75,
      fillPrice: 196.45,
      exitPrice: 194.3,
      reason: 'target',
      finished: 'closed',
      isTrade: true,
      pips: 215,
      r: 2.87,
      outcome: 'win',
      mfeR: 2.87,
      maeR: -0.6, // 196.90 is 0.45 against a short filled at 196.45: 0.45 / 0.75
      durationMs: 48 * 60 * 60 * 1000,
      edits: 1,
      openedAt: '2026-11-01T12:00:00.000Z',
      closedAt: '2026-11-03T12:00:00.000Z',
    });
  });

  it('counts a withdrawn filled signal as a trade at its last price, and unfilled ones as none', () => {
    const [withdrawnFilled, cancelled, withdrawnUnfilled, open, deleted] = signalOutcomes([
      created(1, '2026-11-01T10:00:00Z'),
      ev(1, 'activated', 196.45, '2026-11-01T10:00:00Z'),
      created(2, '2026-11-01T11:00:00Z'),
      created(3, '2026-11-01T11:00:00Z'),
      created(4, '2026-11-01T12:00:00Z'),
      ev(1, 'withdrawn', 196.9, '2026-11-01T15:00:00Z', { bestPrice: 196.3, worstPrice: 196.9 }),
      ev(2, 'cancelled', null, '2026-11-02T10:00:00Z'),
      ev(3, 'withdrawn', null, '2026-11-02T10:00:00Z'),
      created(5, '2026-11-02T10:00:00Z'),
      ev(5, 'deleted', null, '2026-11-02T10:01:00Z'),
    ]);
    expect(withdrawnFilled).toMatchObject({
      finished: 'withdrawn',
      isTrade: true,
      reason: 'withdrawn',
      pips: -45,
      r: -0.6,
      outcome: 'loss',
      mfeR: 0.2,
      maeR: -0.6,
    });
    expect(cancelled).toMatchObject({ finished: 'cancelled', isTrade: false, r: null });
    expect(withdrawnUnfilled).toMatchObject({ finished: 'withdrawn', isTrade: false, reason: null });
    expect(open).toMatchObject({ finished: null, isTrade: false });
    expect(deleted).toMatchObject({ finished: 'deleted', isTrade: false });
  });

  it('marks demo content and break-evens', () => {
    const o = signalOutcome([
      created(9, '2026-11-01T10:00:00Z', {
        demo: true,
        direction: 'long',
        entryPrice: 1.3,
        slPrice: 1.295,
        t0Price: 1.305,
        t1Price: 1.31,
        instrument: 'GBPUSD',
      }),
      ev(9, 'activated', 1.3, '2026-11-01T10:00:00Z'),
      ev(9, 'closed', 1.3, '2026-11-01T18:00:00Z', { reason: 'breakeven', bestPrice: 1.3062, worstPrice: 1.2991 }),
    ]);
    expect(o).toMatchObject({ demo: true, pips: 0, r: 0, outcome: 'breakeven', mfeR: 1.24, maeR: -0.18 });
  });
});

describe('signal outcome of a trade taken in parts, and how it ended', () => {
  it('records 50 % at T0 then the rest stopped at entry as +0.5 × T0\'s R, ended "stop at entry"', () => {
    // Short, risk 0.75; T0 at 195.6 is +1.13R.
    const o = signalOutcome([
      created(3, '2026-11-01T10:00:00Z', { t0Share: 50 }),
      ev(3, 'activated', 196.45, '2026-11-01T10:00:00Z', { feedPrice: 196.45 }),
      ev(3, 't0_hit', 195.6, '2026-11-02T08:00:00Z', { share: 50, feedPrice: 195.58 }),
      ev(3, 'stop_moved', 195.6, '2026-11-02T08:00:00Z', { from: 197.2, to: 196.45 }),
      ev(3, 'closed', 196.45, '2026-11-03T12:00:00Z', { reason: 'breakeven', share: 50, feedPrice: 196.47 }),
    ]);
    expect(o).toMatchObject({
      isTrade: true,
      exitKind: 'stop_at_entry',
      fillFeedPrice: 196.45,
      exitFeedPrice: 196.47,
      parts: [
        { kind: 't0', share: 50, price: 195.6 },
        { kind: 'exit', share: 50, price: 196.45 },
      ],
      pips: 42.5,
      r: 0.57,
      outcome: 'win',
    });
  });

  it('names an expired pending order, which is no trade', () => {
    const o = signalOutcome([
      created(4, '2026-11-01T10:00:00Z'),
      ev(4, 'cancelled', null, '2026-11-02T10:00:00Z', { reason: 'expired' }),
    ]);
    expect(o).toMatchObject({ isTrade: false, finished: 'cancelled', exitKind: 'expired', r: null });
  });
});
