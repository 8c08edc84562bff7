import { Box, useComputedColorScheme } from '@mantine/core';
import type { Candle } from '@t0/contracts';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  CrosshairMode,
  LineStyle,
  type AutoscaleInfo,
  type CandlestickData,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n/language';
import { useTimeZone } from '../../lib/time-zone';
import { barLabel, tickLabel } from './chart-time';
import type { ChartMarker, ChartTone, PriceChartProps } from './chart-types';

// The candlestick chart on TradingView's open-source Lightweight Charts (canvas, no network).
// This module is loaded on demand (LazyPriceChart), never with the landing page.
//
// What the chart holds is written on its element as data attributes, read back from the library
// (series type, bar count, last close, price lines, markers), so a test can check the chart
// itself rather than its pixels.

const BARS_SHOWN = 120;

function cssVar(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function palette() {
  return {
    up: cssVar('--t0-up', '#16d865'),
    down: cssVar('--t0-down', '#ff5c6c'),
    info: cssVar('--t0-info', '#4dabf7'),
    warn: cssVar('--t0-warn', '#ffc107'),
    accent: cssVar('--t0-accent', '#16d865'),
    muted: cssVar('--t0-muted', '#9aa5b1'),
    surface: cssVar('--t0-surface-1', '#12171c'),
    border: cssVar('--t0-border', '#3a434d'),
    text: cssVar('--t0-muted', '#9aa5b1'),
    font: cssVar('--t0-font-mono', 'monospace'),
  };
}
type Palette = ReturnType<typeof palette>;
const toneColour = (p: Palette, tone: ChartTone) => p[tone];

const toBar = (c: Candle): CandlestickData<Time> => ({
  time: c.time as UTCTimestamp,
  open: c.open,
  high: c.high,
  low: c.low,
  close: c.close,
});

/** The time of the bar a marker belongs on: the one holding it, else the nearest after it, else the last. */
function snapTime(candles: readonly Candle[], time: number): number | null {
  if (candles.length === 0) return null;
  let holding: number | null = null;
  for (const c of candles) {
    if (c.time <= time) holding = c.time;
    else return holding !== null && time - holding < c.time - holding ? holding : c.time;
  }
  return holding;
}

function toMarkers(p: Palette, candles: readonly Candle[], markers: readonly ChartMarker[]): SeriesMarker<Time>[] {
  return markers
    .map((m) => ({ m, time: snapTime(candles, m.time) }))
    .filter((x): x is { m: ChartMarker; time: number } => x.time !== null)
    .sort((a, b) => a.time - b.time)
    .map(({ m, time }) => ({
      time: time as UTCTimestamp,
      position: m.position,
      shape: m.shape,
      color: toneColour(p, m.tone),
      text: m.text,
    }));
}

interface Handles {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  markers: ISeriesMarkersPluginApi<Time>;
  lines: IPriceLine[];
  shown: readonly Candle[];
}

/** Writes what the chart holds onto its element (see the note at the top). */
function describe(el: HTMLElement, h: Handles) {
  const bars = h.series.data() as CandlestickData<Time>[];
  el.dataset.series = h.series.seriesType();
  el.dataset.bars = String(bars.length);
  el.dataset.lastClose = bars.length ? String(bars[bars.length - 1]!.close) : '';
  el.dataset.priceLines = JSON.stringify(
    h.series.priceLines().map((l) => ({ title: l.options().title, price: l.options().price })),
  );
  el.dataset.markers = JSON.stringify(h.markers.markers().map((m) => ({ text: m.text ?? '', time: m.time })));
}

export function PriceChart({
  candles,
  timeframe,
  decimals,
  lines = [],
  markers = [],
  showFrom,
  height = { base: 280, sm: 400 },
  label,
  testId,
}: PriceChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const handles = useRef<Handles | null>(null);
  const scheme = useComputedColorScheme('dark');
  const zone = useTimeZone();
  // The time axis's month names in the reader's language (prices are the instrument's, never localised).
  const { language } = useT();

  // The chart, once per mount.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = createChart(el, { autoSize: true, crosshair: { mode: CrosshairMode.Normal } });
    const series = chart.addSeries(CandlestickSeries, { borderVisible: false, priceLineVisible: true });
    handles.current = { chart, series, markers: createSeriesMarkers(series, []), lines: [], shown: [] };
    describe(el, handles.current);
    return () => {
      chart.remove();
      handles.current = null;
    };
  }, []);

  // Colours (theme), time labels (reader's zone and language) and price format (instrument).
  useEffect(() => {
    const h = handles.current;
    if (!h) return;
    const p = palette();
    h.chart.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: p.surface },
        textColor: p.text,
        fontFamily: p.font,
        fontSize: 11,
        attributionLogo: true,
      },
      grid: { vertLines: { color: `${p.border}55` }, horzLines: { color: `${p.border}55` } },
      rightPriceScale: { borderColor: p.border },
      timeScale: {
        borderColor: p.border,
        rightOffset: 6,
        timeVisible: timeframe !== 'daily' && timeframe !== 'weekly' && timeframe !== 'monthly',
        secondsVisible: false,
        tickMarkFormatter: (time: Time, kind: number) => tickLabel(time as number, kind, timeframe, zone, language),
      },
      localization: {
        timeFormatter: (time: Time) => barLabel(time as number, timeframe, zone, language),
        priceFormatter: (price: number) => price.toFixed(decimals),
      },
    });
    h.series.applyOptions({
      upColor: p.up,
      downColor: p.down,
      wickUpColor: p.up,
      wickDownColor: p.down,
      priceFormat: { type: 'price', precision: decimals, minMove: 1 / 10 ** decimals },
    });
  }, [scheme, zone, language, timeframe, decimals]);

  // Bars: a live change of the last bar (or one new bar) is an update; anything else replaces them.
  useEffect(() => {
    const h = handles.current;
    const el = ref.current;
    if (!h || !el) return;
    const prev = h.shown;
    const sameHistory =
      prev.length > 0 &&
      candles.length >= prev.length &&
      candles.length - prev.length <= 1 &&
      candles[0] === prev[0] &&
      (prev.length < 2 || candles[prev.length - 2] === prev[prev.length - 2]);
    if (sameHistory) {
      if (candles.length > prev.length && candles[prev.length - 1] !== prev[prev.length - 1])
        h.series.update(toBar(candles[prev.length - 1]!));
      h.series.update(toBar(candles[candles.length - 1]!));
    } else {
      h.series.setData(candles.map(toBar));
      if (candles.length) {
        const fromIndex = showFrom === undefined ? -1 : candles.findIndex((c) => c.time >= showFrom);
        const start = Math.max(0, Math.min(candles.length - BARS_SHOWN, fromIndex >= 0 ? fromIndex - 10 : Infinity));
        h.chart.timeScale().setVisibleLogicalRange({ from: start, to: candles.length + 2 });
      }
    }
    h.shown = candles;
    describe(el, h);
  }, [candles, showFrom]);

  // Price lines.
  useEffect(() => {
    const h = handles.current;
    const el = ref.current;
    if (!h || !el) return;
    const p = palette();
    for (const line of h.lines) h.series.removePriceLine(line);
    // The price scale takes in every line as well as the bars, so a stop far from the price shows.
    const prices = lines.map((l) => l.price).filter(Number.isFinite);
    h.series.applyOptions({
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const base = original();
        if (!base?.priceRange || prices.length === 0) return base;
        return {
          ...base,
          priceRange: {
            minValue: Math.min(base.priceRange.minValue, ...prices),
            maxValue: Math.max(base.priceRange.maxValue, ...prices),
          },
        };
      },
    });
    h.lines = lines.map((l) =>
      h.series.createPriceLine({
        id: l.id,
        price: l.price,
        title: l.title,
        color: toneColour(p, l.tone),
        lineWidth: 1,
        lineStyle: l.dashed ? LineStyle.Dashed : LineStyle.Solid,
        axisLabelVisible: true,
      }),
    );
    describe(el, h);
  }, [lines, scheme]);

  // Markers, on the bars that hold them.
  useEffect(() => {
    const h = handles.current;
    const el = ref.current;
    if (!h || !el) return;
    h.markers.setMarkers(toMarkers(palette(), candles, markers));
    describe(el, h);
  }, [markers, candles, scheme]);

  return (
    <Box
      ref={ref}
      h={height}
      role="figure"
      aria-label={label}
      // Charts read left to right in every language (time runs rightwards, prices on the right).
      dir="ltr"
      data-testid={testId ?? 'price-chart'}
      style={{ position: 'relative', width: '100%' }}
    />
  );
}
