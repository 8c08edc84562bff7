import { bucketStart, defaultCandlesFrom, TIMEFRAME_SECONDS, type Timeframe } from '@t0/contracts';
import type { ChartLine, ChartMarker } from '../../components/chart/chart-types';

// What a signal's chart draws: entry, stop, T0 and T1 as labelled lines, and the
// signal's open and close as marks on the bars where they happened.

export interface ChartSignal {
  direction: string | null;
  entryPrice: number | null;
  slPrice: number | null;
  t0Price: number | null;
  t1Price: number | null;
  createdAt: string;
}

/**
 * The chart's words in the reader's language (`signal:chart.*`). T0 and T1 are the levels' codes,
 * written as they are in every language (as the messages and the dialog's levels write them);
 * entry, stop, open and close are words.
 */
export interface ChartWords {
  entry: string;
  stop: string;
  open: string;
  close: string;
}

export const ENGLISH_CHART_WORDS: ChartWords = { entry: 'ENTRY', stop: 'STOP', open: 'OPEN', close: 'CLOSE' };

/** The four levels a viewer may see (withheld levels are null and not drawn). */
export function signalLevelLines(s: ChartSignal, words: ChartWords = ENGLISH_CHART_WORDS): ChartLine[] {
  const lines: (ChartLine | null)[] = [
    s.entryPrice === null ? null : { id: 'entry', price: s.entryPrice, title: words.entry, tone: 'info' },
    s.slPrice === null ? null : { id: 'stop', price: s.slPrice, title: words.stop, tone: 'down' },
    s.t0Price === null ? null : { id: 't0', price: s.t0Price, title: 'T0', tone: 'up', dashed: true },
    s.t1Price === null ? null : { id: 't1', price: s.t1Price, title: 'T1', tone: 'up' },
  ];
  return lines.filter((l): l is ChartLine => l !== null);
}

const isShort = (direction: string) => direction.trim().toLowerCase() === 'short';

/** The open (when the signal was published) and, for a finished signal, the close. */
export function signalMarkers(
  s: ChartSignal,
  closedAt?: string | null,
  words: ChartWords = ENGLISH_CHART_WORDS,
): ChartMarker[] {
  const out: ChartMarker[] = [];
  // A locked signal: no direction, so no arrow (its publication shows in the list).
  if (s.direction === null) return out;
  const opened = Date.parse(s.createdAt) / 1000;
  if (Number.isFinite(opened)) {
    out.push(
      isShort(s.direction)
        ? { time: opened, text: words.open, tone: 'down', shape: 'arrowDown', position: 'aboveBar' }
        : { time: opened, text: words.open, tone: 'up', shape: 'arrowUp', position: 'belowBar' },
    );
  }
  const closed = closedAt ? Date.parse(closedAt) / 1000 : Number.NaN;
  if (Number.isFinite(closed))
    out.push({
      time: closed,
      text: words.close,
      tone: 'muted',
      shape: 'circle',
      position: isShort(s.direction) ? 'belowBar' : 'aboveBar',
    });
  return out;
}

/** Where a signal's chart starts: some bars before it opened, or the usual range when that is longer. */
export function signalChartFrom(createdAt: string, timeframe: Timeframe, now: number, barsBefore = 40): number {
  const opened = Date.parse(createdAt) / 1000;
  const usual = defaultCandlesFrom(timeframe, now, 150);
  if (!Number.isFinite(opened)) return usual;
  return Math.min(usual, bucketStart(opened - barsBefore * TIMEFRAME_SECONDS[timeframe], timeframe));
}
