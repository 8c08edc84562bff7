import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from './testing';

// PGlite has one connection: a transaction must hold it, so concurrent work waits instead of
// running inside somebody else's transaction (and being rolled back with it).
describe('PGlite transactions under concurrency', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb('pglite');
  });
  afterAll(async () => t.drop());

  it('does not let a concurrent query join an open transaction', async () => {
    const inTx = t.db.transaction().execute(async (trx) => {
      await trx.insertInto('pendingPayments').values({ email: 'tx@example.com', plan: 'monthly' }).execute();
      // Give the concurrent statements every chance to run while the transaction is open.
      await new Promise((r) => setTimeout(r, 100));
      throw new Error('roll back');
    });
    const outside = Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.db
          .insertInto('pendingPayments')
          .values({ email: `out${i}@example.com`, plan: 'monthly' })
          .execute(),
      ),
    );
    const rawOutside = t.executeSql(`insert into pending_payments (email, plan) values ('raw@example.com', 'monthly')`);
    await expect(inTx).rejects.toThrow('roll back');
    await outside;
    await rawOutside;
    const rows = await t.db.selectFrom('pendingPayments').select('email').execute();
    const emails = rows.map((r) => r.email).sort();
    expect(emails).not.toContain('tx@example.com');
    expect(emails).toHaveLength(11);
    expect(emails).toContain('raw@example.com');
  });

  it('sees no half-done transaction from outside', async () => {
    const seen: number[] = [];
    const writer = t.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 5; i++) {
        await trx
          .insertInto('pendingPayments')
          .values({ email: `batch${i}@example.com`, plan: 'yearly' })
          .execute();
        await new Promise((r) => setTimeout(r, 10));
      }
    });
    const readers = Array.from({ length: 5 }, async () => {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pending_payments where plan = 'yearly'`.execute(t.db);
      seen.push(rows[0]!.n);
    });
    await Promise.all([writer, ...readers]);
    for (const n of seen) expect([0, 5]).toContain(n);
  });
});
