import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUp,
  signUpAdmin,
  startTestApp,
  oneTestDbKind,
  uniqueEmail,
  type TestApp,
  type TestClient,
} from '../harness';

// The console's rooms and plans over REST: the answers, the refusals naming their field (which
// change nothing), who may call them, the public list and what archiving does.

const kinds = await oneTestDbKind();

interface Room {
  slug: string;
  name: string;
  instruments: string[];
  members: number;
  isDefault: boolean;
  archivedAt: string | null;
}
interface Plan {
  key: string;
  name: string;
  terms: string;
  price: { amountCents: number; currency: string } | null;
  rooms: { slug: string; name: string }[];
  holders: number;
  listed: boolean;
  archivedAt: string | null;
  stripePriceId?: string | null;
}

const GOLD_PLAN = {
  key: 'gold-monthly',
  name: 'Gold monthly',
  terms: 'recurring',
  interval: 'month',
  intervalCount: 3,
  amountCents: 9900,
  currency: 'usd',
  rooms: ['gold'],
};

describe.each(kinds)('rooms and plans in the console on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let user: TestClient;
  let userId: number;
  let adminId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { PLAN_YEARLY_PRICE: '490' });
    const a = await signUpAdmin(t);
    admin = a.client;
    adminId = a.id;
    const u = await signUp(t);
    user = u.client;
    userId = u.id;
  });
  afterAll(async () => t?.close());

  const rooms = async () => (await admin.get<Room[]>('/api/admin/rooms')).body;
  const room = async (slug: string) => (await rooms()).find((r) => r.slug === slug);
  const plans = async () => (await admin.get<Plan[]>('/api/admin/plans')).body;
  const plan = async (key: string) => (await plans()).find((p) => p.key === key);
  const auditActions = async () =>
    (await t.db.db.selectFrom('auditLog').select(['action', 'targetId']).orderBy('id').execute()).map(
      (r) => `${r.action} ${r.targetId}`,
    );

  /** The rooms as a write could change them (members are a figure of the grants, read at the time). */
  const roomsWritten = async () => (await rooms()).map(({ members: _members, ...r }) => r);

  /** A 400 naming `path`, after which the admin lists read as before. */
  async function refused(send: () => Promise<{ status: number; body: any }>, path: string, message?: RegExp) {
    const before = { rooms: await roomsWritten(), plans: await plans(), audit: await auditActions() };
    const res = await send();
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.fields.map((f: { path: string }) => f.path)).toContain(path);
    if (message) expect(res.body.message).toMatch(message);
    expect({ rooms: await roomsWritten(), plans: await plans(), audit: await auditActions() }).toEqual(before);
  }

  it('lists the default room and the two legacy plans, priced by the settings', async () => {
    const main = await room('main');
    expect(main).toMatchObject({ slug: 'main', isDefault: true, instruments: [], archivedAt: null, members: 0 });
    const settings = (await t.client().get('/api/plans')).body.plans as Array<{
      plan: string;
      amountCents: number;
      currency: string;
    }>;
    const monthly = await plan('monthly');
    const fromSettings = settings.find((p) => p.plan === 'monthly');
    expect(monthly).toMatchObject({
      terms: 'recurring',
      rooms: [{ slug: 'main', name: 'Signals' }],
      stripePriceId: null,
      ownPrice: null,
      holders: 0,
      price: fromSettings ? { amountCents: fromSettings.amountCents, currency: fromSettings.currency } : null,
    });
  });

  it('creates a room, moving its instruments out of other rooms, and audits it', async () => {
    const silver = await admin.post('/api/admin/rooms', { slug: 'silver', name: 'Silver', instruments: ['gbpusd'] });
    expect(silver.status, JSON.stringify(silver.body)).toBe(200);
    expect(silver.body).toMatchObject({ slug: 'silver', instruments: ['GBPUSD'], chatLanguage: 'en', members: 0 });

    const gold = await admin.post('/api/admin/rooms', {
      slug: 'gold',
      name: 'Gold room',
      description: 'Metals and indices',
      instruments: ['GBPUSD', 'US30'],
      telegramChatId: '-1001234567',
    });
    expect(gold.status, JSON.stringify(gold.body)).toBe(200);
    expect(gold.body).toMatchObject({
      slug: 'gold',
      name: 'Gold room',
      instruments: ['GBPUSD', 'US30'],
      telegramChatId: '-1001234567',
      discordRoleId: null,
      isDefault: false,
      archivedAt: null,
    });
    expect((await room('silver'))!.instruments).toEqual([]);
    expect(await auditActions()).toEqual(expect.arrayContaining(['rooms.create silver', 'rooms.create gold']));
    const entry = await t.db.db
      .selectFrom('auditLog')
      .select(['targetType', 'after'])
      .where('action', '=', 'rooms.create')
      .where('targetId', '=', 'gold')
      .executeTakeFirstOrThrow();
    expect(entry.targetType).toBe('room');
    expect(JSON.stringify(entry.after)).toContain('GBPUSD,US30');

    const changed = await admin.patch('/api/admin/rooms/silver', { name: 'Silver desk', instruments: ['US30'] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ slug: 'silver', name: 'Silver desk', instruments: ['US30'] });
    expect((await room('gold'))!.instruments).toEqual(['GBPUSD']);
  });

  it('counts the users holding a room now', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await t.db.db
      .updateTable('users')
      .set({ accessRooms: JSON.stringify({ gold: future, silver: past, main: null }) })
      .where('id', '=', userId)
      .execute();
    expect(await room('gold')).toMatchObject({ members: 1 });
    expect(await room('silver')).toMatchObject({ members: 0 });
    expect(await room('main')).toMatchObject({ members: 1 });
  });

  it('refuses bad rooms with a 400 naming the field, changing nothing', async () => {
    await refused(() => admin.post('/api/admin/rooms', { slug: 'Gold Room', name: 'x' }), 'slug');
    await refused(() => admin.post('/api/admin/rooms', { slug: 'gold', name: 'Again' }), 'slug', /in use/);
    await refused(() => admin.post('/api/admin/rooms', { slug: 'bronze', name: '' }), 'name');
    await refused(() => admin.post('/api/admin/rooms', { slug: 'bronze', name: 'x'.repeat(81) }), 'name');
    await refused(
      () => admin.post('/api/admin/rooms', { slug: 'bronze', name: 'Bronze', instruments: ['NOPE1'] }),
      'instruments',
      /not in the catalogue/,
    );
    await refused(() => admin.patch('/api/admin/rooms/gold', { instruments: ['ZZZ9'] }), 'instruments');
    await refused(() => admin.patch('/api/admin/rooms/gold', { discordRoleId: 'role' }), 'discordRoleId');
    expect((await admin.patch('/api/admin/rooms/nowhere', { name: 'x' })).status).toBe(404);
  });

  it('creates and changes plans, with holders counted from active grants', async () => {
    const made = await admin.post('/api/admin/plans', GOLD_PLAN);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({
      key: 'gold-monthly',
      terms: 'recurring',
      interval: 'month',
      intervalCount: 3,
      passDays: null,
      price: { amountCents: 9900, currency: 'USD' },
      ownPrice: { amountCents: 9900, currency: 'USD' },
      rooms: [{ slug: 'gold', name: 'Gold room' }],
      listed: true,
      isDefault: false,
      archivedAt: null,
      holders: 0,
    });
    expect(await auditActions()).toContain('plans.create gold-monthly');

    const pass = await admin.post('/api/admin/plans', {
      key: 'week-pass',
      name: 'Week pass',
      terms: 'pass',
      passDays: 7,
      stripePriceId: 'price_123abc',
      rooms: ['gold', 'silver'],
      listed: false,
    });
    expect(pass.status, JSON.stringify(pass.body)).toBe(200);
    expect(pass.body).toMatchObject({ price: null, stripePriceId: 'price_123abc', listed: false });

    // The pass becomes lifetime: its days go; then free: its price goes with them.
    const lifetime = await admin.patch('/api/admin/plans/week-pass', { terms: 'lifetime' });
    expect(lifetime.status, JSON.stringify(lifetime.body)).toBe(200);
    expect(lifetime.body).toMatchObject({ terms: 'lifetime', passDays: null, stripePriceId: 'price_123abc' });
    const free = await admin.patch('/api/admin/plans/week-pass', { terms: 'free', name: 'Free taste', rooms: [] });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect(free.body).toMatchObject({ terms: 'free', name: 'Free taste', stripePriceId: null, price: null, rooms: [] });

    const gold = (
      await t.db.db.selectFrom('plans').select('id').where('key', '=', 'gold-monthly').executeTakeFirstOrThrow()
    ).id;
    await t.db.db
      .insertInto('accessGrants')
      .values([
        { userId, planId: gold, source: 'test', endsAt: null },
        { userId, planId: gold, source: 'test', endsAt: sql<Date>`now() + interval '1 day'` },
        { userId, planId: gold, source: 'test', endsAt: sql<Date>`now() - interval '1 day'` },
        { userId, planId: gold, source: 'test', endsAt: null, endedAt: sql<Date>`now()` },
      ])
      .execute();
    expect(await plan('gold-monthly')).toMatchObject({ holders: 1 });
  });

  it('refuses bad plans with a 400 naming the field, changing nothing', async () => {
    const post = (body: Record<string, unknown>) => () => admin.post('/api/admin/plans', { ...GOLD_PLAN, ...body });
    await refused(post({ key: 'gold-monthly' }), 'key', /in use/);
    await refused(post({ key: 'Gold_1' }), 'key');
    await refused(post({ key: 'g2', rooms: [] }), 'rooms');
    await refused(post({ key: 'g2', rooms: ['nowhere'] }), 'rooms', /no room has the slug nowhere/);
    await refused(post({ key: 'g2', amountCents: null, currency: null }), 'amountCents');
    await refused(post({ key: 'g2', currency: 'dollars' }), 'currency');
    await refused(post({ key: 'g2', interval: null }), 'interval');
    await refused(post({ key: 'g2', intervalCount: 13 }), 'intervalCount');
    await refused(post({ key: 'g2', terms: 'pass', interval: null, intervalCount: null }), 'passDays');
    await refused(post({ key: 'g2', terms: 'pass', interval: null, intervalCount: null, passDays: 4000 }), 'passDays');
    await refused(post({ key: 'g2', terms: 'lifetime' }), 'interval');
    await refused(post({ key: 'g2', terms: 'free', interval: null, intervalCount: null, rooms: [] }), 'amountCents');
    await refused(post({ key: 'g2', trialDays: 91 }), 'trialDays');
    await refused(post({ key: 'g2', terms: 'weekly' }), 'terms');
    await refused(() => admin.patch('/api/admin/plans/gold-monthly', { rooms: [] }), 'rooms');
    await refused(() => admin.patch('/api/admin/plans/gold-monthly', { terms: 'pass' }), 'passDays');
    // The legacy plans may keep the settings' price; a new plan may not.
    const legacy = await admin.patch('/api/admin/plans/yearly', { name: 'Yearly', amountCents: null, currency: null });
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(200);
    expect((await admin.patch('/api/admin/plans/nowhere', { name: 'x' })).status).toBe(404);
  });

  it('answers the public list: listed, not archived, in order, without the Stripe price', async () => {
    const res = await t.client().get<{ plans: Array<Record<string, unknown>> }>('/api/plans');
    expect(res.status).toBe(200);
    expect(res.body.plans.map((p) => p.key)).toEqual(['monthly', 'yearly', 'gold-monthly']);
    expect(res.body.plans.every((p) => !('stripePriceId' in p) && !('holders' in p))).toBe(true);

    await admin.patch('/api/admin/plans/gold-monthly', { position: 0 });
    await admin.patch('/api/admin/plans/monthly', { position: 5 });
    const reordered = await t.client().get<{ plans: Array<{ key: string }> }>('/api/plans');
    expect(reordered.body.plans.map((p) => p.key)).toEqual(['gold-monthly', 'yearly', 'monthly']);
  });

  it('archives a plan: it keeps its holders and leaves the public list', async () => {
    const res = await admin.post('/api/admin/plans/gold-monthly/archive');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ key: 'gold-monthly', holders: 1 });
    expect(res.body.archivedAt).toEqual(expect.any(String));
    const publicKeys = (await t.client().get<{ plans: Array<{ key: string }> }>('/api/plans')).body.plans.map(
      (p) => p.key,
    );
    expect(publicKeys).not.toContain('gold-monthly');
    expect(await auditActions()).toContain('plans.archive gold-monthly');
    expect((await admin.post('/api/admin/plans/nowhere/archive')).status).toBe(404);
  });

  it('archives a room (its instruments fall to the default room) but never the default room', async () => {
    const before = await auditActions();
    const refusedDefault = await admin.post('/api/admin/rooms/main/archive');
    expect(refusedDefault.status).toBe(409);
    expect(refusedDefault.body.message).toMatch(/default room cannot be archived/);
    expect(await room('main')).toMatchObject({ archivedAt: null });
    expect(await auditActions()).toEqual(before);

    const res = await admin.post('/api/admin/rooms/silver/archive');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ slug: 'silver', instruments: [] });
    expect(res.body.archivedAt).toEqual(expect.any(String));
    // An archived room is granted by no new plan.
    const granted = await admin.post('/api/admin/plans', { ...GOLD_PLAN, key: 'silver-plan', rooms: ['silver'] });
    expect(granted.status).toBe(400);
    expect(granted.body.fields[0].path).toBe('rooms');
  });

  it('counts figures per plan from the grants and their subscriptions, administrators left out', async () => {
    const DAY = 86_400_000;
    const quarterly = await admin.post('/api/admin/plans', {
      ...GOLD_PLAN,
      key: 'figures-quarterly',
      name: 'Figures quarterly',
      trialDays: 7,
    });
    expect(quarterly.status, JSON.stringify(quarterly.body)).toBe(200);
    const pass = await admin.post('/api/admin/plans', {
      key: 'figures-pass',
      name: 'Figures pass',
      terms: 'pass',
      passDays: 7,
      amountCents: 1500,
      currency: 'usd',
      rooms: ['gold'],
    });
    expect(pass.status, JSON.stringify(pass.body)).toBe(200);
    const test = (path: string, body: Record<string, unknown>) => t.client().post(`/api/test/${path}`, body);

    // Three paid subscriptions ($99 every 3 months); one then loses access.
    const subscribers = [uniqueEmail('fig-a'), uniqueEmail('fig-b'), uniqueEmail('fig-c')];
    for (const email of subscribers) {
      const res = await test('activate-subscription', { email, plan: 'figures-quarterly' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect((await test('deactivate-subscription', { email: subscribers[2] })).status).toBe(200);
    // A free trial: a holder, paying nothing yet.
    const trial = await test('checkout-success', { email: uniqueEmail('fig-trial'), plan: 'figures-quarterly' });
    expect(trial.body.message).toContain('Free trial of 7 days');
    // Free days an administrator granted.
    const freeDays = await signUp(t, uniqueEmail('fig-free'));
    expect(
      (await admin.post(`/api/admin/users/${freeDays.id}/grant-days`, { days: 5, plan: 'figures-quarterly' })).status,
    ).toBe(200);
    // Before the window: a grant still running (a holder, not new) and one that ended 10 days ago.
    const old = await signUp(t, uniqueEmail('fig-old'));
    const planId = (
      await t.db.db.selectFrom('plans').select('id').where('key', '=', 'figures-quarterly').executeTakeFirstOrThrow()
    ).id;
    await t.db.db
      .insertInto('accessGrants')
      .values([
        { userId: old.id, planId, source: 'test', startsAt: new Date(Date.now() - 40 * DAY), endsAt: null },
        {
          userId: old.id,
          planId,
          source: 'test',
          startsAt: new Date(Date.now() - 45 * DAY),
          endsAt: new Date(Date.now() - 10 * DAY),
        },
        // Ended 40 days ago: outside the window.
        {
          userId: old.id,
          planId,
          source: 'test',
          startsAt: new Date(Date.now() - 60 * DAY),
          endsAt: null,
          endedAt: new Date(Date.now() - 40 * DAY),
        },
      ])
      .execute();
    // An administrator's own free days count nowhere.
    expect(
      (await admin.post(`/api/admin/users/${adminId}/grant-days`, { days: 5, plan: 'figures-quarterly' })).status,
    ).toBe(200);
    // A pass: a holder and a new grant, no recurring revenue.
    expect((await test('activate-subscription', { email: uniqueEmail('fig-pass'), plan: 'figures-pass' })).status).toBe(
      200,
    );

    const res = await admin.get('/api/admin/plans/figures');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const measuredAt = Date.parse(res.body.measuredAt);
    expect(measuredAt - Date.parse(res.body.since)).toBe(30 * DAY);
    const figures = (key: string) => res.body.plans.find((p: { key: string }) => p.key === key);
    expect(res.body.plans.map((p: { key: string }) => p.key)).toEqual((await plans()).map((p) => p.key));
    expect(figures('figures-quarterly')).toEqual({
      key: 'figures-quarterly',
      name: 'Figures quarterly',
      terms: 'recurring',
      interval: 'month',
      intervalCount: 3,
      archivedAt: null,
      // Two paid, the trial, the free days, the old running grant.
      holders: 5,
      // Three subscriptions, the trial, the free days.
      newGrants: 5,
      // The subscription that lost access, and the grant that ended 10 days ago.
      endedGrants: 2,
      paidSubscriptions: 2,
      price: { amountCents: 9900, currency: 'USD' },
      // $99 every 3 months is $33 a month, twice.
      recurringRevenue: { currency: 'USD', amountCents: 6600, subscriptions: 2 },
    });
    expect(figures('figures-pass')).toMatchObject({
      terms: 'pass',
      holders: 1,
      newGrants: 1,
      endedGrants: 0,
      paidSubscriptions: 0,
      price: { amountCents: 1500, currency: 'USD' },
      recurringRevenue: null,
    });
    // The legacy monthly plan: priced as checkout prices it, nobody paying here.
    const monthly = await plan('monthly');
    expect(figures('monthly')).toMatchObject({
      holders: 0,
      price: monthly!.price,
      recurringRevenue: monthly!.price ? { ...monthly!.price, amountCents: 0, subscriptions: 0 } : null,
    });
  });

  it('refuses everything to a non-administrator (403) and to nobody signed in (401)', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/rooms'],
      ['POST', '/api/admin/rooms', { slug: 'sneaky', name: 'Sneaky' }],
      ['PATCH', '/api/admin/rooms/gold', { name: 'Mine' }],
      ['POST', '/api/admin/rooms/gold/archive'],
      ['GET', '/api/admin/plans'],
      ['GET', '/api/admin/plans/figures'],
      ['POST', '/api/admin/plans', { ...GOLD_PLAN, key: 'sneaky' }],
      ['PATCH', '/api/admin/plans/monthly', { name: 'Mine' }],
      ['POST', '/api/admin/plans/monthly/archive'],
    ];
    for (const [method, path, body] of calls) {
      expect((await user.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await t.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    expect(await room('gold')).toMatchObject({ name: 'Gold room', archivedAt: null });
    expect(await plan('monthly')).toMatchObject({ archivedAt: null });
    expect(await room('sneaky')).toBeUndefined();
  });
});
