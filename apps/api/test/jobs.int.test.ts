import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDbKinds, type TestApp } from './harness';

const kinds = await testDbKinds();

async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(kinds)('background jobs on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    const started = Date.now();
    t = await startTestApp(kind);
    console.log(`${kind}: app with jobs started in ${Date.now() - started} ms`);
  });
  afterAll(async () => t?.close());

  it('runs pg-boss on the product database and prunes expired sessions through a job', async () => {
    const schema = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = 'pgboss'`.execute(t.db.db);
    expect(schema.rows[0]!.n).toBeGreaterThan(0);
    await t.db.db
      .insertInto('sessions')
      .values([
        { sid: 'expired-one', sess: JSON.stringify({ cookie: {} }), expire: new Date(Date.now() - 60_000) },
        { sid: 'still-valid', sess: JSON.stringify({ cookie: {} }), expire: new Date(Date.now() + 60_000) },
      ])
      .execute();
    await t.app.ports.jobs.send('prune-sessions', {});
    const left = await until(
      () => t.db.db.selectFrom('sessions').select('sid').where('sid', 'in', ['expired-one', 'still-valid']).execute(),
      (rows) => rows.length === 1,
    );
    expect(left.map((r) => r.sid)).toEqual(['still-valid']);
  });
});
