import { LOADING_BAR_RESET_MS, LOADING_STEPS, PROGRESS_STEP_MS } from '@t0/contracts';
import { describe, expect, it } from 'vitest';
import { COUNT_EASING, COUNTS, CYCLE_MS, FILL_EASING, FLIP_EASING, FULL_MS, MESSAGE_TIMES } from './startup-timeline';

/** The value of a CSS `linear()` easing at progress `x` (0 to 1), to read the curves back. */
function evaluateLinear(easing: string, x: number): number {
  const inner = /^linear\((.*)\)$/.exec(easing)?.[1];
  if (!inner) throw new Error(`not a linear() easing: ${easing}`);
  const stops = inner.split(',').map((part) => part.trim().split(/\s+/));
  // Stops without a position are spread evenly between their neighbours (here: only the ends).
  const points = stops.map(([value, position], i) => ({
    y: Number(value),
    x: position ? Number(position.replace('%', '')) / 100 : i === 0 ? 0 : 1,
  }));
  let result = points[0]!.y;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (x < b.x) return b.x === a.x ? a.y : a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x);
    result = b.y;
  }
  return result;
}

/** The percentage the strip shows at `ms` into the cycle: the easing moves it by whole lines. */
function percentAt(ms: number) {
  const moved = evaluateLinear(COUNT_EASING, ms / CYCLE_MS) * (COUNTS.length - 1);
  expect(Math.abs(moved - Math.round(moved))).toBeLessThan(1e-3);
  return COUNTS[Math.round(moved)];
}

describe('the loading screen timeline', () => {
  it('counts up by 3 every 30 ms to 100, holds, and starts over 1.5 s later', () => {
    expect(COUNTS.slice(0, 4)).toEqual([0, 3, 6, 9]);
    expect(COUNTS.slice(-2)).toEqual([99, 100]);
    expect(FULL_MS).toBe(1020);
    expect(CYCLE_MS).toBe(FULL_MS + LOADING_BAR_RESET_MS);
    for (let k = 0; k < COUNTS.length - 1; k++) {
      // Each value from its tick until just before the next.
      expect(percentAt(k * PROGRESS_STEP_MS + 1)).toBe(COUNTS[k]);
      expect(percentAt((k + 1) * PROGRESS_STEP_MS - 1)).toBe(COUNTS[k]);
    }
    expect(percentAt(FULL_MS + 1)).toBe(100);
    expect(percentAt(CYCLE_MS - 1)).toBe(100);
  });

  it('fills the bar as the count rises and flips to ONLINE at 100', () => {
    expect(evaluateLinear(FILL_EASING, 0)).toBe(0);
    expect(evaluateLinear(FILL_EASING, FULL_MS / 2 / CYCLE_MS)).toBeCloseTo(0.5, 2);
    expect(evaluateLinear(FILL_EASING, (FULL_MS + 500) / CYCLE_MS)).toBe(1);
    expect(evaluateLinear(FLIP_EASING, (FULL_MS - 5) / CYCLE_MS)).toBe(0);
    expect(evaluateLinear(FLIP_EASING, (FULL_MS + 5) / CYCLE_MS)).toBe(1);
  });

  it('shows each message as progress passes its step, typed a character every 25 ms', () => {
    expect(MESSAGE_TIMES.map((m) => m.text)).toEqual(LOADING_STEPS.map((s) => `${s.message}...`));
    expect(MESSAGE_TIMES[0]).toMatchObject({
      start: 0,
      end: 420,
      typingMs: 'CONNECTING TO TRADING SERVERS...'.length * 25,
    });
    // Each ends where the next starts; the last stays.
    for (let i = 1; i < MESSAGE_TIMES.length; i++) expect(MESSAGE_TIMES[i]!.start).toBe(MESSAGE_TIMES[i - 1]!.end);
    expect(MESSAGE_TIMES.at(-1)).toMatchObject({ start: FULL_MS, end: undefined });
  });
});
