import { describe, expect, it } from 'vitest';
import {
  applyTick,
  cancel,
  checkMarketEntry,
  checkMarketExit,
  closeAt,
  closePart,
  pendingOrderType,
  trailStop,
  editStatus,
  LifecycleError,
  withdraw,
  type LifecycleState,
} from './signal-lifecycle';

// Long: entry 1.3000, stop 1.2950, T0 1.3050, T1 1.3100. Short: the mirror around 1.3000.
const longLimit: LifecycleState = {
  direction: 'long',
  status: 'limit',
  entryPrice: 1.3,
  slPrice: 1.295,
  t0Price: 1.305,
  t1Price: 1.31,
  t0Hit: false,
  stopToEntry: true,
  fillPrice: null,
  bestPrice: null,
  worstPrice: null,
};
const shortLimit: LifecycleState = { ...longLimit, direction: 'short', slPrice: 1.305, t0Price: 1.295, t1Price: 1.29 };
const filled = (s: LifecycleState): LifecycleState => ({
  ...s,
  status: 'active',
  fillPrice: s.entryPrice,
  bestPrice: s.entryPrice,
  worstPrice: s.entryPrice,
});

/** Feeds a price path and collects every event type (with its price). */
function run(state: LifecycleState, prices: number[]) {
  let s = state;
  const events: string[] = [];
  for (const p of prices) {
    const t = applyTick(s, p);
    s = t.state;
    for (const e of t.events) events.push(`${e.type}@${e.price}${e.type === 'closed' ? `:${e.reason}` : ''}`);
  }
  return { state: s, events };
}

describe.each([
  ['long', longLimit, 1],
  ['short', shortLimit, -1],
] as const)('the %s lifecycle', (_name, limit, sign) => {
  const at = (offset: number) => Math.round((1.3 + sign * offset) * 1e5) / 1e5;

  it('keeps a limit waiting until the price reaches its entry, then fills at the feed price (the better one on a gap)', () => {
    expect(run(limit, [at(0.002), at(0.0005)]).events).toEqual([]);
    const r = run(limit, [at(0.002), at(-0.0002)]);
    expect(r.events).toEqual([`activated@${at(-0.0002)}`]);
    expect(r.state).toMatchObject({
      status: 'active',
      fillPrice: at(-0.0002),
      bestPrice: at(-0.0002),
      worstPrice: at(-0.0002),
    });
    // Touched by the minute's range only (the price back above): filled at the entry.
    const touched = applyTick(
      limit,
      sign > 0 ? { price: at(0.001), low: at(-0.0003) } : { price: at(0.001), high: at(-0.0003) },
    );
    expect(touched.events).toEqual([{ type: 'activated', price: 1.3 }]);
  });

  it('marks T0 and moves the stop to entry (option on), then closes at T1 as a win', () => {
    const r = run(filled(limit), [at(0.001), at(0.005), at(0.007), at(0.01)]);
    expect(r.events).toEqual([`t0_hit@${at(0.005)}`, `stop_moved@${at(0.005)}`, `closed@${at(0.01)}:target`]);
    expect(r.state).toMatchObject({
      status: 'closed',
      t0Hit: true,
      slPrice: 1.3,
      bestPrice: at(0.01),
      worstPrice: 1.3,
    });
  });

  it('closes at break-even when the price comes back to the moved stop', () => {
    const r = run(filled(limit), [at(0.0055), at(0.002), 1.3]);
    expect(r.events).toEqual([`t0_hit@${at(0.005)}`, `stop_moved@${at(0.005)}`, 'closed@1.3:breakeven']);
    expect(r.state.status).toBe('closed');
  });

  it('keeps the stop where it is with the option off, so a return after T0 is a loss', () => {
    const r = run(filled({ ...limit, stopToEntry: false }), [at(0.0055), at(0.001), at(-0.005)]);
    expect(r.events).toEqual([`t0_hit@${at(0.005)}`, `closed@${at(-0.005)}:stop`]);
    expect(r.state).toMatchObject({ slPrice: at(-0.005), bestPrice: at(0.0055), worstPrice: at(-0.005) });
  });

  it('closes a price already beyond the stop at that price (a loss larger than 1R as it happened)', () => {
    const r = run(filled(limit), [at(-0.003), at(-0.0062)]);
    expect(r.events).toEqual([`closed@${at(-0.0062)}:stop`]);
    expect(r.state).toMatchObject({ status: 'closed', bestPrice: 1.3, worstPrice: at(-0.0062) });
  });

  it("closes at the stop when only the minute's range touched it (a spike between two polls)", () => {
    const spike =
      sign > 0
        ? { price: at(-0.001), low: at(-0.0052), high: at(-0.0005) }
        : { price: at(-0.001), high: at(-0.0052), low: at(-0.0005) };
    const t = applyTick(filled(limit), spike);
    expect(t.events).toEqual([{ type: 'closed', price: at(-0.005), reason: 'stop', share: 100 }]);
    expect(applyTick(filled(limit), at(-0.001)).events).toEqual([]);
  });

  it('takes a tick that jumps past several levels in order: fill, T0, stop move, T1', () => {
    const r = run({ ...limit, status: 'limit' }, [at(0.002), at(-0.0001), at(0.02)]);
    expect(r.events).toEqual([
      `activated@${at(-0.0001)}`,
      `t0_hit@${at(0.005)}`,
      `stop_moved@${at(0.005)}`,
      `closed@${at(0.01)}:target`,
    ]);
    // A gap through the entry and the stop: filled at the tick's price and stopped there.
    const gap = run(limit, [at(0.001), at(-0.009)]);
    expect(gap.events).toEqual([`activated@${at(-0.009)}`, `closed@${at(-0.009)}:stop`]);
  });

  it('does not move a finished or paused signal', () => {
    const closed = run(filled(limit), [at(0.02)]).state;
    expect(applyTick(closed, at(-0.02))).toEqual({ state: closed, events: [] });
    const paused = { ...filled(limit), status: 'paused' };
    expect(applyTick(paused, at(0.02)).events).toEqual([]);
  });

  it('closes a filled signal at the administrator price', () => {
    const t = closeAt(filled(limit), at(0.0031));
    expect(t.events).toEqual([{ type: 'closed', price: at(0.0031), reason: 'manual', share: 100 }]);
    expect(t.state).toMatchObject({ status: 'closed', bestPrice: at(0.0031) });
    expect(() => closeAt(limit, 1.3)).toThrow(LifecycleError);
    expect(() => closeAt(t.state, 1.3)).toThrow('This signal is closed and can no longer change');
  });

  it('cancels only an unfilled limit', () => {
    expect(cancel(limit)).toEqual({
      state: { ...limit, status: 'cancelled' },
      events: [{ type: 'cancelled', price: null }],
    });
    expect(() => cancel(filled(limit))).toThrow('Only an unfilled limit signal can be cancelled');
    expect(() => cancel({ ...limit, status: 'cancelled' })).toThrow(
      'This signal is cancelled and can no longer change',
    );
  });

  it('withdraws: an unfilled one without a price, a filled one at the last price (never hiding a loss)', () => {
    expect(withdraw(limit, at(0.004)).events).toEqual([{ type: 'withdrawn', price: null }]);
    const t = withdraw(filled(limit), at(-0.004));
    expect(t.events).toEqual([{ type: 'withdrawn', price: at(-0.004), share: 100 }]);
    expect(t.state).toMatchObject({ status: 'withdrawn', worstPrice: at(-0.004) });
    expect(withdraw(filled(limit), null).events).toEqual([{ type: 'withdrawn', price: 1.3, share: 100 }]);
    expect(() => withdraw(t.state, 1.3)).toThrow(LifecycleError);
  });
});

