import { describe, expect, it } from 'vitest';
import { barLabel, chartZone, tickLabel } from './chart-time';

const t = Date.parse('2026-03-10T23:30:00Z') / 1000;

describe('chart time labels', () => {
  it('reads intraday bars in the reader’s zone', () => {
    expect(barLabel(t, '15min', 'Asia/Tokyo')).toBe('11 Mar 2026, 08:30');
    expect(barLabel(t, '1min', 'UTC')).toBe('10 Mar 2026, 23:30');
    expect(tickLabel(t, 3, '4h', 'Asia/Tokyo')).toBe('08:30');
    expect(chartZone('4h', 'Asia/Tokyo')).toBe('Asia/Tokyo');
  });

  it('reads day, week and month bars as their UTC dates', () => {
    const day = Date.parse('2026-03-10T00:00:00Z') / 1000;
    expect(barLabel(day, 'daily', 'America/New_York')).toBe('10 Mar 2026');
    expect(barLabel(day, 'monthly', 'America/New_York')).toBe('Mar 2026');
    expect(tickLabel(day, 2, 'weekly', 'America/New_York')).toBe('10 Mar');
    expect(chartZone('daily', 'America/New_York')).toBe('UTC');
  });

  it('writes month names in the reader’s language, with Latin digits in Arabic', () => {
    const day = Date.parse('2026-03-10T00:00:00Z') / 1000;
    expect(barLabel(day, 'daily', 'UTC', 'es')).toMatch(/^10 mar 2026$/);
    expect(tickLabel(day, 2, 'weekly', 'UTC', 'pt-BR')).toMatch(/^10 de mar\.?$/);
    const ar = barLabel(t, '15min', 'UTC', 'ar');
    expect(ar).toMatch(/[\u0600-\u06FF]/);
    expect(ar).toContain('23:30');
    expect(ar).not.toMatch(/[\u0660-\u0669]/);
  });
});
