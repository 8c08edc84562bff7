import type { Candle, Timeframe } from '@t0/contracts';

// What a chart draws, without the charting library (so callers and tests need not load it).

/** A meaning, turned into the theme's colour by the chart. */
export type ChartTone = 'up' | 'down' | 'info' | 'warn' | 'accent' | 'muted';

/** A labelled horizontal line across the chart at a price (entry, stop, targets). */
export interface ChartLine {
  id: string;
  price: number;
  title: string;
  tone: ChartTone;
  dashed?: boolean;
}

/** A mark on one bar (a signal's open and close). */
export interface ChartMarker {
  /** Unix seconds; drawn on the bar holding it (or the nearest bar after it). */
  time: number;
  text: string;
  tone: ChartTone;
  shape: 'arrowUp' | 'arrowDown' | 'circle' | 'square';
  position: 'aboveBar' | 'belowBar' | 'inBar';
}

export interface PriceChartProps {
  candles: readonly Candle[];
  timeframe: Timeframe;
  /** Price decimals (per instrument, from contracts). */
  decimals: number;
  lines?: readonly ChartLine[];
  markers?: readonly ChartMarker[];
  /** Show at least from this time (seconds) when the data first arrives. */
  showFrom?: number;
  /** Height in pixels at phone and larger widths. */
  height?: { base: number; sm: number };
  /** What the chart shows, for screen readers. */
  label: string;
  testId?: string;
}