describe('status edits', () => {
  it('pauses and resumes to what the signal was', () => {
    expect(editStatus(longLimit, 'paused')).toBe('paused');
    expect(editStatus({ ...longLimit, status: 'paused' }, 'limit')).toBe('limit');
    expect(editStatus({ ...filled(longLimit), status: 'paused' }, 'active')).toBe('active');
  });

  it('refuses what the lifecycle decides, naming the status field', () => {
    const refusal = (s: LifecycleState, wanted: string) => {
      try {
        editStatus(s, wanted);
      } catch (err) {
        return err instanceof LifecycleError ? [err.code, err.field, err.message] : err;
      }
      return null;
    };
    expect(refusal(longLimit, 'active')).toEqual([
      'bad_request',
      'status',
      'A limit signal becomes active when the price reaches its entry',
    ]);
    expect(refusal(filled(longLimit), 'limit')).toEqual([
      'bad_request',
      'status',
      'A filled signal cannot go back to limit',
    ]);
    expect(refusal(filled(longLimit), 'closed')).toEqual([
      'bad_request',
      'status',
      'Status cannot be set to closed by an edit: close it at an exit price instead',
    ]);
    expect(refusal({ ...longLimit, status: 'withdrawn' }, 'active')).toEqual([
      'conflict',
      undefined,
      'This signal is withdrawn and can no longer change',
    ]);
  });
});

