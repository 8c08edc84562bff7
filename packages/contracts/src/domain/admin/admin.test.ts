import { describe, expect, it } from 'vitest';
import {
  activePaidSubscribers,
  activityClass,
  analysisPreview,
  contentPreview,
  deliveryStatusLabel,
  filterNotifications,
  fromDateTimeLocal,
  toDateTimeLocal,
  formatSignalPrices,
  isActiveStatus,
  loginRate,
  relativeTime,
  resourceMissing,
  subscriberSummary,
  toObjectPath,
} from './admin';

const now = new Date('2025-06-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000).toISOString();

describe('activity classes by last login', () => {
  it('splits at 24 hours and 7 days', () => {
    expect(activityClass(hoursAgo(1), now)).toBe('recent');
    expect(activityClass(hoursAgo(24), now)).toBe('recent');
    expect(activityClass(hoursAgo(25), now)).toBe('week');
    expect(activityClass(hoursAgo(7 * 24), now)).toBe('week');
    expect(activityClass(hoursAgo(7 * 24 + 1), now)).toBe('inactive');
  });

  it('treats a missing or unreadable date as never logged in', () => {
    expect(activityClass(null, now)).toBe('never');
    expect(activityClass(undefined, now)).toBe('never');
    expect(activityClass('', now)).toBe('never');
    expect(activityClass('not a date', now)).toBe('never');
  });
});

describe('active paid subscribers', () => {
  const u = (hasActiveSubscription: boolean, isAdmin: boolean, subscriptionStatus: string) => ({
    hasActiveSubscription,
    isAdmin,
    subscriptionStatus,
    lastLoginAt: null,
    stripeCustomerId: null,
  });

  it('lists subscribers, and administrators only with a subscription of their own', () => {
    const list = [
      u(true, false, 'active'),
      u(false, false, 'canceled'),
      u(true, true, 'inactive'),
      u(true, true, 'active'),
    ];
    expect(activePaidSubscribers(list)).toEqual([list[0], list[3]]);
  });
});

describe('subscriber summary tiles', () => {
  const sub = (lastLoginAt: string | null, stripeCustomerId: string | null = null) => ({
    hasActiveSubscription: true,
    lastLoginAt,
    stripeCustomerId,
  });

  it('counts active today, never logged, Stripe customers and the login rate', () => {
    const list = [sub(hoursAgo(2), 'cus_1'), sub(hoursAgo(30)), sub(null, 'cus_2'), sub(null)];
    expect(subscriberSummary(list, now)).toEqual({
      total: 4,
      activeToday: 1,
      neverLogged: 2,
      stripeConnected: 2,
      loginRate: 50,
    });
  });

  it('answers 0% for no subscribers and rounds to whole percent', () => {
    expect(loginRate([])).toBe(0);
    expect(loginRate([sub(hoursAgo(1)), sub(null), sub(null)])).toBe(33);
    expect(subscriberSummary([], now).loginRate).toBe(0);
  });
});

describe('status displays', () => {
  it('shows only active as active', () => {
    expect(isActiveStatus('active')).toBe(true);
    expect(isActiveStatus('ACTIVE')).toBe(true);
    expect(isActiveStatus('canceled')).toBe(false);
    expect(isActiveStatus(null)).toBe(false);
  });

  it('shows any delivery status other than sent as failed', () => {
    expect(deliveryStatusLabel('sent')).toBe('sent');
    expect(deliveryStatusLabel('bounced')).toBe('failed');
    expect(deliveryStatusLabel('failed')).toBe('failed');
    expect(deliveryStatusLabel(undefined)).toBe('failed');
  });
});

describe('content preview', () => {
  it('keeps short text whole', () => {
    expect(contentPreview('short')).toBe('short');
    expect(contentPreview('x'.repeat(200))).toBe('x'.repeat(200));
    expect(contentPreview(null)).toBe('');
  });

  it('cuts at 200 characters and adds an ellipsis', () => {
    expect(contentPreview('y'.repeat(201))).toBe(`${'y'.repeat(200)}...`);
    expect(contentPreview('abcdef', 3)).toBe('abc...');
  });

  it('never splits a character made of two code units', () => {
    expect(contentPreview('😀😀😀', 2)).toBe('😀😀...');
  });
});

describe('analysis preview', () => {
  it('counts characters, key-level lines and whether risk is configured', () => {
    expect(
      analysisPreview({ memoText: 'Bullish above 1.2', keyLevels: '1.2000\n\n 1.2100 \n', riskManagement: ' ' }),
    ).toEqual({ characters: 17, keyLevelLines: 2, riskParameters: 'pending' });
    expect(analysisPreview({ riskManagement: '1% per trade' })).toEqual({
      characters: 0,
      keyLevelLines: 0,
      riskParameters: 'configured',
    });
  });
});

describe('signal form', () => {
  it('formats AUDUSD and GBPUSD prices to 5 decimals and sends others as typed', () => {
    expect(formatSignalPrices('AUDUSD', { entryPrice: '0.6512', slPrice: 0.65, t0Price: '', t1Price: '0.66' })).toEqual(
      {
        entryPrice: '0.65120',
        slPrice: '0.65000',
        t0Price: '',
        t1Price: '0.66000',
      },
    );
    expect(formatSignalPrices('GBPUSD', { entryPrice: '1.3' }).entryPrice).toBe('1.30000');
    expect(formatSignalPrices('US30', { entryPrice: '42762.5' }).entryPrice).toBe('42762.5');
    expect(formatSignalPrices('GBPJPY', { entryPrice: '196.12' }).entryPrice).toBe('196.12');
  });
});

describe('notification history filter', () => {
  const list = [
    { title: 'GBPJPY long', message: 'Entry now', type: 'signal' },
    { title: 'Maintenance', message: 'Tonight at 22:00', type: 'info' },
    { title: 'Breakout', message: 'gbpjpy broke resistance', type: 'alert' },
  ];

  it('searches title and message case-insensitively', () => {
    expect(filterNotifications(list, 'GBPJPY', 'all')).toHaveLength(2);
    expect(filterNotifications(list, '  tonight ', 'all')).toEqual([list[1]]);
  });

  it('filters by type', () => {
    expect(filterNotifications(list, '', 'signal')).toEqual([list[0]]);
    expect(filterNotifications(list, 'gbpjpy', 'alert')).toEqual([list[2]]);
    expect(filterNotifications(list, '', 'all')).toHaveLength(3);
  });
});

describe('uploaded file paths', () => {
  it('turns stored file URLs into /objects paths', () => {
    expect(toObjectPath('http://host/objects/images/abc.png?sig=1&exp=2')).toBe('/objects/images/abc.png');
    expect(toObjectPath('/objects/documents/x.pdf')).toBe('/objects/documents/x.pdf');
    expect(toObjectPath('https://bucket.example/objects/images/y.webp?X-Amz=1')).toBe('/objects/images/y.webp');
    expect(toObjectPath('/images/z.gif')).toBe('/objects/images/z.gif');
  });
});

describe('resource form', () => {
  it('lists what is missing before save', () => {
    expect(resourceMissing({ title: ' ', category: '', hasFile: false })).toEqual([
      'enter a title',
      'select a category',
      'upload a file',
    ]);
    expect(resourceMissing({ title: 'Guide', category: 'general', hasFile: true })).toEqual([]);
  });
});

describe('relative time', () => {
  it('describes the distance in words', () => {
    expect(relativeTime(new Date(now.getTime() - 10_000), now)).toBe('just now');
    expect(relativeTime(new Date(now.getTime() - 5 * 60_000), now)).toBe('5 minutes ago');
    expect(relativeTime(new Date(now.getTime() - 3 * 3600_000), now)).toBe('3 hours ago');
    expect(relativeTime(new Date(now.getTime() - 24 * 3600_000), now)).toBe('yesterday');
    expect(relativeTime(new Date(now.getTime() + 2 * 3600_000), now)).toBe('in 2 hours');
  });

  it('describes it in the reader’s language, Latin digits in Arabic', () => {
    const fiveMinutes = new Date(now.getTime() - 5 * 60_000);
    expect(relativeTime(fiveMinutes, now, 'es')).toBe('hace 5 minutos');
    expect(relativeTime(fiveMinutes, now, 'pt-BR')).toBe('há 5 minutos');
    expect(relativeTime(fiveMinutes, now, 'ar')).toMatch(/^[\u0600-\u06FF ]*5 [\u0600-\u06FF ]+$/);
    expect(relativeTime(new Date(now.getTime() - 10_000), now, 'es')).toBe('ahora');
    expect(relativeTime(new Date(now.getTime() - 10_000), now, 'ar')).toBe('الآن');
    expect(relativeTime(new Date(now.getTime() - 10_000), now, 'en')).toBe('just now');
  });

  it('answers null for no date', () => {
    expect(relativeTime(null, now)).toBeNull();
    expect(relativeTime('garbage', now)).toBeNull();
  });
});

describe('date inputs', () => {
  it('round-trips a date through the datetime-local form to the minute', () => {
    const iso = '2025-06-10T12:34:56.000Z';
    const local = toDateTimeLocal(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromDateTimeLocal(local)).toBe('2025-06-10T12:34:00.000Z');
  });

  it('keeps empty and invalid values empty', () => {
    expect(toDateTimeLocal(null)).toBe('');
    expect(toDateTimeLocal('nope')).toBe('');
    expect(fromDateTimeLocal('  ')).toBeUndefined();
    expect(fromDateTimeLocal('nope')).toBeUndefined();
  });
});
