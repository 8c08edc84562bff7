import { expect } from 'vitest';

// The rooms and plans of a desk that sells more than one thing, made through the console's REST
// paths: the buying tests (local and Stripe) and the browser test of choosing a plan start from it.

/** Whatever answers the console's paths as an administrator: the API tests' client or a browser test's. */
interface AdminPoster {
  post(path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

export interface DeskOptions {
  /** The Gold room's instrument (AUDUSD: VALID_SIGNAL's, in the API tests). */
  gold?: string;
  /** The Teaser room's instrument. */
  teaser?: string;
  /** Also an unlisted offer (`spring-offer`, 5 free days) and an archived pass (`old-pass`). */
  offers?: boolean;
}

/**
 * Sets up the desk: the rooms gold and teaser, and the plans quarterly (every 3 months, main and
 * gold), pass-30 (30 days of gold), lifetime (main and gold) and teaser (free), listed in that order
 * after the default monthly plan; with `offers`, the unlisted and archived plans too.
 */
export async function setUpDesk(admin: AdminPoster, opts: DeskOptions = {}) {
  const { gold = 'AUDUSD', teaser = 'GBPJPY', offers = true } = opts;
  const ok = async (path: string, body?: unknown) => {
    const r = await admin.post(path, body);
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };
  await ok('/api/admin/rooms', { slug: 'gold', name: 'Gold room', instruments: [gold] });
  await ok('/api/admin/rooms', { slug: 'teaser', name: 'Teaser room', instruments: [teaser] });
  const plan = (body: Record<string, unknown>) => ok('/api/admin/plans', body);
  await plan({
    key: 'quarterly',
    name: 'Quarterly',
    description: 'Every room, billed every three months.',
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
    description: 'Thirty days of the Gold room, paid once.',
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
  await plan({
    key: 'teaser',
    name: 'Teaser',
    description: 'A taste of the desk, free.',
    terms: 'free',
    rooms: ['teaser'],
    position: 5,
  });
  if (!offers) return;
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
  await ok('/api/admin/plans/old-pass/archive');
}
