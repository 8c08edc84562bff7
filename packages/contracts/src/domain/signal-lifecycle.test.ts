import { describe, expect, it } from 'vitest';
import {
  applyTick,
  cancel,
  closeAt,
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
const filled = (s: LifecycleState): LifecycleState => ({ ...s, status: 'active', fillPrice: s.entryPrice, bestPrice: s.entryPrice, worstPrice: s.entryPrice });

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

  it('keeps a limit waiting until the price reaches its entry, then fills at the entry', () => {
    expect(run(limit, [at(0.002), at(0.0005)]).events).toEqual([]);
    const r = run(limit, [at(0.002), at(-0.0002)]);
    expect(r.events).toEqual(['activated@1.3']);
    expect(r.state).toMatchObject({ status: 'active', fillPrice: 1.3, bestPrice: 1.3, worstPrice: at(-0.0002) });
  });

  it('marks T0 and moves the stop to entry (option on), then closes at T1 as a win', () => {
    const r = run(filled(limit), [at(0.001), at(0.005), at(0.007), at(0.01)]);
    expect(r.events).toEqual([`t0_hit@${at(0.005)}`, `stop_moved@${at(0.005)}`, `closed@${at(0.01)}:target`]);
    expect(r.state).toMatchObject({ status: 'closed', t0Hit: true, slPrice: 1.3, bestPrice: at(0.01), worstPrice: 1.3 });
  });

  it('closes at break-even when the price comes back to the moved stop', () => {
    const r = run(filled(limit), [at(0.0055), at(0.002), at(-0.0001)]);
    expect(r.events).toEqual([`t0_hit@${at(0.005)}`, `stop_moved@${at(0.005)}`, 'closed@1.3:breakeven']);
    expect(r.state.status).toBe('closed');
  });

  it('keeps the stop where it is with the option off, so a return after T0 is a loss', () => {
    const r = run(filled({ ...limit, stopToEntry: false }), [at(0.0055), at(0.001), at(-0.0051)]);
    expect(r.events).toEqual([`t0_hit@${at(0.005)}`, `closed@${at(-0.005)}:stop`]);
    expect(r.state).toMatchObject({ slPrice: at(-0.005), bestPrice: at(0.0055), worstPrice: at(-0.005) });
  });

  it('closes at the stop as a loss, recorded at the stop level', () => {
    const r = run(filled(limit), [at(-0.003), at(-0.0062)]);
    expect(r.events).toEqual([`closed@${at(-0.005)}:stop`]);
    expect(r.state).toMatchObject({ status: 'closed', bestPrice: 1.3, worstPrice: at(-0.005) });
  });

  it('takes a tick that jumps past several levels in order: fill, T0, stop move, T1', () => {
    const r = run({ ...limit, status: 'limit' }, [at(0.002), at(-0.0001), at(0.02)]);
    expect(r.events).toEqual(['activated@1.3', `t0_hit@${at(0.005)}`, `stop_moved@${at(0.005)}`, `closed@${at(0.01)}:target`]);
    const gap = run(limit, [at(0.001), at(-0.009)]);
    expect(gap.events).toEqual(['activated@1.3', `closed@${at(-0.005)}:stop`]);
  });

  it('does not move a finished or paused signal', () => {
    const closed = run(filled(limit), [at(0.02)]).state;
    expect(applyTick(closed, at(-0.02))).toEqual({ state: closed, events: [] });
    const paused = { ...filled(limit), status: 'paused' };
    expect(applyTick(paused, at(0.02)).events).toEqual([]);
  });

  it('closes a filled signal at the administrator price', () => {
    const t = closeAt(filled(limit), at(0.0031));
    expect(t.events).toEqual([{ type: 'closed', price: at(0.0031), reason: 'manual' }]);
    expect(t.state).toMatchObject({ status: 'closed', bestPrice: at(0.0031) });
    expect(() => closeAt(limit, 1.3)).toThrow(LifecycleError);
    expect(() => closeAt(t.state, 1.3)).toThrow('This signal is closed and can no longer change');
  });

  it('cancels only an unfilled limit', () => {
    expect(cancel(limit)).toEqual({ state: { ...limit, status: 'cancelled' }, events: [{ type: 'cancelled', price: null }] });
    expect(() => cancel(filled(limit))).toThrow('Only an unfilled limit signal can be cancelled');
    expect(() => cancel({ ...limit, status: 'cancelled' })).toThrow('This signal is cancelled and can no longer change');
  });

  it('withdraws: an unfilled one without a price, a filled one at the last price (never hiding a loss)', () => {
    expect(withdraw(limit, at(0.004)).events).toEqual([{ type: 'withdrawn', price: null }]);
    const t = withdraw(filled(limit), at(-0.004));
    expect(t.events).toEqual([{ type: 'withdrawn', price: at(-0.004) }]);
    expect(t.state).toMatchObject({ status: 'withdrawn', worstPrice: at(-0.004) });
    expect(withdraw(filled(limit), null).events).toEqual([{ type: 'withdrawn', price: 1.3 }]);
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
    expect(refusal(longLimit, 'active')).toEqual(['bad_request', 'status', 'A limit signal becomes active when the price reaches its entry']);
    expect(refusal(filled(longLimit), 'limit')).toEqual(['bad_request', 'status', 'A filled signal cannot go back to limit']);
    expect(refusal(filled(longLimit), 'closed')).toEqual(['bad_request', 'status', 'Status cannot be set to closed by an edit: close it at an exit price instead']);
    expect(refusal({ ...longLimit, status: 'withdrawn' }, 'active')).toEqual(['conflict', undefined, 'This signal is withdrawn and can no longer change']);
  });
});
