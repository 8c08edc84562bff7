import { describe, expect, it } from 'vitest';
import arabic from '../../locales/ar/signal.json';
import { signalChartFrom, signalLevelLines, signalMarkers } from './signal-chart';

const signal = {
  direction: 'short',
  entryPrice: 196.45,
  slPrice: 197.2,
  t0Price: 195.6,
  t1Price: 194.3,
  createdAt: '2026-03-10T10:07:00Z',
};

describe('a signal’s chart', () => {
  it('draws entry, stop, T0 and T1 as labelled lines', () => {
    expect(signalLevelLines(signal).map((l) => [l.title, l.price, l.tone])).toEqual([
      ['ENTRY', 196.45, 'info'],
      ['STOP', 197.2, 'down'],
      ['T0', 195.6, 'up'],
      ['T1', 194.3, 'up'],
    ]);
  });

  it('writes entry, stop, open and close in the reader’s words, T0 and T1 as they are', () => {
    const words = {
      entry: arabic['chart.entry'],
      stop: arabic['chart.stop'],
      open: arabic['chart.open'],
      close: arabic['chart.close'],
    };
    expect(signalLevelLines(signal, words).map((l) => l.title)).toEqual([words.entry, words.stop, 'T0', 'T1']);
    expect(signalMarkers({ ...signal, direction: 'LONG' }, '2026-03-11T08:00:00Z', words).map((m) => m.text)).toEqual([
      words.open,
      words.close,
    ]);
  });

  it('draws no line for a withheld level', () => {
    expect(signalLevelLines({ ...signal, entryPrice: null, slPrice: null, t0Price: null, t1Price: null })).toEqual([]);
  });

  it('marks the open in the trade’s direction and the close when there is one', () => {
    const opened = Date.parse(signal.createdAt) / 1000;
    expect(signalMarkers(signal)).toEqual([
      { time: opened, text: 'OPEN', tone: 'down', shape: 'arrowDown', position: 'aboveBar' },
    ]);
    const long = signalMarkers({ ...signal, direction: 'LONG' }, '2026-03-11T08:00:00Z');
    expect(long.map((m) => m.text)).toEqual(['OPEN', 'CLOSE']);
    expect(long[1]!.time).toBe(Date.parse('2026-03-11T08:00:00Z') / 1000);
    expect(signalMarkers({ ...signal, createdAt: 'nonsense' }, null)).toEqual([]);
  });

  it('starts 40 bars before the open, or the usual 150 bars when the signal is recent', () => {
    const now = Date.parse('2026-03-10T12:00:00Z') / 1000;
    expect(new Date(signalChartFrom('2026-03-01T10:07:00Z', '15min', now) * 1000).toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
    expect(new Date(signalChartFrom(signal.createdAt, '15min', now) * 1000).toISOString()).toBe(
      '2026-03-08T22:30:00.000Z',
    );
  });
});
