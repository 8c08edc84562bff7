import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSignalEmails } from '../../src/jobs/signal-emails.job';
import { ADMIN_EMAIL, signUpAdmin, signUpSubscriber, startTestApp, testDbKinds, type TestApp, until } from '../harness';
import { startSmtpServer, type FakeSmtp } from '../smtp';

const kinds = await testDbKinds();

const signal = (instrument: string, entryPrice: number) => ({
  instrument,
  direction: 'long',
  entryPrice,
  slPrice: entryPrice * 0.99,
  t0Price: entryPrice * 1.01,
  t1Price: entryPrice * 1.02,
  monthlyBias: 'Bullish',
  memo: 'Test signal',
});

describe.each(kinds)('signal e-mails on %s', (kind) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  const tag = Date.now().toString(36);
  const bulk = Array.from({ length: 52 }, (_, i) => `bulk${i}-${tag}@t0.test`);
  const quiet = `quiet-${tag}@t0.test`; // subscriber, notifications off
  const free = `free-${tag}@t0.test`; // notifications on, no subscription
  const lapsed = `lapsed-${tag}@t0.test`; // canceled subscription

  const HOLDS_MAIN = JSON.stringify({ main: null });
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // A market without prices keeps the lifecycle still: these are publication e-mails only (the
    // lifecycle's own e-mails are tested in signal-lifecycle.int.test.ts).
    const noPrices = { latest: async () => ({ prices: {}, source: 'live' as const, updatedAt: new Date() }) };
    t = await startTestApp(kind, { SMTP_URL: smtp.url }, { ports: { prices: noPrices }, pinMarketEntries: true });
    admin = await signUpAdmin(t);
    await t.db.db
      .insertInto('users')
      .values([
        // Subscribers holding the default room (what a grant of the monthly plan folds into).
        ...bulk.map((email) => ({
          email,
          password: '',
          hasActiveSubscription: true,
          subscriptionStatus: 'active',
          accessRooms: HOLDS_MAIN,
        })),
        {
          email: quiet,
          password: '',
          hasActiveSubscription: true,
          accessRooms: HOLDS_MAIN,
          subscriptionStatus: 'active',
          emailNotificationsEnabled: false,
        },
        { email: free, password: '' },
        { email: lapsed, password: '', hasActiveSubscription: false, subscriptionStatus: 'canceled' },
      ])
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const mailsFor = (subjectPart: string) => smtp.received.filter((m) => m.subject.includes(subjectPart));

  it('e-mails every subscriber and admin with notifications on, and no one else, in batches of 50 a second apart', async () => {
    const res = await admin.client.post('/api/signals', signal('US30', 42000));
    expect(res.status).toBe(200);
    const expected = [...bulk, ADMIN_EMAIL].sort();
    const mails = await until(
      () => mailsFor('US30 LONG'),
      (m) => m.length >= expected.length,
    );
    expect(mails.flatMap((m) => m.to).sort()).toEqual(expected);
    for (const m of mails) expect(m.text).toContain('Entry:');

    // Two batches: 50, a pause of at least the 1 s delay, then the rest.
    const times = mails.map((m) => m.receivedAt).sort((a, b) => a - b);
    expect(times[50]! - times[49]!).toBeGreaterThanOrEqual(950);

    // A batch is recorded right after its messages went out.
    const rows = await until(
      () => t.db.db.selectFrom('signalEmails').selectAll().where('signalId', '=', res.body.id).execute(),
      (r) => r.length >= expected.length,
    );
    expect(rows).toHaveLength(expected.length);
    expect(rows.every((r) => r.deliveryStatus === 'sent' && r.attempts === 1)).toBe(true);

    const summary = await admin.client.get('/api/admin/email-summary');
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({ total: 53, successful: 53, failed: 0, successRate: 100 });

    const deliveries = await admin.client.get('/api/admin/email-deliveries');
    expect(deliveries.status).toBe(200);
    expect(deliveries.body).toHaveLength(53);
    expect(Object.keys(deliveries.body[0]).sort()).toEqual([
      'deliveryStatus',
      'id',
      'sentAt',
      'signalDirection',
      'signalInstrument',
      'userEmail',
    ]);
    expect(deliveries.body[0]).toMatchObject({
      signalInstrument: 'US30',
      signalDirection: 'long',
      deliveryStatus: 'sent',
    });
    const sentAts = deliveries.body.map((d: { sentAt: string }) => Date.parse(d.sentAt));
    expect([...sentAts].sort((a, b) => b - a)).toEqual(sentAts); // latest first
    expect((await admin.client.get('/api/admin/email-deliveries?limit=20')).body).toHaveLength(20);
  });

  it('records failed deliveries, retries only those, and never loses the signal', async () => {
    // A smaller audience: only the admin and three subscribers have notifications on now.
    await t.db.db
      .updateTable('users')
      .set({ emailNotificationsEnabled: false })
      .where('email', 'in', bulk.slice(3))
      .execute();
    const audience = [ADMIN_EMAIL, ...bulk.slice(0, 3)];
    const refused = bulk[1]!;
    smtp.refuse.add(refused);

    const res = await admin.client.post('/api/signals', signal('GBPJPY', 196));
    expect(res.status).toBe(200);
    const signalId = res.body.id as number;
    const deliveries = () =>
      t.db.db
        .selectFrom('signalEmails as e')
        .innerJoin('users as u', 'u.id', 'e.userId')
        .select(['u.email', 'e.deliveryStatus', 'e.attempts'])
        .where('e.signalId', '=', signalId)
        .execute();

    const first = await until(deliveries, (rows) => rows.length === audience.length);
    expect(first.filter((r) => r.deliveryStatus === 'failed').map((r) => r.email)).toEqual([refused]);
    const summary = (await admin.client.get('/api/admin/email-summary')).body;
    expect(summary).toMatchObject({ total: 57, successful: 56, failed: 1 });
    expect(summary.successRate).toBeCloseTo(98.2, 1);
    const listed = (await admin.client.get('/api/admin/email-deliveries')).body as Array<{
      userEmail: string;
      deliveryStatus: string;
    }>;
    expect(listed.find((d) => d.userEmail === refused)).toMatchObject({ deliveryStatus: 'failed' });

    // The job is waiting for a retry; the signal is still there.
    const job = await sql<{
      state: string;
    }>`select state from pgboss.job where name = 'signal-emails' and data->>'signalId' = ${String(signalId)}`.execute(
      t.db.db,
    );
    expect(job.rows.map((r) => r.state)).toContain('retry');
    expect((await admin.client.get('/api/signals')).body.some((s: { id: number }) => s.id === signalId)).toBe(true);

    // The server takes it again: the retry sends to the failed recipient only.
    smtp.refuse.delete(refused);
    const after = await until(deliveries, (rows) => rows.every((r) => r.deliveryStatus === 'sent'), 30_000);
    expect(after.every((r) => r.deliveryStatus === 'sent')).toBe(true);
    expect(after.find((r) => r.email === refused)!.attempts).toBe(2);
    const gbp = mailsFor('GBPJPY LONG');
    for (const email of audience)
      expect(
        gbp.filter((m) => m.to.includes(email)),
        email,
      ).toHaveLength(1);
    expect((await admin.client.get('/api/admin/email-summary')).body).toEqual({
      total: 57,
      successful: 57,
      failed: 0,
      successRate: 100,
    });
  });

  it('keeps the signal and every delivery through a whole mail-server outage', async () => {
    const audience = [ADMIN_EMAIL, ...bulk.slice(0, 3)];
    smtp.mode = 'reject';
    const res = await admin.client.post('/api/signals', signal('GBPUSD', 1.27));
    expect(res.status).toBe(200);
    const signalId = res.body.id as number;
    const rows = () =>
      t.db.db
        .selectFrom('signalEmails')
        .select(['deliveryStatus', 'attempts'])
        .where('signalId', '=', signalId)
        .execute();
    const failed = await until(rows, (r) => r.length === audience.length);
    expect(failed.map((r) => r.deliveryStatus)).toEqual(audience.map(() => 'failed'));
    expect((await admin.client.get('/api/admin/email-summary')).body).toMatchObject({ failed: audience.length });

    smtp.mode = 'accept';
    const sent = await until(rows, (r) => r.every((x) => x.deliveryStatus === 'sent'));
    expect(sent.every((x) => x.deliveryStatus === 'sent' && x.attempts >= 2)).toBe(true);
    const mails = mailsFor('GBPUSD LONG');
    expect(mails.flatMap((m) => m.to).sort()).toEqual([...audience].sort());
    expect((await admin.client.get('/api/admin/email-summary')).body).toMatchObject({ failed: 0 });
  });

  it('completes without e-mails when nobody has notifications on, and when the signal is gone', async () => {
    await t.db.db.updateTable('users').set({ emailNotificationsEnabled: false }).execute();
    const before = smtp.received.length;
    const summary = (await admin.client.get('/api/admin/email-summary')).body;
    const res = await admin.client.post('/api/signals', signal('AUDUSD', 0.65));
    expect(res.status).toBe(200);
    const state = () =>
      sql<{
        state: string;
      }>`select state from pgboss.job where name = 'signal-emails' and data->>'signalId' = ${String(res.body.id)}`
        .execute(t.db.db)
        .then((r) => r.rows.map((x) => x.state));
    expect(await until(state, (s) => s.includes('completed'))).toEqual(['completed']);
    expect(smtp.received.length).toBe(before);
    expect((await admin.client.get('/api/admin/email-summary')).body).toEqual(summary);

    // A signal deleted before its job ran: nothing to send, and no failure to retry.
    const deps = {
      config: t.config,
      db: t.db,
      ports: t.app.ports,
      log: { info() {}, warn() {}, error() {} },
      sessions: { prune: async () => 0 },
    };
    await expect(runSignalEmails({ signalId: 987654 }, deps)).resolves.toBeUndefined();
  });

  it('answers 401 and 403 on the delivery read-outs', async () => {
    const subscriber = await signUpSubscriber(t);
    for (const p of ['/api/admin/email-summary', '/api/admin/email-deliveries']) {
      expect((await t.client().get(p)).status, p).toBe(401);
      const refused = await subscriber.client.get(p);
      expect(refused.status, p).toBe(403);
      expect(refused.body.message).toBe('Administrator privileges required');
    }
  });
});
