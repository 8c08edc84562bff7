import type { AdminPlanView, PlanFigure, RoomView } from '@t0/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithQueries } from '../../../lib/testing/render-with-queries';
import { RoomsAndPlansTab } from './RoomsAndPlansTab';

const room = (r: Partial<RoomView>): RoomView => ({
  slug: 'main',
  name: 'Signals',
  description: '',
  chatLanguage: 'en',
  position: 0,
  isDefault: false,
  instruments: [],
  telegramChatId: null,
  discordRoleId: null,
  archivedAt: null,
  members: 0,
  ...r,
});

const plan = (p: Partial<AdminPlanView>): AdminPlanView => ({
  key: 'monthly',
  name: 'Monthly',
  description: '',
  terms: 'recurring',
  interval: 'month',
  intervalCount: 1,
  passDays: null,
  price: null,
  trialDays: null,
  rooms: [],
  position: 0,
  listed: true,
  isDefault: false,
  archivedAt: null,
  stripePriceId: null,
  ownPrice: null,
  holders: 0,
  ...p,
});

const figure = (f: Partial<PlanFigure>): PlanFigure => ({
  key: 'monthly',
  name: 'Monthly',
  terms: 'recurring',
  interval: 'month',
  intervalCount: 1,
  archivedAt: null,
  holders: 0,
  newGrants: 0,
  endedGrants: 0,
  paidSubscriptions: 0,
  price: null,
  recurringRevenue: null,
  ...f,
});

describe('the ROOMS & PLANS tab', () => {
  it('lists rooms and plans with their instruments, terms, price, rooms and holders', () => {
    const rooms = [
      room({ isDefault: true, members: 3 }),
      room({ slug: 'gold', name: 'Gold room', instruments: ['US30', 'XAUUSD'], members: 1 }),
      room({ slug: 'old', name: 'Old room', archivedAt: '2026-11-01T00:00:00.000Z' }),
    ];
    const plans = [
      plan({
        isDefault: true,
        price: { amountCents: 4900, currency: 'USD' },
        rooms: [{ slug: 'main', name: 'Signals' }],
        holders: 7,
      }),
      plan({
        key: 'gold-q',
        name: 'Gold quarterly',
        intervalCount: 3,
        price: { amountCents: 9900, currency: 'USD' },
        rooms: [{ slug: 'gold', name: 'Gold room' }],
        listed: false,
      }),
      plan({
        key: 'week',
        name: 'Week pass',
        terms: 'pass',
        interval: null,
        intervalCount: null,
        passDays: 7,
        stripePriceId: 'price_1',
      }),
      plan({
        key: 'taste',
        name: 'Taste',
        terms: 'free',
        interval: null,
        intervalCount: null,
        archivedAt: '2026-11-01T00:00:00.000Z',
      }),
    ];
    const figures = {
      measuredAt: '2026-12-20T12:00:00.000Z',
      since: '2026-11-20T12:00:00.000Z',
      plans: [
        figure({
          holders: 7,
          newGrants: 3,
          endedGrants: 1,
          paidSubscriptions: 5,
          price: { amountCents: 4900, currency: 'USD' },
          recurringRevenue: { currency: 'USD', amountCents: 24500, subscriptions: 5 },
        }),
        figure({ key: 'gold-q', name: 'Gold quarterly', intervalCount: 3, holders: 2, newGrants: 2 }),
        figure({
          key: 'week',
          name: 'Week pass',
          terms: 'pass',
          interval: null,
          intervalCount: null,
          holders: 1,
          price: { amountCents: 1500, currency: 'USD' },
        }),
      ],
    };
    const html = renderWithQueries(<RoomsAndPlansTab />, [
      [['rooms', 'adminList'], rooms],
      [['plans', 'adminList'], plans],
      [['plans', 'figures'], figures],
    ]);

    const text = (testId: string) =>
      new RegExp(`data-testid="${testId}"[^>]*>(.*?)</tr>`)
        .exec(html)?.[1]
        ?.replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ');
    expect(text('room-main')).toMatch(/Signals DEFAULT main Every unlisted instrument 3/);
    expect(text('room-gold')).toMatch(/Gold room gold US30, XAUUSD 1 .*ARCHIVE/);
    expect(text('room-old')).toMatch(/ARCHIVED/);
    expect(text('room-main')).not.toMatch(/ARCHIVE\b/);
    expect(text('plan-monthly')).toMatch(/Monthly DEFAULT monthly Monthly \$49\.00 Signals 7 LISTED/);
    expect(text('plan-gold-q')).toMatch(
      /Gold quarterly gold-q Quarterly · every 3 months \$99\.00 Gold room 0 UNLISTED/,
    );
    expect(text('plan-week')).toMatch(/Week pass week Pass · 7 days Stripe price — 0 LISTED/);
    expect(text('plan-taste')).toMatch(/Taste taste Free Free — 0 ARCHIVED/);
    // Figures per plan: the counts, the month's share of the paid subscriptions, or why there is none.
    expect(text('plan-figures-monthly')).toMatch(/Monthly 7 3 1 5 \$245\.00/);
    expect(text('plan-figures-gold-q')).toMatch(/Gold quarterly 2 2 0 0 NO PRICE/);
    expect(text('plan-figures-week')).toMatch(/Week pass 1 0 0 — NOT RECURRING/);
  });
});
