import {
  LOADING_BAR_RESET_MS,
  LOADING_STEPS,
  PROGRESS_STEP,
  PROGRESS_STEP_MS,
  TYPEWRITER_STEP_MS,
} from '@t0/contracts';

// The loading screen's timeline: progress adds 3 every 30 ms up to 100 and resets
// 1.5 s later; each step's message is typed one character every 25 ms. The screen plays it with
// CSS animations of transform and opacity alone, which the compositor runs without the page's
// main thread: these are the times and easing curves those animations are given.

/** Milliseconds from the start until progress reaches `percent` (ticks of 3 every 30 ms). */
export function msToReach(percent: number) {
  return Math.ceil(percent / PROGRESS_STEP) * PROGRESS_STEP_MS;
}

export const FULL_MS = msToReach(100);
/** One cycle of the bar: up to 100, then held until it resets. */
export const CYCLE_MS = FULL_MS + LOADING_BAR_RESET_MS;

/** The percentages shown, one per tick: 0, 3, 6, … 99, then 100. */
export const COUNTS: readonly number[] = Array.from({ length: FULL_MS / PROGRESS_STEP_MS + 1 }, (_, i) =>
  Math.min(100, i * PROGRESS_STEP),
);

/** When each message shows (from the start, the first step's; then as progress passes each step), for how long, and how long its typing takes. */
export const MESSAGE_TIMES = LOADING_STEPS.map((s, i) => {
  const text = `${s.message}...`;
  const start = i === 0 ? 0 : msToReach(s.percent);
  const next = LOADING_STEPS[i + 1];
  return { text, start, end: next ? msToReach(next.percent) : undefined, typingMs: text.length * TYPEWRITER_STEP_MS };
});

const at = (ms: number) => `${((ms / CYCLE_MS) * 100).toFixed(3)}%`;
const round = (n: number) => Number(n.toFixed(5)).toString();

/** The bar's fill over one cycle (0 to 1 as progress reaches 100, then held), as a CSS `linear()` easing. */
export const FILL_EASING = `linear(0, 1 ${at(FULL_MS)}, 1)`;

/** The flip from SECURE LINK to ONLINE: 0 until progress reaches 100, then 1. */
export const FLIP_EASING = `linear(0, 0 ${at(FULL_MS)}, 1 ${at(FULL_MS)}, 1)`;

/**
 * The percentage's strip of numbers moved a line per tick: a `linear()` easing that holds each
 * value for one tick and jumps to the next (0, then 1/34, 2/34 … at 30, 60 … ms), 1 from 100 on.
 */
export const COUNT_EASING = (() => {
  const ticks = COUNTS.length - 1;
  const points = ['0 0%'];
  for (let k = 1; k <= ticks; k++) {
    const when = at(k * PROGRESS_STEP_MS);
    points.push(`${round((k - 1) / ticks)} ${when}`, `${round(k / ticks)} ${when}`);
  }
  points.push('1 100%');
  return `linear(${points.join(', ')})`;
})();