describe('prices from the feed and targets taken in parts', () => {
  const long = filled(longLimit);

  it('takes the T0 share at T0, then the rest stopped at entry records +0.5 × T0', () => {
    let t = applyTick({ ...long, t0Share: 50 }, 1.3055);
    expect(t.events).toEqual([
      { type: 't0_hit', price: 1.305, share: 50 },
      { type: 'stop_moved', price: 1.305, from: 1.295, to: 1.3 },
    ]);
    t = applyTick(t.state, 1.3);
    expect(t.events).toEqual([{ type: 'closed', price: 1.3, reason: 'breakeven', share: 50 }]);
    expect(t.state.parts).toEqual([
      { kind: 't0', share: 50, price: 1.305 },
      { kind: 'exit', share: 50, price: 1.3 },
    ]);
  });

  it('closes the whole position at T0 when its share is 100 %', () => {
    const t = applyTick({ ...long, t0Share: 100 }, 1.306);
    expect(t.events.map((e) => e.type)).toEqual(['t0_hit', 'closed']);
    expect(t.state).toMatchObject({ status: 'closed' });
  });

  it('does not judge a stop just moved to entry on the range from before T0', () => {
    const t = applyTick({ ...long, t0Share: 50 }, { price: 1.3052, low: 1.299, high: 1.3055 });
    expect(t.events.map((e) => e.type)).toEqual(['t0_hit', 'stop_moved']);
  });

  it('takes the stop when one minute touched both T1 and the stop', () => {
    const t = applyTick({ ...long, t0Hit: true }, { price: 1.3, low: 1.294, high: 1.312 });
    expect(t.events).toEqual([{ type: 'closed', price: 1.295, reason: 'stop', share: 100 }]);
  });

  it('ends a pending order unfilled at its expiry', () => {
    const t = applyTick({ ...longLimit, expiresAt: 1000 }, { price: 1.2, at: 1000 });
    expect(t.events).toEqual([{ type: 'cancelled', price: null, expired: true }]);
    expect(t.state.status).toBe('cancelled');
    expect(applyTick({ ...longLimit, expiresAt: 1000 }, { price: 1.2, at: 999 }).events[0]).toEqual({
      type: 'activated',
      price: 1.2,
    });
  });

  it("fills a stop order when the market runs through its entry, at the tick's price", () => {
    const stop = { ...longLimit, orderType: 'stop' as const };
    expect(applyTick(stop, 1.299).events).toEqual([]);
    expect(applyTick(stop, 1.3004).events).toEqual([{ type: 'activated', price: 1.3004 }]);
    expect(pendingOrderType('long', 1.3, 1.29)).toBe('stop');
    expect(pendingOrderType('long', 1.3, 1.31)).toBe('limit');
    expect(pendingOrderType('short', 1.3, 1.31)).toBe('stop');
    expect(pendingOrderType('short', 1.3, null)).toBe('limit');
  });

  it('closes a part at market, and the last part closes the trade', () => {
    let t = closePart(long, 30, 1.302);
    expect(t.events).toEqual([{ type: 'partial_closed', price: 1.302, share: 30 }]);
    expect(t.state.status).toBe('active');
    expect(() => closePart(t.state, 80, 1.302)).toThrow('at most the 70 % still open');
    t = closePart(t.state, 70, 1.301);
    expect(t.events).toEqual([{ type: 'closed', price: 1.301, reason: 'manual', share: 70 }]);
    expect(() => closePart(longLimit, 10, 1.3)).toThrow(LifecycleError);
  });

  it("trails the stop only in the trade's favour and behind the live price", () => {
    expect(trailStop(long, 1.298, 1.302).events).toEqual([
      { type: 'stop_moved', price: 1.302, from: 1.295, to: 1.298, trailed: true },
    ]);
    expect(() => trailStop(long, 1.29, 1.302)).toThrow("in the trade's favour");
    expect(() => trailStop(long, 1.303, 1.302)).toThrow('has already passed');
  });

  it('refuses a market entry far from the live price, naming the price and suggesting a pending order', () => {
    const tol = { price: 0.001, units: 10, unitName: 'pips', unitSize: 0.0001 };
    const gbpShort = { direction: 'short', entryPrice: 1.27, slPrice: 1.275, t0Price: 1.26, t1Price: 1.25 };
    const issues = checkMarketEntry(gbpShort, 1.3452, tol);
    expect(issues[0]).toEqual({
      field: 'entryPrice',
      message:
        'Entry 1.27 is 752 pips from the live price 1.3452 (a market signal must be within 10 pips): publish it as a LIMIT or STOP order instead',
    });
    expect(issues[1]).toEqual({ field: 'slPrice', message: 'The live price 1.3452 has already passed the stop 1.275' });
    expect(checkMarketEntry({ ...gbpShort }, 1.2705, tol)).toEqual([]);
    expect(
      checkMarketEntry(
        { direction: 'long', entryPrice: 1.3, slPrice: 1.29, t0Price: 1.3005, t1Price: 1.31 },
        1.3008,
        tol,
      ),
    ).toEqual([{ field: 't0Price', message: 'The live price 1.3008 has already passed Take Profit 0 1.3005' }]);
  });

  it("accepts a typed exit only within the feed's range since the last tick plus the tolerance", () => {
    expect(checkMarketExit(1.301, 1.3, 1.302, 0.0002)).toBeNull();
    expect(checkMarketExit(1.2999, 1.3, 1.302, 0.0002)).toBeNull();
    expect(checkMarketExit(1.26, 1.3452, 1.3451, 0.0002)?.field).toBe('exitPrice');
    expect(checkMarketExit(1.26, 1.3452, null, 0.0002)?.message).toContain('the live price is 1.3452');
  });
});
