import { describe, expect, it } from 'vitest';
import { dayInZone, fromZonedInput, isValidTimeZone, listTimeZones, toZonedInput, utcOffsetLabel } from './time-zone';
import { formatDateTime } from './format';

describe('time zones', () => {
  it('knows IANA names and refuses anything else', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone('Europe/London; drop table')).toBe(false);
  });

  it('lists UTC first', () => {
    const zones = listTimeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Asia/Tokyo');
  });

  it('names offsets', () => {
    expect(utcOffsetLabel('Asia/Kolkata', new Date('2026-01-01T00:00:00Z'))).toBe('UTC+05:30');
    expect(utcOffsetLabel('America/New_York', new Date('2026-07-01T00:00:00Z'))).toBe('UTC-04:00');
    expect(utcOffsetLabel('UTC')).toBe('UTC');
  });

  it('counts days by the reader’s calendar', () => {
    const late = new Date('2026-03-10T23:30:00Z');
    expect(dayInZone(late, 'UTC')).toBe('2026-03-10');
    expect(dayInZone(late, 'Asia/Tokyo')).toBe('2026-03-11');
    expect(dayInZone(late, 'America/Los_Angeles')).toBe('2026-03-10');
  });

  it('shows a time in the reader’s zone with the zone named', () => {
    expect(formatDateTime('2026-03-10T23:30:00Z', 'Asia/Tokyo')).toBe('Mar 11, 2026, 08:30 GMT+9');
    expect(formatDateTime('2026-03-10T23:30:00Z', 'UTC')).toBe('Mar 10, 2026, 23:30 UTC');
  });
});

describe('datetime inputs in the reader’s zone', () => {
  it('shows and reads a wall time in the zone, across daylight saving', () => {
    expect(toZonedInput('2026-03-10T23:30:00Z', 'Asia/Tokyo')).toBe('2026-03-11T08:30');
    expect(fromZonedInput('2026-03-11T08:30', 'Asia/Tokyo')).toBe('2026-03-10T23:30:00.000Z');
    // New York: EST (UTC−5) in January, EDT (UTC−4) in July.
    expect(fromZonedInput('2026-01-15T09:00', 'America/New_York')).toBe('2026-01-15T14:00:00.000Z');
    expect(fromZonedInput('2026-07-15T09:00', 'America/New_York')).toBe('2026-07-15T13:00:00.000Z');
    expect(toZonedInput('2026-07-15T13:00:00Z', 'America/New_York')).toBe('2026-07-15T09:00');
    expect(fromZonedInput('2026-07-15T09:00', 'UTC')).toBe('2026-07-15T09:00:00.000Z');
  });

  it('gives nothing for no date', () => {
    expect(toZonedInput(null, 'UTC')).toBe('');
    expect(toZonedInput('nope', 'UTC')).toBe('');
    expect(fromZonedInput('  ', 'UTC')).toBeUndefined();
    expect(fromZonedInput('nope', 'UTC')).toBeUndefined();
  });
});
