import { lockedSignal, type PlansOutput, type Signal, type SignalView, type UserNotification } from '@t0/contracts';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries';
import { AlertItem } from '../system-status/AlertItem';
import terminal from '../../locales/en/terminal.json';
import { LockedSignalDetail } from './LockedLevels';
import { SignalsTable } from './SignalsTable';

const whole: Signal = {
  id: 7,
  room: 'gold',
  instrument: 'US30',
  direction: 'long',
  status: 'active',
  entryPrice: 42000,
  t0Price: 42500,
  t1Price: 43000,
  slPrice: 41500,
  targetPrice: 43000,
  currentPrice: 42100,
  monthlyBias: 'Bullish',
  confidence: 80,
  memo: 'Buy the dip',
  t0Hit: false,
  createdAt: '2026-11-20T09:30:00.000Z',
  completedAt: '2026-11-20T09:30:00.000Z',
  releasedAt: '2026-11-20T09:30:00.000Z',
  stopToEntry: false,
  demo: false,
  riskPips: 500,
  result: null,
  exitPrice: null,
  closedAt: null,
  closeReason: null,
  orderType: 'market',
  expiresAt: null,
  t0Share: 50,
  openShare: 100,
  parts: [],
  author: null,
};
const locked: SignalView = lockedSignal(whole);
const open: SignalView = {
  ...whole,
  id: 8,
  instrument: 'GBPJPY',
  room: 'main',
  createdAt: '2026-11-19T09:30:00.000Z',
  locked: false,
};
const closed: SignalView = {
  ...open,
  id: 9,
  instrument: 'EURUSD',
  status: 'closed',
  createdAt: '2026-11-21T09:30:00.000Z',
};

const label = '$99.00 / 3 months';
const plans: PlansOutput = {
  source: 'settings',
  testMode: false,
  plans: [
    {
      key: 'gold-q',
      plan: 'gold-q',
      name: 'Gold quarterly',
      description: '',
      terms: 'recurring',
      interval: 'month',
      intervalCount: 3,
      passDays: null,
      rooms: [{ slug: 'gold', name: 'Gold room' }],
      price: { amountCents: 9900, currency: 'USD', label },
      amountCents: 9900,
      currency: 'USD',
      label,
      trialDays: 0,
      isDefault: false,
    },
  ],
};

const render = (node: ReactNode) => renderWithQueries(node, [[['billing', 'plans'], plans]]);

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

const rowOf = (html: string, instrument: string) =>
  [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) => m[0]).find((tr) => tr.includes(`>${instrument}<`)) ?? '';

describe('a locked signal in the terminal', () => {
  const query = {
    data: [closed, locked, open],
    isLoading: false,
    isError: false,
    error: null,
    refetch: () => {},
    isRefetching: false,
  };
  const prices = { isLoading: false, error: null, data: { US30: 42100, GBPJPY: 196.4 } };

  it('shows its instrument, room, publication time, OPEN and UPGRADE, and dashes for every level', () => {
    const html = render(<SignalsTable query={query} prices={prices} />);
    const row = rowOf(html, 'US30');
    const text = textOf(row);
    expect(text).toMatch(/^US30 Gold room/);
    expect(text).toContain('LOCKED');
    expect(text).toContain('OPEN');
    expect(text).toContain('UPGRADE');
    expect(text).toContain('2026');
    expect(row).toContain('aria-label="US30 signal, open, levels locked. Open details"');
    // Entry, T0, T1, stop and P&L are dashes, named as locked.
    for (const label of ['Entry', 'T0', 'T1', 'Stop', 'P&amp;L']) expect(row).toContain(`aria-label="${label} locked"`);
    // No figure of the whole signal, and nothing a missing value would print.
    for (const figure of ['42,000', '42,500', '43,000', '41,500', 'Buy the dip', 'null', 'NaN', 'undefined', 'LONG'])
      expect(text).not.toContain(figure);
    // UPGRADE goes to the plan choice for the signal's room (an account without a plan; see upgradePath).
    expect(row).toMatch(
      /<a[^>]*href="\/subscribe\?room=gold"[^>]*data-testid="signal-upgrade"|data-testid="signal-upgrade"[^>]*href="\/subscribe\?room=gold"/,
    );
  });

  it('sorts with the live signals and leaves a whole row whole', () => {
    const html = render(<SignalsTable query={query} prices={prices} />);
    const order = [...html.matchAll(/<tr[^>]*aria-label="(\w+) /g)].map((m) => m[1]);
    expect(order).toEqual(['US30', 'GBPJPY', 'EURUSD']);
    const text = textOf(rowOf(html, 'GBPJPY'));
    expect(text).toContain('LONG');
    expect(text).toContain('ACTIVE');
    expect(text).not.toContain('UPGRADE');
  });

  it('the dialog says in one sentence why, with the upgrade, and no levels', () => {
    const html = render(<LockedSignalDetail signal={locked} />);
    const text = textOf(html);
    expect(text).toContain('Gold room');
    expect(text).toContain('PUBLISHED');
    expect(text).toContain(terminal['locked.sentence']);
    expect(html).toContain('data-testid="dialog-upgrade"');
    for (const figure of ['ENTRY', 'STOP LOSS', '42,000', 'null', 'NaN']) expect(text).not.toContain(figure);
  });

  it('a room no listed plan includes shows by its slug', () => {
    const html = render(<LockedSignalDetail signal={{ ...locked, room: 'vip-fx' }} />);
    expect(textOf(html)).toContain('vip-fx');
  });

  it('a locked notice shows its placeholder with a lock and the upgrade', () => {
    const item: UserNotification = {
      id: 1,
      isRead: false,
      readAt: null,
      notification: {
        id: 1,
        type: 'signal',
        priority: 'high',
        title: 'Signal update',
        message: 'An open signal in a room your plan does not include.',
        createdAt: '2026-11-20T09:30:00.000Z',
        locked: true,
      },
    };
    const html = render(<AlertItem item={item} onRead={() => {}} onUnread={() => {}} busy={false} />);
    expect(textOf(html)).toContain('Signal update');
    expect(html).toContain('aria-label="Locked"');
    expect(html).toContain('data-testid="notification-upgrade"');
    const plain = render(
      <AlertItem
        item={{ ...item, notification: { ...item.notification, locked: undefined } }}
        onRead={() => {}}
        onUnread={() => {}}
        busy={false}
      />,
    );
    expect(plain).not.toContain('notification-upgrade');
  });
});
