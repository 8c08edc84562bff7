import { describe, expect, it } from 'vitest';
import { formatDateTime, humanFileSize, formatLongDate } from './format';

describe('humanFileSize', () => {
  it('uses Bytes, KB, MB and GB', () => {
    expect(humanFileSize(0)).toBe('0 Bytes');
    expect(humanFileSize(512)).toBe('512 Bytes');
    expect(humanFileSize(1024)).toBe('1 KB');
    expect(humanFileSize(1536)).toBe('1.5 KB');
    expect(humanFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(humanFileSize(2_345_678)).toBe('2.24 MB');
    expect(humanFileSize(3 * 1024 ** 3)).toBe('3 GB');
    expect(humanFileSize(5 * 1024 ** 4)).toBe('5120 GB');
  });
  it('shows 0 Bytes for a missing or negative size', () => {
    expect(humanFileSize(undefined)).toBe('0 Bytes');
    expect(humanFileSize(-3)).toBe('0 Bytes');
    expect(humanFileSize(Number.NaN)).toBe('0 Bytes');
  });
});

describe('dates', () => {
  it('formats long dates', () => {
    expect(formatLongDate('2026-01-05T10:00:00Z', 'UTC')).toBe('January 5, 2026');
    expect(formatLongDate(null)).toBeNull();
    expect(formatLongDate('not a date')).toBeNull();
  });
  it('formats date and time with the zone', () => {
    expect(formatDateTime('2026-01-05T14:03:00Z', 'UTC')).toBe('Jan 5, 2026, 14:03 UTC');
    expect(formatDateTime(undefined)).toBeNull();
  });
  it('keeps each zone apart though the formatters are kept', () => {
    expect(formatDateTime('2026-01-05T14:03:00Z', 'Asia/Tokyo')).toBe('Jan 5, 2026, 23:03 GMT+9');
    expect(formatDateTime('2026-01-05T14:03:00Z', 'UTC')).toBe('Jan 5, 2026, 14:03 UTC');
    expect(formatLongDate('2026-01-05T20:00:00Z', 'Asia/Tokyo')).toBe('January 6, 2026');
    expect(formatDateTime('2026-07-05T14:03:00Z', 'Asia/Tokyo')).toBe('Jul 5, 2026, 23:03 GMT+9');
  });
  it('refuses an unknown zone as Intl does', () => {
    expect(() => formatDateTime('2026-01-05T14:03:00Z', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe("dates in the reader's language", () => {
  const at = '2026-01-05T14:03:00Z';
  it('keeps English as it was, and writes each language its own way', () => {
    expect(formatLongDate(at, 'UTC')).toBe('January 5, 2026');
    expect(formatLongDate(at, 'UTC', 'en')).toBe('January 5, 2026');
    expect(formatDateTime(at, 'UTC', 'en')).toBe('Jan 5, 2026, 14:03 UTC');
    expect(formatLongDate(at, 'UTC', 'es')).toBe('5 de enero de 2026');
    expect(formatLongDate(at, 'UTC', 'pt-BR')).toBe('5 de janeiro de 2026');
    expect(formatLongDate(at, 'UTC', 'ar')).toContain('يناير');
    expect(formatDateTime(at, 'UTC', 'es')).toMatch(/^5 ene 2026, 14:03 UTC$/);
    expect(formatDateTime(at, 'America/Sao_Paulo', 'pt-BR')).toContain('11:03');
  });

  it('writes Arabic dates with Latin digits, as prices are written', () => {
    for (const text of [formatLongDate(at, 'UTC', 'ar')!, formatDateTime(at, 'UTC', 'ar')!]) {
      expect(text).toMatch(/2026/);
      expect(text).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
    }
    expect(formatDateTime(at, 'UTC', 'ar')).toContain('14:03');
  });
});
