import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  testDbKinds,
  uniqueEmail,
  until,
  VALID_SIGNAL,
  type TestApp,
  type TestClient,
} from '../harness';
import { startSmtpServer, type FakeSmtp } from '../smtp';

const kinds = await testDbKinds();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

type KindLine = { kind: string; sentToday: number; failedToday: number; sent30d: number; failed30d: number };
type Summary = {
  byKind: KindLine[];
  totals: Omit<KindLine, 'kind'>;
  lastFailures: {
    id: number;
    kind: string;
    toAddress: string;
    subject: string;
    error: string | null;
    createdAt: string;
  }[];
};

// Every e-mail the product sends passes one recording wrapper around the mail port: each lands in
// the e-mail log with its kind, sent or failed, whatever code sent it.
describe.each(kinds)('the e-mail log on %s', (kind) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let admin: TestClient;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { SMTP_URL: smtp.url });
    admin = (await signUpAdmin(t)).client;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const logOf = (address: string) =>
    t.db.db.selectFrom('emailLog').selectAll().where('toAddress', '=', address).orderBy('id').execute();
  const summary = async (): Promise<Summary> => {
    const res = await admin.get('/api/admin/email-log');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Summary;
  };
  const line = (s: Summary, k: string) => s.byKind.find((l) => l.kind === k)!;

  it('is for administrators only', async () => {
    const sub = await signUpSubscriber(t);
    expect((await sub.client.get('/api/admin/email-log')).status).toBe(403);
    expect((await t.client().get('/api/admin/email-log')).status).toBe(401);
  });

  it('lists every kind, with zero where none was sent', async () => {
    const s = await summary();
    expect(s.byKind.map((l) => l.kind)).toEqual([
      'welcome',
      'password_reset',
      'signal',
      'signal_update',
      'new_device',
      'endpoint_disabled',
      'tokens_revoked',
      'second_factor_locked',
      'trial_ending',
      'admin_email',
      'price_alert',
      'desk_message',
      'payment_failed',
      'payment_reminder',
      'win_back',
    ]);
    expect(line(s, 'signal_update')).toEqual({
      kind: 'signal_update',
      sentToday: 0,
      failedToday: 0,
      sent30d: 0,
      failed30d: 0,
    });
  });

  it('records a welcome, a password reset and a signal e-mail, each with its kind', async () => {
    const before = await summary();

    // Welcome: a new buyer pays through the test-mode checkout.
    const buyer = uniqueEmail('welcome');
    const c = t.client();
    const started = await c.post('/api/create-checkout-session', { email: buyer, plan: 'monthly' });
    const session = new URL(started.body.url as string).searchParams.get('session')!;
    const paid = await c.request(
      'POST',
      '/checkout/test',
      new URLSearchParams({ session, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }).toString(),
      FORM,
    );
    expect(paid.status).toBe(303);
    const welcome = await logOf(buyer);
    expect(welcome).toHaveLength(1);
    expect(welcome[0]).toMatchObject({
      kind: 'welcome',
      status: 'sent',
      error: null,
      subject: 'Welcome to T0 Terminal: set your password',
    });
    expect(smtp.received.filter((m) => m.to.includes(buyer))).toHaveLength(1);

    // Password reset.
    const { email: forgetful } = await signUp(t, uniqueEmail('reset'));
    expect((await t.client().post('/api/auth/forgot-password', { email: forgetful })).status).toBe(200);
    // Sent by the job queue, after the answer.
    expect(
      await until(
        () => logOf(forgetful),
        (rows) => rows.length > 0,
      ),
    ).toMatchObject([{ kind: 'password_reset', status: 'sent', subject: 'T0 Terminal: reset your access code' }]);

    // A signal e-mail (sent by the job runner) to a subscriber with e-mail notifications on.
    const reader = await signUpSubscriber(t, uniqueEmail('reader'));
    const created = await admin.post('/api/signals', VALID_SIGNAL);
    expect(created.status).toBe(200);
    const signalRows = await until(
      () => logOf(reader.email),
      (rows) => rows.length > 0,
    );
    expect(signalRows[0]).toMatchObject({ kind: 'signal', status: 'sent' });
    expect(signalRows[0]!.subject).toMatch(/^T0 signal: AUDUSD/);
    // The per-signal delivery record is kept as before.
    const signalId = (created.body as { id: number }).id;
    const readerId = (
      await t.db.db.selectFrom('users').select('id').where('email', '=', reader.email).executeTakeFirstOrThrow()
    ).id;
    const delivery = await until(
      () =>
        t.db.db
          .selectFrom('signalEmails')
          .selectAll()
          .where('signalId', '=', signalId)
          .where('userId', '=', readerId)
          .executeTakeFirst(),
      (r) => r !== undefined,
    );
    expect(delivery).toMatchObject({ deliveryStatus: 'sent' });

    // The console counts them by kind (every signal recipient's e-mail counts, the admin's too).
    const signalSent = await t.db.db
      .selectFrom('emailLog')
      .select('id')
      .where('kind', '=', 'signal')
      .where('status', '=', 'sent')
      .execute();
    const after = await summary();
    expect(line(after, 'welcome').sentToday).toBe(line(before, 'welcome').sentToday + 1);
    expect(line(after, 'password_reset')).toMatchObject({
      sentToday: line(before, 'password_reset').sentToday + 1,
      sent30d: line(before, 'password_reset').sent30d + 1,
    });
    expect(line(after, 'signal').sent30d).toBe(signalSent.length);
    expect(after.totals.sent30d).toBe(after.byKind.reduce((n, l) => n + l.sent30d, 0));
  });

  it('records a send the mail server refused as failed, with its error, and lists it among the latest failures', async () => {
    const { email } = await signUp(t, uniqueEmail('refused'));
    smtp.refuse.add(email);
    const before = await summary();
    // The answer stays the same (it never tells whether the address exists or mail went out).
    expect((await t.client().post('/api/auth/forgot-password', { email })).status).toBe(200);
    const rows = await until(
      () => logOf(email),
      (r) => r.length > 0,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'password_reset', status: 'failed' });
    expect(rows[0]!.error).toMatch(/Recipient refused|550/);

    const after = await summary();
    expect(line(after, 'password_reset').failedToday).toBe(line(before, 'password_reset').failedToday + 1);
    expect(after.totals.failed30d).toBe(before.totals.failed30d + 1);
    expect(after.lastFailures[0]).toMatchObject({
      kind: 'password_reset',
      toAddress: email,
      subject: 'T0 Terminal: reset your access code',
    });
    expect(after.lastFailures[0]!.error).toMatch(/Recipient refused|550/);
  });

  it('records every e-mail when the whole mail server is down, and the SENT TODAY figure counts all kinds', async () => {
    smtp.mode = 'reject';
    try {
      const { email } = await signUp(t, uniqueEmail('outage'));
      expect((await t.client().post('/api/auth/forgot-password', { email })).status).toBe(200);
      expect(
        await until(
          () => logOf(email),
          (r) => r.length > 0,
        ),
      ).toMatchObject([{ kind: 'password_reset', status: 'failed' }]);
    } finally {
      smtp.mode = 'accept';
    }
    const ops = (await admin.get('/api/admin/operations')).body as {
      email: { allSentToday: number; allFailedToday: number };
    };
    const s = await summary();
    expect(ops.email).toMatchObject({ allSentToday: s.totals.sentToday, allFailedToday: s.totals.failedToday });
    expect(s.totals.failedToday).toBeGreaterThanOrEqual(2);
  });
});
