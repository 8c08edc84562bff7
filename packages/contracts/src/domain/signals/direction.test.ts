import { describe, expect, it } from 'vitest';
import { inferNotificationDirection, keywordDirection, mentionedInstrument } from './direction';

const at = (title: string, message = '', createdAt = '2026-01-10T12:00:00Z') => ({ title, message, createdAt });

describe('keywordDirection', () => {
  it('finds the LONG words', () => {
    for (const w of ['long', 'BUY', 'Bullish', 'call', 'up', 'rise'])
      expect(keywordDirection(`Go ${w} now`)).toBe('LONG');
  });
  it('finds the SHORT words', () => {
    for (const w of ['short', 'Sell', 'BEARISH', 'put', 'down', 'fall'])
      expect(keywordDirection(`${w}: GBPJPY`)).toBe('SHORT');
  });
  it('checks LONG first', () => {
    expect(keywordDirection('Close the short, now buy')).toBe('LONG');
  });
  it('matches whole words only', () => {
    expect(keywordDirection('System update tonight')).toBeNull();
    expect(keywordDirection('Markets open shortly')).toBeNull();
    expect(keywordDirection('Download the new guide')).toBeNull();
    expect(keywordDirection('Price rises')).toBeNull();
    expect(keywordDirection('Calling all traders')).toBeNull();
    expect(keywordDirection('Sell-off ahead')).toBe('SHORT');
    expect(keywordDirection('T0 hit (up 20 pips)')).toBe('LONG');
  });
});

describe('mentionedInstrument', () => {
  it('names AUDUSD, GBPJPY or US30 in any spelling', () => {
    expect(mentionedInstrument('New AUDUSD setup')).toBe('AUDUSD');
    expect(mentionedInstrument('gbp/jpy levels')).toBe('GBPJPY');
    expect(mentionedInstrument('US30 alert')).toBe('US30');
    expect(mentionedInstrument('GBPUSD only')).toBeNull();
    expect(mentionedInstrument('US300 index')).toBeNull();
  });
});

describe('inferNotificationDirection', () => {
  const signals = [
    { instrument: 'AUDUSD', direction: 'long', createdAt: '2026-01-01T00:00:00Z' },
    { instrument: 'AUDUSD', direction: 'SHORT', createdAt: '2026-01-10T11:00:00Z' },
    { instrument: 'GBPJPY', direction: 'short', createdAt: '2026-01-10T12:00:00Z' },
    { instrument: 'US30', direction: 'Long', createdAt: '2026-01-20T00:00:00Z' },
  ];
  it('prefers keywords over signals', () => {
    expect(inferNotificationDirection(at('AUDUSD buy signal'), signals)).toBe('LONG');
    expect(inferNotificationDirection(at('US30 sell zone'), signals)).toBe('SHORT');
  });
  it('falls back to the nearest-in-time signal of the named instrument', () => {
    expect(inferNotificationDirection(at('New AUDUSD signal', 'Entry 0.65'), signals)).toBe('SHORT');
    expect(inferNotificationDirection(at('AUDUSD', '', '2026-01-02T00:00:00Z'), signals)).toBe('LONG');
    expect(inferNotificationDirection(at('US30 levels', ''), signals)).toBe('LONG');
    expect(inferNotificationDirection(at('GBPJPY T0 reached'), signals)).toBe('SHORT');
  });
  it('is SIGNAL otherwise', () => {
    expect(inferNotificationDirection(at('System update', 'Maintenance tonight'), signals)).toBe('SIGNAL');
    expect(inferNotificationDirection(at('GBPUSD note'), signals)).toBe('SIGNAL');
    expect(inferNotificationDirection(at('AUDUSD note'), [])).toBe('SIGNAL');
  });
});
