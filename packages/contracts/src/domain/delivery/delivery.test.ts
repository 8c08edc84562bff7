import { describe, expect, it } from 'vitest';
import { DEFAULT_CHANNEL_MATRIX, isUrgent, mergeMatrix, quietUntil, routeEvent, type RouteInput } from './delivery';

const base: RouteInput = {
  event: 'published',
  urgent: false,
  instrument: 'GBPJPY',
  choices: { channels: DEFAULT_CHANNEL_MATRIX, instruments: [], quietHours: null },
  alerts: { emailNotifications: true, tradingSignals: true, priceAlerts: true },
  timeZone: 'UTC',
  now: new Date('2026-11-23T12:00:00Z'),
  reachable: ['in_app', 'email', 'discord', 'webhook'],
};
const channels = (i: Partial<RouteInput>) => routeEvent({ ...base, ...i }).map((r) => r.channel);

describe('routeEvent', () => {
  it('sends a published signal to every chosen, reachable channel now', () => {
    const routes = routeEvent(base);
    expect(routes.map((r) => r.channel)).toEqual(['in_app', 'email', 'discord', 'webhook']);
    expect(routes.every((r) => r.holdUntil === null)).toBe(true);
  });

  it('skips channels that cannot reach the subscriber (not configured, no endpoint)', () => {
    expect(channels({ reachable: ['in_app'] })).toEqual(['in_app']);
  });

  it('follows the events × channels table', () => {
    const m = mergeMatrix({ published: { discord: false }, t0_hit: { email: true } });
    expect(channels({ choices: { ...base.choices, channels: m } })).toEqual(['in_app', 'email', 'webhook']);
    expect(channels({ event: 't0_hit', choices: { ...base.choices, channels: m } })).toEqual([
      'in_app',
      'email',
      'discord',
      'webhook',
    ]);
  });

  it('keeps the spec switches: e-mail off, trading signals off, price alerts off', () => {
    expect(channels({ alerts: { ...base.alerts, emailNotifications: false } })).not.toContain('email');
    expect(channels({ alerts: { ...base.alerts, tradingSignals: false } })).toEqual([]);
    expect(channels({ event: 'withdrawn', alerts: { ...base.alerts, tradingSignals: false } })).toEqual([]);
    expect(channels({ event: 'closed', alerts: { ...base.alerts, priceAlerts: false } })).toEqual([]);
    expect(channels({ event: 'closed', alerts: { ...base.alerts, tradingSignals: false } })).toContain('webhook');
  });

  it('filters by instrument; announcements pass any filter', () => {
    const only = { ...base.choices, instruments: ['US30'] };
    expect(channels({ choices: only })).toEqual([]);
    expect(channels({ choices: only, instrument: 'US30' })).toContain('webhook');
    expect(channels({ choices: only, instrument: null, event: 'broadcast' })).toContain('in_app');
  });

  it('mutes an analyst on one channel and follows only chosen analysts on another; the desk passes both', () => {
    const analysts = [
      { channel: 'discord', analyst: 7, rule: 'mute' },
      { channel: 'webhook', analyst: 8, rule: 'follow' },
    ] as const;
    const choices = { ...base.choices, analysts };
    expect(channels({ choices, analyst: 7 })).toEqual(['in_app', 'email']);
    expect(channels({ choices, analyst: 8 })).toEqual(['in_app', 'email', 'discord', 'webhook']);
    expect(channels({ choices, analyst: 9 })).toEqual(['in_app', 'email', 'discord']);
    expect(channels({ choices, analyst: null })).toEqual(['in_app', 'email', 'discord', 'webhook']);
  });

  it('holds a normal event in quiet hours (in the subscriber zone) and lets an urgent one through', () => {
    // 12:00 UTC is 21:00 in Tokyo: inside 20:00–08:00 there, which ends at 23:00 UTC.
    const quiet = { ...base.choices, quietHours: { start: '20:00', end: '08:00', urgentStillComes: true } };
    const held = routeEvent({ ...base, choices: quiet, timeZone: 'Asia/Tokyo' });
    expect(held.find((r) => r.channel === 'webhook')?.holdUntil?.toISOString()).toBe('2026-11-23T23:00:00.000Z');
    expect(held.find((r) => r.channel === 'in_app')?.holdUntil).toBeNull();
    const urgent = routeEvent({ ...base, event: 'closed', urgent: true, choices: quiet, timeZone: 'Asia/Tokyo' });
    expect(urgent.every((r) => r.holdUntil === null)).toBe(true);
    const noUrgent = { ...quiet, quietHours: { ...quiet.quietHours, urgentStillComes: false } };
    expect(
      routeEvent({ ...base, event: 'closed', urgent: true, choices: noUrgent, timeZone: 'Asia/Tokyo' }).find(
        (r) => r.channel === 'webhook',
      )?.holdUntil,
    ).not.toBeNull();
    // The same window in UTC does not hold at 12:00.
    expect(routeEvent({ ...base, choices: quiet }).every((r) => r.holdUntil === null)).toBe(true);
  });
});

describe('quiet hours and urgency', () => {
  it('handles windows inside one day and across midnight, and empty windows', () => {
    const at = new Date('2026-11-23T03:30:00Z');
    expect(quietUntil({ start: '01:00', end: '05:00', urgentStillComes: true }, at, 'UTC')?.toISOString()).toBe(
      '2026-11-23T05:00:00.000Z',
    );
    expect(quietUntil({ start: '22:00', end: '04:00', urgentStillComes: true }, at, 'UTC')?.toISOString()).toBe(
      '2026-11-23T04:00:00.000Z',
    );
    expect(quietUntil({ start: '04:00', end: '22:00', urgentStillComes: true }, at, 'UTC')).toBeNull();
    expect(quietUntil({ start: '03:00', end: '03:00', urgentStillComes: true }, at, 'UTC')).toBeNull();
  });

  it('calls closes, withdrawals and high announcements urgent', () => {
    expect(isUrgent('closed')).toBe(true);
    expect(isUrgent('published')).toBe(false);
    expect(isUrgent('broadcast', 'high')).toBe(true);
    expect(isUrgent('broadcast', 'normal')).toBe(false);
  });
});
