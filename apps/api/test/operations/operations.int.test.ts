import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  testDbKinds,
  until,
  VALID_SIGNAL,
  type TestApp,
} from '../harness';
import { startSmtpServer, type FakeSmtp } from '../smtp';

const kinds = await testDbKinds();

type Line = { ok: boolean | null; detail: string } & Record<string, unknown>;
type Ops = {
  health: Record<'database' | 'mail' | 'payments' | 'jobs' | 'live', Line>;
  email: Record<string, number | null | string>;
  signals: { published: number; open: number; finished: number };
  subscribers: { active: number };
  channels: { sent30d: number; failed30d: number; skipped30d: number; deliveryRate30d: number | null };
};

describe.each(kinds)("the console's measured health and figures on %s", (kind) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { SMTP_URL: smtp.url, LOCAL_CHECKOUT: 'true' });
    admin = await signUpAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('is for administrators only', async () => {
    const sub = await signUpSubscriber(t);
    expect((await sub.client.get('/api/admin/operations')).status).toBe(403);
    expect((await t.client().get('/api/admin/operations')).status).toBe(401);
  });

  it('measures the database, verifies the SMTP transport and reads the job queue and payments', async () => {
    const res = await admin.client.get('/api/admin/operations');
    expect(res.status).toBe(200);
    const ops = res.body as Ops;
    expect(ops.health.database).toMatchObject({ ok: true });
    expect(ops.health.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(ops.health.database.latencyMs).toBeLessThan(1000);
    expect(ops.health.mail).toMatchObject({ ok: true, transport: 'smtp', detail: 'SMTP verified' });
    expect(ops.health.jobs.ok).toBe(true);
    expect(typeof ops.health.jobs.waiting).toBe('number');
    expect(ops.health.payments).toMatchObject({ ok: true, mode: 'local', lastEventAt: null });
    expect(typeof ops.health.live.openStreams).toBe('number');

    // A processed provider event shows as the last one received.
    await t.db.db
      .insertInto('processedPaymentEvents')
      .values({ eventId: `evt_ops_${kind}`, provider: 'local', type: 'checkout.completed' })
      .execute();
    const after = (await admin.client.get('/api/admin/operations')).body as Ops;
    expect(after.health.payments).toMatchObject({ lastEventType: 'checkout.completed' });
    expect(Date.now() - Date.parse(after.health.payments.lastEventAt as string)).toBeLessThan(60_000);
  });

  it('counts e-mail deliveries, published signals and subscribers from the records', async () => {
    const before = (await admin.client.get('/api/admin/operations')).body as Ops;
    const created = await admin.client.post('/api/signals', VALID_SIGNAL);
    expect(created.status).toBe(200);
    const signalId = (created.body as { id: number }).id;
    // The publication's own jobs (its e-mails, its fan-out) write their records when they run: let
    // them finish first, or they add to the known mix below after it was counted.
    const settled = async () => {
      const pending = await t.db.executeSql(`select count(*)::int as n from outbox where relayed_at is null`, []);
      const jobs = await t.db.executeSql(`select name, state from pgboss.job where data->>'signalId' = $1`, [
        String(signalId),
      ]);
      return { pending: (pending.rows[0] as { n: number }).n, jobs: jobs.rows as { name: string; state: string }[] };
    };
    const done = await until(
      settled,
      (s) =>
        s.pending === 0 &&
        s.jobs.some((j) => j.name === 'signal-emails') &&
        s.jobs.every((j) => j.state === 'completed'),
    );
    expect(done.jobs.map((j) => j.name)).toContain('signal-emails');
    const subs = [await signUpSubscriber(t), await signUpSubscriber(t), await signUpSubscriber(t)];
    const ids = await t.db.db
      .selectFrom('users')
      .select('id')
      .where(
        'email',
        'in',
        subs.map((s) => s.email),
      )
      .execute();
    // Replace whatever the publication's own e-mails recorded with a known mix: two sent, one failed.
    await t.db.db.deleteFrom('signalEmails').where('signalId', '=', signalId).execute();
    await t.db.db
      .insertInto('signalEmails')
      .values(
        ids.map((u, i) => ({
          signalId,
          userId: u.id,
          deliveryStatus: i < 2 ? 'sent' : 'failed',
          lastError: i < 2 ? null : 'mailbox full',
        })),
      )
      .execute();
    const all = await t.db.db
      .selectFrom('signalEmails')
      .select(['deliveryStatus'])
      .where('sentAt', '>=', new Date(Date.now() - 30 * 86_400_000))
      .execute();
    const sent = all.filter((r) => r.deliveryStatus === 'sent').length;
    const failed = all.filter((r) => r.deliveryStatus === 'failed').length;

    const ops = (await admin.client.get('/api/admin/operations')).body as Ops;
    expect(ops.signals.published).toBe(before.signals.published + 1);
    expect(ops.signals.open).toBe(before.signals.open + 1);
    expect(ops.subscribers.active).toBe(before.subscribers.active + 3);
    expect(ops.email).toMatchObject({ sent30d: sent, failed30d: failed, sentToday: sent, failedToday: failed });
    expect(ops.email.deliveryRate30d).toBeCloseTo(Math.round((sent / (sent + failed)) * 1000) / 10, 5);
    expect(ops.email.lastFailureAt).not.toBeNull();

    // Channel deliveries: one sent, one failed, one skipped webhook delivery on record.
    const subId = ids[0]!.id;
    await t.db.db
      .insertInto('deliveries')
      .values(
        (['sent', 'failed', 'skipped'] as const).map((status, i) => ({
          key: `ops-${kind}-${i}`,
          userId: subId,
          channel: 'discord',
          event: 'published',
          signalId,
          endpointId: null,
          payload: '{}',
          urgent: false,
          dueAt: new Date(),
          status,
        })),
      )
      .execute();
    const counted = await t.db.db
      .selectFrom('deliveries')
      .select(['status'])
      .where('createdAt', '>=', new Date(Date.now() - 30 * 86_400_000))
      .execute();
    const n = (st: string) => counted.filter((r) => r.status === st).length;
    const withChannels = (await admin.client.get('/api/admin/operations')).body as Ops;
    expect(withChannels.channels).toMatchObject({
      sent30d: n('sent'),
      failed30d: n('failed'),
      skipped30d: n('skipped'),
    });
    expect(withChannels.channels.deliveryRate30d).toBeCloseTo(
      Math.round((n('sent') / (n('sent') + n('failed'))) * 1000) / 10,
      5,
    );
  });
});

describe.each(kinds)('a mail transport that does not work on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  let closedPort: number;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there, so the connection is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    t = await startTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${closedPort}` });
    admin = await signUpAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is reported as failed with the reason, within the check's time limit", async () => {
    const started = Date.now();
    const ops = (await admin.client.get('/api/admin/operations')).body as Ops;
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(ops.health.mail.ok).toBe(false);
    expect(ops.health.mail.detail).toMatch(/^failed: /);
    expect(ops.health.database.ok).toBe(true);
  });
});
