import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, type DbHandle } from '@t0/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin, startTestApp, testDbKinds, type TestApp } from '../harness';

// Append-only by privilege: on PostgreSQL the product runs as `t0_app`, set up by
// packages/db/sql/app-role.sql, which may only SELECT and INSERT on signal_events and audit_log.
// (PGlite has one role: its triggers keep the logs append-only.)

const kinds = await testDbKinds();
const ROLE_SQL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/db/sql/app-role.sql');

describe.runIf(kinds.includes('pg'))('the product role on PostgreSQL', () => {
  let t: TestApp;
  let app: DbHandle;

  /** A statement as t0_app: its error message, or null when it ran. */
  const asApp = async (text: string): Promise<string | null> => {
    // One connection (pool of one): each statement in its own transaction, rolled back.
    await app.executeSql('begin');
    try {
      await app.executeSql(text);
      return null;
    } catch (err) {
      return (err as Error).message;
    } finally {
      await app.executeSql('rollback');
    }
  };

  beforeAll(async () => {
    t = await startTestApp('pg', { PRICE_REFRESH_MS: '3600000' });
    const admin = (await signUpAdmin(t)).client;
    const res = await admin.post('/api/signals', {
      instrument: 'GBPJPY',
      direction: 'long',
      entryPrice: 195,
      slPrice: 194,
      t0Price: 198,
      t1Price: 199,
      monthlyBias: 'Bullish',
      confidence: 80,
    });
    expect(res.status).toBe(200);
    // The owner (here the superuser that ran the migrations) runs the set-up file.
    await t.db.executeSql(readFileSync(ROLE_SQL, 'utf8'));
    const url = new URL(t.db.url!);
    url.username = 't0_app';
    url.password = '';
    app = await createDb({ databaseUrl: url.toString(), poolSize: 1 });
  });
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await t?.close();
  });

  it('cannot UPDATE, DELETE or TRUNCATE signal_events or audit_log, even with the triggers off', async () => {
    expect((await app.executeSql('select current_user as u')).rows[0]).toEqual({ u: 't0_app' });
    for (const table of ['signal_events', 'audit_log']) {
      expect(await asApp(`update ${table} set id = id`)).toMatch(/permission denied/);
      expect(await asApp(`delete from ${table}`)).toMatch(/permission denied/);
      expect(await asApp(`truncate ${table}`)).toMatch(/permission denied/);
      // Only the table's owner may turn its triggers off.
      expect(await asApp(`alter table ${table} disable trigger user`)).toMatch(/must be owner/);
      expect(await asApp(`select count(*) from ${table}`)).toBeNull();
    }
    expect(
      await asApp(`insert into audit_log (actor_email, address, action) values ('a@t0.test', '127.0.0.1', 'test')`),
    ).toBeNull();
  });

  it('keeps the ordinary rights on the other tables', async () => {
    expect(await asApp(`update users set first_name = first_name`)).toBeNull();
    expect(await asApp(`delete from sessions`)).toBeNull();
  });
});
