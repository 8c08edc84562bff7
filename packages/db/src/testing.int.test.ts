import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from './migrations/index';
import { createTestDb, testDbKinds, type TestDb } from './testing';

const kinds = await testDbKinds();

const applied = async (t: TestDb) => {
  const raw = t.db.withoutPlugins() as Kysely<any>;
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from information_schema.tables where table_name = 'kysely_migration'`.execute(raw);
  if (rows[0]!.n === 0) return [];
  return (await raw.selectFrom('kysely_migration').select('name').orderBy('name').execute()).map(
    (r) => r.name as string,
  );
};

// Test databases are copies of ones made once per run (testing.ts): a copy must be what it
// replaces, a fresh database of its own. Each test opens two databases: a loaded machine needs time.
describe.each(kinds)('test databases on %s', (kind) => {
  let dbs: TestDb[] = [];
  afterEach(async () => {
    await Promise.all(dbs.map((d) => d.drop()));
    dbs = [];
  });

  it('are migrated to the latest migration, or empty with migrate: false', async () => {
    const migrated = await createTestDb(kind);
    const empty = await createTestDb(kind, { migrate: false });
    dbs.push(migrated, empty);
    expect(await applied(migrated)).toEqual(Object.keys(migrations).sort());
    expect(await applied(empty)).toEqual([]);
  }, 120_000);

  it('are each their own: a write to one is not in another', async () => {
    const a = await createTestDb(kind);
    const b = await createTestDb(kind);
    dbs.push(a, b);
    await sql`create table only_in_a (x int)`.execute(a.db);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables where table_name = 'only_in_a'`.execute(b.db);
    expect(rows[0]!.n).toBe(0);
  }, 120_000);
});
