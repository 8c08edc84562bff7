import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from './migrations/index';
import { createTestDb, testDbKinds, type TestDb } from './testing';

const kinds = await testDbKinds();

const BEFORE = '20261130000000_site_settings';
const THIS = '20261204000000_email_log_and_subscription_dates';

const raw = (t: TestDb): Kysely<any> => t.db.withoutPlugins();

async function migrateTo(t: TestDb, name: string) {
  const migrator = new Migrator({ db: raw(t), provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

describe.each(kinds)('subscription dates and the e-mail log: the migration on %s', (kind) => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.drop();
    t = undefined;
  });

  it('dates the subscriptions already on record from their first invoice or last event, and goes back down', async () => {
    t = await createTestDb(kind, { migrate: false });
    await migrateTo(t, BEFORE);
    const db = raw(t);
    await sql`insert into payment_subscriptions (subscription_id, provider, status, event_at) values
      ('sub_invoiced', 'local', 'active', '2026-10-20T10:00:00Z'),
      ('sub_plain', 'stripe', 'past_due', '2026-09-05T08:00:00Z'),
      ('sub_ended', 'stripe', 'canceled', '2026-11-02T12:00:00Z'),
      ('sub_never', 'stripe', 'incomplete_expired', '2026-11-03T12:00:00Z')`.execute(db);
    await sql`insert into billing_invoices (subscription_id, number, amount_cents, currency, status, period_start, period_end, created_at) values
      ('sub_invoiced', 'TEST-000001', 4900, 'USD', 'paid', '2026-08-01T00:00:00Z', '2026-09-01T00:00:00Z', '2026-08-01T00:00:00Z'),
      ('sub_invoiced', 'TEST-000002', 4900, 'USD', 'paid', '2026-09-01T00:00:00Z', '2026-10-01T00:00:00Z', '2026-09-01T00:00:00Z')`.execute(
      db,
    );

    await migrateTo(t, THIS);
    const { rows } = await sql<{ subscription_id: string; started_at: Date | null; ended_at: Date | null }>`
      select subscription_id, started_at, ended_at from payment_subscriptions order by subscription_id`.execute(db);
    const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
    expect(rows.map((r) => [r.subscription_id, iso(r.started_at), iso(r.ended_at)])).toEqual([
      ['sub_ended', '2026-11-02T12:00:00.000Z', '2026-11-02T12:00:00.000Z'],
      ['sub_invoiced', '2026-08-01T00:00:00.000Z', null],
      ['sub_never', null, '2026-11-03T12:00:00.000Z'],
      ['sub_plain', '2026-09-05T08:00:00.000Z', null],
    ]);
    await sql`insert into email_log (kind, to_address, subject, status) values ('welcome', 'a@t0.test', 'Welcome', 'sent')`.execute(
      db,
    );
    const log = await sql<{ status: string; created_at: Date }>`select status, created_at from email_log`.execute(db);
    expect(log.rows[0]).toMatchObject({ status: 'sent' });

    await migrateTo(t, BEFORE);
    const cols = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_name = 'payment_subscriptions' and column_name in ('started_at', 'ended_at')`.execute(
      db,
    );
    expect(cols.rows).toEqual([]);
    const table = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables where table_name = 'email_log'`.execute(db);
    expect(table.rows[0]!.n).toBe(0);
  });
});
