import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  oneTestDbKind,
  type TestApp,
  until,
} from '../harness';
import { startSmtpServer, type FakeSmtp } from '../smtp';

// Signal e-mails are routed by the same rule as every other channel: the profile's
// e-mail column, the instrument filter and quiet hours apply, and an urgent event still comes
// through quiet hours when the subscriber allows it.

const kinds = await oneTestDbKind();
const hhmm = (d: Date) => d.toISOString().slice(11, 16);

type Client = Awaited<ReturnType<typeof signUpSubscriber>>['client'];

describe.each(kinds)('e-mail through the dispatcher on %s', (kind) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  const who: Record<'plain' | 'emailOff' | 'quiet' | 'quietStrict' | 'filtered', string> = {
    plain: '',
    emailOff: '',
    quiet: '',
    quietStrict: '',
    filtered: '',
  };

  const setPrefs = async (client: Client, change: (prefs: Record<string, unknown>) => Record<string, unknown>) => {
    const prefs = (await client.get('/api/user/delivery-preferences')).body as Record<string, unknown>;
    const res = await client.put('/api/user/delivery-preferences', { ...change(prefs), channelStates: undefined });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // A market without prices but the one a market signal is published at (pinned at its entry)
    // keeps the lifecycle still: only the administrator's actions move it.
    const noPrices = { latest: async () => ({ prices: {}, source: 'live' as const, updatedAt: new Date() }) };
    t = await startTestApp(
      kind,
      { SMTP_URL: smtp.url, LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
      { ports: { prices: noPrices }, pinMarketEntries: true },
    );
    admin = await signUpAdmin(t);
    const now = Date.now();
    const quietHours = (urgentStillComes: boolean) => ({
      start: hhmm(new Date(now - 3_600_000)),
      end: hhmm(new Date(now + 3_600_000)),
      urgentStillComes,
    });
    for (const k of Object.keys(who) as (keyof typeof who)[]) {
      const s = await signUpSubscriber(t);
      who[k] = s.email;
      if (k === 'emailOff') {
        await setPrefs(s.client, (p) => {
          const channels = p.channels as Record<string, Record<string, boolean>>;
          return { ...p, channels: { ...channels, published: { ...channels.published, email: false } } };
        });
      }
      if (k === 'quiet') await setPrefs(s.client, (p) => ({ ...p, quietHours: quietHours(true) }));
      if (k === 'quietStrict') await setPrefs(s.client, (p) => ({ ...p, quietHours: quietHours(false) }));
      if (k === 'filtered') await setPrefs(s.client, (p) => ({ ...p, instruments: ['GBPUSD'] }));
    }
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const mailed = (subjectPart: string) =>
    smtp.received
      .filter((m) => m.subject.includes(subjectPart))
      .flatMap((m) => m.to)
      .sort();
  const jobs = (signalId: number) =>
    sql<{
      state: string;
      startAfter: Date;
      data: { eventId?: number };
    }>`select state, start_after as "startAfter", data from pgboss.job where name = 'signal-emails' and data->>'signalId' = ${String(signalId)}`
      .execute(t.db.db)
      .then((r) => r.rows);

  it('a subscriber whose e-mail column is off, or whose quiet hours are on, or whose instrument filter excludes the signal, gets no e-mail, and an urgent one still comes', async () => {
    const res = await admin.client.post('/api/signals', {
      instrument: 'US30',
      direction: 'long',
      entryPrice: 42000,
      slPrice: 41800,
      t0Price: 42300,
      t1Price: 42600,
      monthlyBias: 'Bullish',
      memo: 'routing',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const signalId = res.body.id as number;

    // The publication: only the plain subscriber and the administrator, once the job has run.
    await until(
      () => jobs(signalId),
      (j) => j.some((x) => x.state === 'completed'),
    );
    expect(mailed('US30 LONG')).toEqual([ADMIN_EMAIL, who.plain].sort());
    for (const k of ['emailOff', 'quiet', 'quietStrict', 'filtered'] as const)
      expect(mailed('US30 LONG'), k).not.toContain(who[k]);
    // Those in their quiet hours get it when the quiet hours end: a run is queued for then.
    const later = (await jobs(signalId)).filter((j) => j.state === 'created');
    expect(later).toHaveLength(1);
    expect(new Date(later[0]!.startAfter).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    // The e-mail log records only those it went to.
    const logged = await t.db.db
      .selectFrom('signalEmails as e')
      .innerJoin('users as u', 'u.id', 'e.userId')
      .select('u.email')
      .where('e.signalId', '=', signalId)
      .execute();
    expect(logged.map((r) => r.email).sort()).toEqual([ADMIN_EMAIL, who.plain].sort());

    // Closed is urgent: it comes through quiet hours (when allowed); the e-mail column for closed is on
    // by default, so the publication's opt-out does not stop it; the instrument filter still does.
    // A close is at the market: the feed stands at the exit.
    t.pinPrices({ US30: 42150 });
    const closed = await admin.client.post(`/api/signals/${signalId}/close`, { exitPrice: 42150 });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await until(
      () => jobs(signalId),
      (j) => j.some((x) => x.data.eventId !== undefined && x.state === 'completed'),
    );
    expect(mailed('US30 LONG CLOSED')).toEqual([ADMIN_EMAIL, who.plain, who.emailOff, who.quiet].sort());
    expect(mailed('US30 LONG CLOSED')).not.toContain(who.quietStrict);
    expect(mailed('US30 LONG CLOSED')).not.toContain(who.filtered);
  });
});
