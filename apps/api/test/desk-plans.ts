import { expect } from 'vitest';
import type { TestClient } from './harness';

// The rooms and plans of a desk that sells more than one thing, made through the console's REST
// paths: the buying tests (local and Stripe) and their browser test start from it.

/** The rooms and plans a desk selling more than one thing sets up (gold holds AUDUSD, VALID_SIGNAL's instrument). */
export async function setUpDesk(admin: TestClient) {
  const ok = async (res: Promise<{ status: number; body: any }>) => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  await ok(admin.post('/api/admin/rooms', { slug: 'gold', name: 'Gold room', instruments: ['AUDUSD'] }));
  await ok(admin.post('/api/admin/rooms', { slug: 'teaser', name: 'Teaser room', instruments: ['GBPJPY'] }));
  const plan = (body: Record<string, unknown>) => ok(admin.post('/api/admin/plans', body));
  await plan({
    key: 'quarterly',
    name: 'Quarterly',
    description: 'Every room, billed every three months',
    terms: 'recurring',
    interval: 'month',
    intervalCount: 3,
    amountCents: 12900,
    currency: 'USD',
    trialDays: 0,
    rooms: ['main', 'gold'],
    position: 2,
  });
  await plan({
    key: 'pass-30',
    name: '30-day pass',
    terms: 'pass',
    passDays: 30,
    amountCents: 1900,
    currency: 'USD',
    rooms: ['gold'],
    position: 3,
  });
  await plan({
    key: 'lifetime',
    name: 'Lifetime',
    terms: 'lifetime',
    amountCents: 29900,
    currency: 'USD',
    rooms: ['main', 'gold'],
    position: 4,
  });
  await plan({ key: 'teaser', name: 'Teaser', terms: 'free', rooms: ['teaser'], position: 5 });
  await plan({
    key: 'spring-offer',
    name: 'Spring offer',
    terms: 'recurring',
    interval: 'month',
    intervalCount: 1,
    amountCents: 2900,
    currency: 'USD',
    trialDays: 5,
    rooms: ['gold'],
    listed: false,
  });
  await plan({
    key: 'old-pass',
    name: 'Old pass',
    terms: 'pass',
    passDays: 7,
    amountCents: 900,
    currency: 'USD',
    rooms: ['gold'],
  });
  await ok(admin.post('/api/admin/plans/old-pass/archive'));
}
