import { createInnerContext, sweepBilling } from '@t0/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '../../src/deps';
import {
  ADMIN_EMAIL,
  signUp,
  signUpAdmin,
  startTestApp,
  STRONG_PASSWORD,
  oneTestDbKind,
  uniqueEmail,
  type TestApp,
  type TestClient,
} from '../harness';

const kinds = await oneTestDbKind();
const DAY_MS = 24 * 60 * 60 * 1000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

// Subscribers in the console: the USERS tab's list and detail, and every action on a user, each
// changing what it says and landing in the audit log with what changed.
describe.each(kinds)('admin users on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let adminId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const a = await signUpAdmin(t);
    admin = a.client;
    adminId = a.id;
  });
  afterAll(async () => t?.close());

  const ctx = () => createInnerContext({ db: t.db.db, ports: t.app.ports, settings: appSettings(t.config) });
  const userRow = (id: number) =>
    t.db.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const lastAudit = async (action: string) => {
    const res = await admin.get(`/api/admin/audit?action=${action}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.entries[0] as Record<string, any>;
  };
  const search = async (query: string) => {
    const res = await admin.get(`/api/admin/users/search?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { users: Array<Record<string, any>>; total: number; limit: number; offset: number };
  };
  const detail = async (id: number) => {
    const res = await admin.get(`/api/admin/users/${id}/detail`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Record<string, any>;
  };
  async function named(first: string, last: string) {
    const email = uniqueEmail(first.toLowerCase());
    const client = t.client();
    const res = await client.post('/api/register', {
      email,
      password: STRONG_PASSWORD,
      firstName: first,
      lastName: last,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { client, email, id: res.body.id as number };
  }
  /** A registered user who paid through the local checkout page with a test card. */
  async function paidSubscriber() {
    const u = await signUp(t, uniqueEmail('paid'));
    const started = await u.client.post('/api/create-checkout-session', { email: u.email, plan: 'monthly' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const url = new URL(started.body.url as string);
    const session = url.searchParams.get('session')!;
    const form = new URLSearchParams({
      session,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'T',
    });
    expect((await u.client.request('POST', '/checkout/test', form.toString(), FORM)).status).toBe(303);
    return u;
  }

  it('searches e-mail and names in any case, filters, pages and counts', async () => {
    const ada = await named('Adaline', 'Quillfeather');
    const bob = await named('Bartholomew', 'Quillfeather');
    // A user who never signed in: created directly, as a checkout does.
    const ghost = await t.db.db
      .insertInto('users')
      .values({ email: uniqueEmail('ghost'), password: '', firstName: 'Ghost', lastName: 'Quillfeather' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const paid = await paidSubscriber();

    const byLast = await search('search=QUILLFEATHER');
    expect(byLast.total).toBe(3);
    expect(byLast.users.map((u) => u.id)).toEqual([ghost.id, bob.id, ada.id]);
    expect((await search('search=adaline%20quill')).users.map((u) => u.id)).toEqual([ada.id]);
    expect(
      (await search(`search=${encodeURIComponent(ada.email.toUpperCase().slice(0, 10))}`)).users.map((u) => u.id),
    ).toContain(ada.id);
    // Pattern characters are searched for as themselves.
    expect((await search('search=%25')).total).toBe(0);

    const paged = await search('search=quillfeather&limit=2&offset=2');
    expect(paged).toMatchObject({ total: 3, limit: 2, offset: 2 });
    expect(paged.users.map((u) => u.id)).toEqual([ada.id]);

    const active = await search('filter=active');
    expect(active.users.map((u) => u.id)).toContain(paid.id);
    expect(active.users.map((u) => u.id)).not.toContain(ada.id);
    expect(active.users.find((u) => u.id === paid.id)).toMatchObject({
      status: 'active',
      hasAccess: true,
      isAdmin: false,
    });
    expect(active.users.find((u) => u.id === paid.id)!.accessUntil).not.toBeNull();

    const never = await search('filter=never_logged_in');
    expect(never.users.map((u) => u.id)).toEqual([ghost.id]);

    const admins = await search('filter=admin');
    expect(admins.users.map((u) => u.email)).toEqual([ADMIN_EMAIL]);
    expect(admins.users[0]).toMatchObject({ isAdmin: true });

    // Past due: the provider said so.
    const late = await paidSubscriber();
    await t.db.db.updateTable('users').set({ subscriptionStatus: 'past_due' }).where('id', '=', late.id).execute();
    const lateRow = await userRow(late.id);
    await t.db.db
      .updateTable('paymentSubscriptions')
      .set({ status: 'past_due', pastDueSince: new Date() })
      .where('subscriptionId', '=', lateRow.stripeSubscriptionId!)
      .execute();
    const pastDue = await search('filter=past_due');
    expect(pastDue.users.map((u) => u.id)).toEqual([late.id]);
    expect(pastDue.users[0]).toMatchObject({ status: 'past_due' });

    // Cancelling: through the administrator's action, the same path as the user's own cancel.
    const cancelled = await admin.post(`/api/admin/users/${paid.id}/cancel-at-period-end`, {
      reason: 'Asked by phone',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.message).toMatch(/^The subscription ends on \d{4}-\d\d-\d\d; access continues until then\.$/);
    expect(cancelled.body.detail.subscription).toMatchObject({
      cancelAtPeriodEnd: true,
      cancelReason: 'Asked by phone',
      status: 'active',
    });
    const cancelling = await search('filter=cancelling');
    expect(cancelling.users.map((u) => u.id)).toEqual([paid.id]);
    expect(cancelling.users[0]).toMatchObject({ status: 'cancelling', hasAccess: true });
    const entry = await lastAudit('adminUsers.cancelAtPeriodEnd');
    expect(entry).toMatchObject({
      actorEmail: ADMIN_EMAIL,
      targetType: 'user',
      targetId: String(paid.id),
      before: { cancelAtPeriodEnd: false, cancelReason: null },
      after: { cancelAtPeriodEnd: true, cancelReason: 'Asked by phone' },
    });
    // The user's own billing view says the same.
    const own = await paid.client.get('/api/billing');
    expect(own.body).toMatchObject({ cancelAtPeriodEnd: true, cancelReason: 'Asked by phone' });
    // Twice: nothing left to cancel.
    const again = await admin.post(`/api/admin/users/${paid.id}/cancel-at-period-end`, { reason: 'Again' });
    expect(again.status).toBe(409);
  });

  it('shows the detail: account, subscription, invoices, logins with device and browser, deliveries, sessions', async () => {
    const paid = await paidSubscriber();
    // A second sign-in from an iPhone.
    const phone = t.client();
    const login = await phone.request(
      'POST',
      '/api/auth/login',
      { email: paid.email, password: STRONG_PASSWORD },
      { 'user-agent': IPHONE },
    );
    expect(login.status).toBe(200);
    await t.db.db
      .insertInto('deliveries')
      .values({
        userId: paid.id,
        key: `k-${paid.id}`,
        channel: 'email',
        event: 'signal.created',
        payload: '{}',
        status: 'sent',
        attempts: 1,
      })
      .execute();

    const d = await detail(paid.id);
    expect(d.account).toMatchObject({
      id: paid.id,
      email: paid.email,
      status: 'active',
      isAdmin: false,
      adminByConfig: false,
      hasPassword: true,
    });
    expect(d.account.activeSessions).toBe(2);
    expect(d.subscription).toMatchObject({
      provider: 'local',
      plan: 'monthly',
      status: 'active',
      cancelAtPeriodEnd: false,
      card: 'test card •••• 4242',
    });
    expect(d.invoices).toHaveLength(1);
    expect(d.invoices[0]).toMatchObject({ status: 'paid' });
    expect(d.pendingPayments[0]).toMatchObject({ plan: 'monthly' });
    expect(d.pendingPayments[0].completedAt).not.toBeNull();
    expect(d.logins.map((l: any) => l.method)).toEqual(['password', 'register']);
    expect(d.logins[0]).toMatchObject({
      device: 'Phone',
      browser: 'Safari 17 on iOS 17.5',
      address: '127.0.0.1',
      userAgent: IPHONE,
    });
    expect(d.deliveries).toEqual([
      expect.objectContaining({ channel: 'email', event: 'signal.created', status: 'sent', attempts: 1 }),
    ]);
    expect(d.notes).toEqual([]);

    const missing = await admin.get('/api/admin/users/99999999/detail');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('User not found');
  });

  it('keeps the last 50 sign-ins of a user', async () => {
    const u = await signUp(t, uniqueEmail('many'));
    const old = new Date(Date.now() - DAY_MS);
    await t.db.db
      .insertInto('userLogins')
      .values(
        Array.from({ length: 55 }, () => ({
          userId: u.id,
          at: old,
          address: '10.0.0.1',
          userAgent: 'old',
          method: 'password',
        })),
      )
      .execute();
    expect((await t.client().post('/api/auth/login', { email: u.email, password: STRONG_PASSWORD })).status).toBe(200);
    const rows = await t.db.db
      .selectFrom('userLogins')
      .select(['id', 'userAgent'])
      .where('userId', '=', u.id)
      .orderBy('id', 'desc')
      .execute();
    expect(rows).toHaveLength(50);
    expect(rows[0]!.userAgent).not.toBe('old');
    // The registration's sign-in was the oldest: gone.
    expect((await detail(u.id)).logins.map((l: any) => l.method)).not.toContain('register');
  });

  it('grants free days to a user without a subscription, and the billing sweep ends them when they are over', async () => {
    const u = await signUp(t, uniqueEmail('free'));
    expect((await u.client.get('/api/user/webhooks')).status).toBe(403);

    const res = await admin.post(`/api/admin/users/${u.id}/grant-days`, { days: 7 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatch(/^7 free days granted on the Monthly plan: access until \d{4}-\d\d-\d\d\.$/);
    expect(res.body.detail.account).toMatchObject({ status: 'free', hasAccess: true });
    const until = Date.parse(res.body.detail.account.freeAccessUntil);
    expect(Math.abs(until - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);
    expect(res.body.detail.account.accessUntil).toBe(res.body.detail.account.freeAccessUntil);
    // The user's very next request has access.
    expect((await u.client.get('/api/user/webhooks')).status).toBe(200);
    const entry = await lastAudit('adminUsers.grantDays');
    expect(entry).toMatchObject({ actorEmail: ADMIN_EMAIL, targetType: 'user', targetId: String(u.id) });
    expect(entry.before).toMatchObject({ hasActiveSubscription: false, freeAccessUntil: null });
    expect(entry.after).toMatchObject({
      hasActiveSubscription: true,
      freeAccessUntil: res.body.detail.account.freeAccessUntil,
    });

    // Granting more adds to the days still running.
    const more = await admin.post(`/api/admin/users/${u.id}/grant-days`, { days: 3 });
    expect(Date.parse(more.body.detail.account.freeAccessUntil) - until).toBe(3 * DAY_MS);

    // Before the end the sweep leaves it; after, access ends.
    const end = Date.parse(more.body.detail.account.freeAccessUntil);
    expect((await sweepBilling(ctx(), new Date(end - 60_000))).freeAccessEnded).toBe(0);
    expect((await userRow(u.id)).hasActiveSubscription).toBe(true);
    const report = await sweepBilling(ctx(), new Date(end + 60_000));
    expect(report.freeAccessEnded).toBe(1);
    expect(await userRow(u.id)).toMatchObject({ hasActiveSubscription: false, freeAccessUntil: null });
    expect((await u.client.get('/api/user/webhooks')).status).toBe(403);
  });

  it("shows a user's grants (current first, then the newest ended ones) and grants free days on the plan chosen", async () => {
    // A plan of its own room, and one archived.
    expect((await admin.post('/api/admin/rooms', { slug: 'drawer-gold', name: 'Drawer gold' })).status).toBe(200);
    const plan = (key: string, name: string) =>
      admin.post('/api/admin/plans', {
        key,
        name,
        terms: 'recurring',
        interval: 'month',
        intervalCount: 3,
        amountCents: 9900,
        currency: 'usd',
        rooms: ['drawer-gold'],
      });
    expect((await plan('drawer-quarterly', 'Drawer quarterly')).status).toBe(200);
    expect((await plan('drawer-old', 'Drawer old')).status).toBe(200);
    expect((await admin.post('/api/admin/plans/drawer-old/archive')).status).toBe(200);

    const paid = await paidSubscriber();
    const gold = await admin.post(`/api/admin/users/${paid.id}/grant-days`, { days: 5, plan: 'drawer-quarterly' });
    expect(gold.status, JSON.stringify(gold.body)).toBe(200);
    expect(gold.body.message).toMatch(
      /^5 free days granted on the Drawer quarterly plan: access until \d{4}-\d\d-\d\d\.$/,
    );
    // Days on a plan that already runs are added to its end: one grant.
    const more = await admin.post(`/api/admin/users/${paid.id}/grant-days`, { days: 3, plan: 'drawer-quarterly' });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    const entry = await lastAudit('adminUsers.grantDays');
    expect(entry.after.grants).toMatch(/drawer-quarterly \(free_days\) until \d{4}-/);
    // The rooms held now: the subscription's and the plan's.
    expect(Object.keys((await userRow(paid.id)).accessRooms as Record<string, unknown>).sort()).toEqual([
      'drawer-gold',
      'main',
    ]);

    // An unknown or archived plan is refused, naming the field, and changes nothing.
    for (const key of ['nowhere', 'drawer-old']) {
      const refused = await admin.post(`/api/admin/users/${paid.id}/grant-days`, { days: 3, plan: key });
      expect(refused.status, key).toBe(400);
      expect(refused.body.fields.map((f: { path: string }) => f.path)).toEqual(['plan']);
    }

    // Ended grants of old: 22 of the default plan, the newest 20 listed.
    const monthlyId = (
      await t.db.db.selectFrom('plans').select('id').where('key', '=', 'monthly').executeTakeFirstOrThrow()
    ).id;
    await t.db.db
      .insertInto('accessGrants')
      .values(
        Array.from({ length: 22 }, (_, i) => ({
          userId: paid.id,
          planId: monthlyId,
          source: 'test',
          startsAt: new Date(Date.now() - (100 + i) * DAY_MS),
          endsAt: new Date(Date.now() - (50 + i) * DAY_MS),
        })),
      )
      .execute();

    const d = await detail(paid.id);
    const current = d.grants.filter((g: any) => g.state === 'current');
    expect(current).toEqual([
      expect.objectContaining({
        plan: { key: 'monthly', name: 'Monthly' },
        source: 'subscription',
        sourceRef: d.subscription.id,
        endsAt: null,
        endedAt: null,
        rooms: [{ slug: 'main', name: 'Signals' }],
      }),
      expect.objectContaining({
        plan: { key: 'drawer-quarterly', name: 'Drawer quarterly' },
        source: 'free_days',
        sourceRef: null,
        endedAt: null,
        rooms: [{ slug: 'drawer-gold', name: 'Drawer gold' }],
      }),
    ]);
    const goldEnd = Date.parse(current[1].endsAt);
    expect(Math.abs(goldEnd - (Date.now() + 8 * DAY_MS))).toBeLessThan(60_000);
    // Current ones first, then the ended ones, the latest end first, at most 20.
    expect(d.grants.map((g: any) => g.state)).toEqual(['current', 'current', ...Array(20).fill('ended')]);
    const ended = d.grants.slice(2);
    expect(ended[0]).toMatchObject({ plan: { key: 'monthly' }, source: 'test', endedAt: null });
    expect(Date.parse(ended[0].endsAt)).toBeGreaterThan(Date.parse(ended[19].endsAt));
    expect(d.olderGrants).toBe(2);

    // End access: every grant ends now, and the drawer says so.
    const endedNow = await admin.post(`/api/admin/users/${paid.id}/end-access`, {});
    expect(endedNow.status).toBe(200);
    const after = endedNow.body.detail;
    expect(after.grants.filter((g: any) => g.state !== 'ended')).toEqual([]);
    expect(
      after.grants
        .slice(0, 2)
        .map((g: any) => g.plan.key)
        .sort(),
    ).toEqual(['drawer-quarterly', 'monthly']);
    expect(after.grants[0].endedAt).not.toBeNull();
    expect(after.olderGrants).toBe(4);
  });

  it('the sweep after free days run out leaves a paid subscription its access', async () => {
    const paid = await paidSubscriber();
    expect((await admin.post(`/api/admin/users/${paid.id}/grant-days`, { days: 30 })).status).toBe(200);
    const row = await userRow(paid.id);
    const sub = await t.db.db
      .selectFrom('paymentSubscriptions')
      .selectAll()
      .where('subscriptionId', '=', row.stripeSubscriptionId!)
      .executeTakeFirstOrThrow();
    // The sweep after the free days leaves the paid access.
    expect((await sweepBilling(ctx(), new Date(row.freeAccessUntil!.getTime() + 60_000))).freeAccessEnded).toBe(0);
    expect(await userRow(paid.id)).toMatchObject({ hasActiveSubscription: true, freeAccessUntil: null });
    expect(sub.status).toBe('active');
  });

  it('free days outlast a subscription that ends before them', async () => {
    const paid = await paidSubscriber();
    expect((await admin.post(`/api/admin/users/${paid.id}/cancel-at-period-end`, { reason: 'Moving on' })).status).toBe(
      200,
    );
    const granted = await admin.post(`/api/admin/users/${paid.id}/grant-days`, { days: 60 });
    expect(granted.status).toBe(200);
    const periodEnd = Date.parse(granted.body.detail.subscription.currentPeriodEnd);
    const freeEnd = Date.parse(granted.body.detail.account.freeAccessUntil);
    expect(freeEnd).toBeGreaterThan(periodEnd);

    // The paid period ends (through the same path as the provider's own end): the free days remain.
    expect((await sweepBilling(ctx(), new Date(periodEnd + 60_000))).periodsEnded).toBeGreaterThanOrEqual(1);
    const between = await detail(paid.id);
    expect(between.subscription.status).toBe('canceled');
    expect(between.account).toMatchObject({ hasAccess: true, status: 'free' });
    expect((await paid.client.get('/api/user/webhooks')).status).toBe(200);

    // Then the free days end too.
    expect((await sweepBilling(ctx(), new Date(freeEnd + 60_000))).freeAccessEnded).toBe(1);
    expect((await detail(paid.id)).account).toMatchObject({ hasAccess: false, status: 'ended', freeAccessUntil: null });
    expect((await paid.client.get('/api/user/webhooks')).status).toBe(403);
  });

  it('ends access now: free access and a test-mode subscription', async () => {
    const free = await signUp(t, uniqueEmail('end'));
    expect((await admin.post(`/api/admin/users/${free.id}/grant-days`, { days: 5 })).status).toBe(200);
    const ended = await admin.post(`/api/admin/users/${free.id}/end-access`, {});
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body).toMatchObject({ message: 'Access ended now.' });
    expect(ended.body.detail.account).toMatchObject({ hasAccess: false, freeAccessUntil: null, accessUntil: null });
    expect((await free.client.get('/api/user/webhooks')).status).toBe(403);
    const entry = await lastAudit('adminUsers.endAccess');
    expect(entry.before).toMatchObject({ hasActiveSubscription: true });
    expect(entry.after).toMatchObject({ hasActiveSubscription: false, freeAccessUntil: null });
    expect(entry.before.freeAccessUntil).not.toBeNull();

    const paid = await paidSubscriber();
    const res = await admin.post(`/api/admin/users/${paid.id}/end-access`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.detail.account).toMatchObject({ hasAccess: false, status: 'ended' });
    expect(res.body.detail.subscription).toMatchObject({ status: 'canceled' });
    expect((await paid.client.get('/api/user/webhooks')).status).toBe(403);
    const paidEntry = await lastAudit('adminUsers.endAccess');
    expect(paidEntry).toMatchObject({
      targetId: String(paid.id),
      before: { hasActiveSubscription: true, subscriptionStatus: 'active' },
      after: { hasActiveSubscription: false, subscriptionStatus: 'canceled' },
    });

    // Nothing left to end.
    const nothing = await admin.post(`/api/admin/users/${free.id}/end-access`, {});
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe('This user has no access to end');
  });

  it('makes and removes an administrator; not an ADMIN_EMAILS address, not oneself', async () => {
    const u = await signUp(t, uniqueEmail('role'));
    expect((await u.client.get('/api/admin/users/search')).status).toBe(403);
    const made = await admin.post(`/api/admin/users/${u.id}/admin`, { admin: true });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.detail.account).toMatchObject({ isAdmin: true, adminByConfig: false });
    expect((await u.client.get('/api/admin/users/search')).status).toBe(200);
    expect(await lastAudit('adminUsers.setAdmin')).toMatchObject({
      targetId: String(u.id),
      before: { isAdmin: false },
      after: { isAdmin: true },
    });

    const removed = await admin.post(`/api/admin/users/${u.id}/admin`, { admin: false });
    expect(removed.status).toBe(200);
    expect(removed.body.detail.account.isAdmin).toBe(false);
    expect((await u.client.get('/api/admin/users/search')).status).toBe(403);
    expect(await lastAudit('adminUsers.setAdmin')).toMatchObject({
      before: { isAdmin: true },
      after: { isAdmin: false },
    });

    const config = await admin.post(`/api/admin/users/${adminId}/admin`, { admin: false });
    expect(config.status).toBe(409);
    expect(config.body.message).toBe('You cannot remove your own administrator role');
    // A second administrator tries to demote the ADMIN_EMAILS one.
    const other = await signUp(t, uniqueEmail('second'));
    await admin.post(`/api/admin/users/${other.id}/admin`, { admin: true });
    const refused = await other.client.post(`/api/admin/users/${adminId}/admin`, { admin: false });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This address is an administrator through the ADMIN_EMAILS setting; remove it there to demote it',
    );
    expect((await detail(adminId)).account).toMatchObject({ isAdmin: true, adminByConfig: true });
  });

  it('signs a user out everywhere: their next request is 401', async () => {
    const u = await signUp(t, uniqueEmail('out'));
    const second = t.client();
    expect((await second.post('/api/auth/login', { email: u.email, password: STRONG_PASSWORD })).status).toBe(200);
    expect((await u.client.get('/api/auth/user')).status).toBe(200);
    const res = await admin.post(`/api/admin/users/${u.id}/sign-out-everywhere`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('2 sessions ended.');
    expect(res.body.detail.account.activeSessions).toBe(0);
    expect((await u.client.get('/api/auth/user')).status).toBe(401);
    expect((await second.get('/api/auth/user')).status).toBe(401);
    expect(await lastAudit('adminUsers.signOutEverywhere')).toMatchObject({
      targetId: String(u.id),
      before: { activeSessions: 2 },
      after: { activeSessions: 0 },
    });
    // The administrator's own session is untouched.
    expect((await admin.get('/api/auth/user')).status).toBe(200);
  });

  it('resends the welcome e-mail', async () => {
    const u = await signUp(t, uniqueEmail('welcome'));
    const before = t.mails().length;
    const res = await admin.post(`/api/admin/users/${u.id}/resend-welcome`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(`Welcome e-mail sent to ${u.email}.`);
    const mails = t.mails();
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)).toContain(`To: ${u.email}`);
    expect(res.body.detail.account.welcomeEmailSentAt).not.toBeNull();
    const entry = await lastAudit('adminUsers.resendWelcome');
    expect(entry).toMatchObject({ targetId: String(u.id), before: { welcomeEmailSentAt: null } });
    expect(entry.after.welcomeEmailSentAt).toBe(res.body.detail.account.welcomeEmailSentAt);
    // Again: sent again.
    expect((await admin.post(`/api/admin/users/${u.id}/resend-welcome`, {})).status).toBe(200);
    expect(t.mails().length).toBe(before + 2);
  });

  it('adds notes, newest first, with their author', async () => {
    const u = await signUp(t, uniqueEmail('note'));
    expect((await admin.post(`/api/admin/users/${u.id}/notes`, { body: 'Called about the invoice' })).status).toBe(200);
    const res = await admin.post(`/api/admin/users/${u.id}/notes`, { body: '  Refund promised  ' });
    expect(res.status).toBe(200);
    expect(res.body.detail.notes.map((n: any) => n.body)).toEqual(['Refund promised', 'Called about the invoice']);
    expect(res.body.detail.notes[0].authorEmail).toBe(ADMIN_EMAIL);
    expect(await lastAudit('adminUsers.addNote')).toMatchObject({
      targetId: String(u.id),
      before: { lastNote: 'Called about the invoice' },
      after: { lastNote: 'Refund promised' },
    });
  });

  it('refuses non-administrators (403), no session (401), and bad input (400 naming the field)', async () => {
    const u = await signUp(t, uniqueEmail('plain'));
    for (const [path, body] of [
      [`/api/admin/users/${u.id}/grant-days`, { days: 5 }],
      [`/api/admin/users/${u.id}/end-access`, {}],
      [`/api/admin/users/${u.id}/cancel-at-period-end`, { reason: 'x' }],
      [`/api/admin/users/${u.id}/resend-welcome`, {}],
      [`/api/admin/users/${u.id}/admin`, { admin: true }],
      [`/api/admin/users/${u.id}/sign-out-everywhere`, {}],
      [`/api/admin/users/${u.id}/notes`, { body: 'x' }],
    ] as const) {
      expect((await u.client.post(path, body)).status, path).toBe(403);
      expect((await t.client().post(path, body)).status, path).toBe(401);
    }
    expect((await u.client.get(`/api/admin/users/${u.id}/detail`)).status).toBe(403);
    expect((await u.client.get('/api/admin/users/search')).status).toBe(403);
    expect((await u.client.get('/trpc/adminUsers.list')).status).toBe(403);
    expect((await userRow(u.id)).isAdmin).toBe(false);

    const cases: Array<[string, string, unknown, string, string]> = [
      ['POST', `/api/admin/users/${u.id}/grant-days`, { days: 0 }, 'days', 'days must be a whole number from 1 to 365'],
      [
        'POST',
        `/api/admin/users/${u.id}/grant-days`,
        { days: 366 },
        'days',
        'days must be a whole number from 1 to 365',
      ],
      [
        'POST',
        `/api/admin/users/${u.id}/grant-days`,
        { days: 1.5 },
        'days',
        'days must be a whole number from 1 to 365',
      ],
      ['POST', `/api/admin/users/${u.id}/grant-days`, {}, 'days', 'days must be a whole number from 1 to 365'],
      ['POST', `/api/admin/users/abc/grant-days`, { days: 3 }, 'userId', 'userId must be a positive whole number'],
      [
        'POST',
        `/api/admin/users/${u.id}/cancel-at-period-end`,
        { reason: '  ' },
        'reason',
        'Give a reason for the cancellation',
      ],
      ['POST', `/api/admin/users/${u.id}/admin`, { admin: 'yes' }, 'admin', 'admin must be true or false'],
      [
        'POST',
        `/api/admin/users/${u.id}/notes`,
        { body: 'x'.repeat(2001) },
        'body',
        'A note can be at most 2000 characters',
      ],
      ['POST', `/api/admin/users/${u.id}/notes`, { body: '' }, 'body', 'Write the note'],
      ['GET', '/api/admin/users/search?limit=101', undefined, 'limit', 'limit must be from 1 to 100'],
      [
        'GET',
        '/api/admin/users/search?filter=rich',
        undefined,
        'filter',
        'filter must be one of all, active, past_due, cancelling, never_logged_in, admin',
      ],
      ['GET', '/api/admin/users/search?offset=-1', undefined, 'offset', 'offset must be a whole number from 0'],
      ['GET', '/api/admin/users/0/detail', undefined, 'userId', 'userId must be a positive whole number'],
    ];
    for (const [method, path, body, field, message] of cases) {
      const res = await admin.request(method, path, body);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.message, path).toBe(message);
      expect(JSON.stringify(res.body), path).toContain(field);
    }
    const none = await admin.post('/api/admin/users/99999999/grant-days', { days: 3 });
    expect(none.status).toBe(404);
    expect(
      (await admin.post(`/api/admin/users/${u.id}/cancel-at-period-end`, { reason: 'No subscription' })).status,
    ).toBe(409);
  });
});
