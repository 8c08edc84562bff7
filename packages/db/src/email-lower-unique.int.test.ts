import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';
import { createTestDb, testDbKinds, type TestDb } from './testing';

const kinds = await testDbKinds();

const BEFORE = '20261123000000_live_events';

const raw = (t: TestDb): Kysely<any> => t.db.withoutPlugins();

async function migrateTo(t: TestDb, name: string) {
  const migrator = new Migrator({ db: raw(t), provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

async function emailIndexes(t: TestDb): Promise<string[]> {
  const { rows } = await sql<{ indexdef: string }>`
    select indexdef from pg_indexes where schemaname = 'public' and tablename = 'users' order by indexname`.execute(
    raw(t),
  );
  return rows.map((r) => r.indexdef);
}

const addUser = (t: TestDb, email: string) => raw(t).insertInto('users').values({ email, password: 'x' }).execute();

describe.each(kinds)('users.email unique on lower(email) on %s', (kind) => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.drop();
    t = undefined;
  });

  it('migrates a clean database: one account per address whatever its case', async () => {
    t = await createTestDb(kind, { migrate: false });
    await migrateTo(t, BEFORE);
    await addUser(t, 'Ann@T0.test');
    await addUser(t, 'bob@t0.test');
    await migrateToLatest(t.db);

    const defs = (await emailIndexes(t)).join('\n');
    expect(defs).toMatch(
      /CREATE UNIQUE INDEX users_email_lower_uq ON public\.users USING btree \(lower\(\(email\)::text\)\)/,
    );
    expect(defs).not.toMatch(/users_email_lower_idx/);
    await expect(addUser(t, 'ann@t0.test')).rejects.toMatchObject({ code: '23505' });
    await expect(addUser(t, 'BOB@T0.TEST')).rejects.toMatchObject({ code: '23505' });
    await addUser(t, 'carol@t0.test');
  });

  it('stops with a message listing the addresses that differ only in case, and builds nothing', async () => {
    t = await createTestDb(kind, { migrate: false });
    await migrateTo(t, BEFORE);
    await addUser(t, 'Ann@T0.test');
    await addUser(t, 'ann@t0.test');
    await addUser(t, 'solo@t0.test');
    await addUser(t, 'BOB@t0.test');
    await addUser(t, 'bob@t0.test');
    await addUser(t, 'Bob@T0.test');

    const failure = await migrateToLatest(t.db).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure!.message).toContain('2 address(es) belong to more than one account, differing only in case');
    expect(failure!.message).toMatch(/ann@t0\.test: Ann@T0\.test \(id \d+\), ann@t0\.test \(id \d+\)/);
    expect(failure!.message).toMatch(
      /bob@t0\.test: BOB@t0\.test \(id \d+\), bob@t0\.test \(id \d+\), Bob@T0\.test \(id \d+\)/,
    );
    expect(failure!.message).not.toContain('solo@t0.test');
    expect((await emailIndexes(t)).join('\n')).not.toMatch(/users_email_lower_uq/);

    // Once a person has resolved them, the migration goes through.
    await raw(t).deleteFrom('users').where('email', 'in', ['ann@t0.test', 'bob@t0.test', 'Bob@T0.test']).execute();
    await migrateToLatest(t.db);
    expect((await emailIndexes(t)).join('\n')).toMatch(/users_email_lower_uq/);
  });
});
