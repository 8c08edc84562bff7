import { describe, expect, it } from 'vitest';
import { dailyTradesState, signalsToday } from './daily-trades';

describe('signalsToday', () => {
  const signals = [
    { createdAt: '2026-03-10T23:30:00Z' },
    { createdAt: '2026-03-10T08:00:00Z' },
    { createdAt: '2026-03-09T23:59:00Z' },
  ];

  it('counts the signals of the reader’s own calendar day', () => {
    const now = new Date('2026-03-10T23:45:00Z');
    expect(signalsToday(signals, 'UTC', now)).toBe(2);
    // Already 11 March in Tokyo: only the 23:30 UTC signal is from that day.
    expect(signalsToday(signals, 'Asia/Tokyo', now)).toBe(1);
    // 19:45 on 10 March in New York (UTC−4): the 23:59 UTC signal of the 9th was 19:59 on the 9th there.
    expect(signalsToday(signals, 'America/New_York', now)).toBe(2);
    expect(signalsToday(signals, 'America/New_York', new Date('2026-03-10T03:00:00Z'))).toBe(1);
  });
});

describe('dailyTradesState', () => {
  it('is open below the limit, reached at it, over past it; no limit when 0', () => {
    expect(dailyTradesState(2, '10')).toBe('open');
    expect(dailyTradesState(10, 10)).toBe('reached');
    expect(dailyTradesState(11, '10')).toBe('over');
    expect(dailyTradesState(5, '0')).toBe('open');
    expect(dailyTradesState(5, '')).toBe('open');
  });
});
