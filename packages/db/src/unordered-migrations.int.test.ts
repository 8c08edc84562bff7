import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate';
import { createTestDb, testDbKinds, type TestDb } from './testing';

const kinds = await testDbKinds();

// A feature's migration may land after another feature's later-named one was applied: a database
// that ran `…_site_settings` (20261130) before `…_api_tokens` (20261128) existed still gets it.
describe.each(kinds)('migrations that land out of order on %s', (kind) => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.drop();
    t = undefined;
  });

  it('applies a migration named before the last one applied', async () => {
    t = await createTestDb(kind, { migrate: false });
    await migrateToLatest(t.db);
    const raw = t.db.withoutPlugins() as Kysely<any>;
    // As if the database had been migrated by a build without the api_tokens migration.
    await sql`drop table api_tokens`.execute(raw);
    await sql`drop function t0_notify_api_tokens_changes()`.execute(raw);
    await raw.deleteFrom('kysely_migration').where('name', '=', '20261128000000_api_tokens').execute();
    expect(await migrateToLatest(t.db)).toEqual(['20261128000000_api_tokens']);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from api_tokens`.execute(raw);
    expect(rows[0]!.n).toBe(0);
  }, 120_000);
});
