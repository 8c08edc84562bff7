import { createHash, createHmac } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';
import { createTestDb, testDbKinds, type TestDb } from './testing';

const kinds = await testDbKinds();

const BEFORE = '20261206000000_welcome_email_claims';

const raw = (t: TestDb): Kysely<any> => t.db.withoutPlugins();

async function migrateTo(t: TestDb, name: string) {
  const migrator = new Migrator({ db: raw(t), provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

describe.each(kinds)('recovery codes stored before the salted form on %s', (kind) => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.drop();
    t = undefined;
  });

  it('rewrites every plain SHA-256 as a salted HMAC of it, so no plain hash is left and the old code still matches', async () => {
    t = await createTestDb(kind, { migrate: false });
    await migrateTo(t, BEFORE);
    const { id: userId } = await raw(t)
      .insertInto('users')
      .values({ email: 'admin@t0.test', password: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const codes = ['k3m9x-p2q7w', 'abcde-fghjk'];
    const plain = codes.map((c) => createHash('sha256').update(c.replace('-', '')).digest('hex'));
    await raw(t)
      .insertInto('admin_recovery_codes')
      .values(plain.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();

    await migrateToLatest(t.db);

    const rows = await raw(t)
      .selectFrom('admin_recovery_codes')
      .select(['code_hash', 'used_at'])
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(2);
    rows.forEach((row: { code_hash: string; used_at: Date | null }, i: number) => {
      expect(row.code_hash).not.toContain(plain[i]!);
      const [scheme, salt, hash] = row.code_hash.split('$');
      expect(scheme).toBe('hmac-sha256-of-sha256');
      expect(salt).toMatch(/^[0-9a-f]{32}$/);
      expect(createHmac('sha256', Buffer.from(salt!, 'hex')).update(plain[i]!).digest('hex')).toBe(hash);
      expect(row.used_at).toBeNull();
    });
    expect(rows[0]!.code_hash.split('$')[1]).not.toBe(rows[1]!.code_hash.split('$')[1]);
    // The new columns are there with their defaults.
    await raw(t).insertInto('admin_second_factors').values({ user_id: userId, secret: 'S' }).execute();
    const factor = await raw(t)
      .selectFrom('admin_second_factors')
      .select(['failed_attempts', 'locked_until'])
      .executeTakeFirstOrThrow();
    expect(factor).toEqual({ failed_attempts: 0, locked_until: null });
  });
});
