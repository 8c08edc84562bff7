import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from './migrations/index';
import { createTestDb, testDbKinds, type TestDb } from './testing';

const kinds = await testDbKinds();

const BEFORE = '20261124500001_used_upload_urls';
const THIS = '20261127000200_broadcasts_stored_once';

const raw = (t: TestDb): Kysely<any> => t.db.withoutPlugins();

async function migrateTo(t: TestDb, name: string) {
  const migrator = new Migrator({ db: raw(t), provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

const rows = async <T>(t: TestDb, q: ReturnType<typeof sql<T>>) => (await q.execute(raw(t))).rows;

describe.each(kinds)('broadcasts stored once: the migration on %s', (kind) => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.drop();
    t = undefined;
  });

  it('folds each delivered global notification into one row, keeping who had read it, and back', async () => {
    t = await createTestDb(kind, { migrate: false });
    await migrateTo(t, BEFORE);
    const db = raw(t);
    const users = await rows<{ id: number }>(
      t,
      sql`insert into users (email, password) values ('a@t0.test', 'x'), ('b@t0.test', 'x'), ('c@t0.test', 'x') returning id`,
    );
    const [a, b, c] = users.map((u) => u.id) as [number, number, number];
    const made = await rows<{ id: number; is_global: boolean }>(
      t,
      sql`
      insert into notifications (title, message, is_global, delivered_at)
      values ('global', 'm', true, now()), ('targeted', 'm', false, now()), ('scheduled', 'm', true, null) returning id, is_global`,
    );
    const [global, targeted, scheduled] = made.map((n) => n.id) as [number, number, number];
    // The old way: one row per user for the broadcast; b had read it. The targeted one reached a and c.
    await sql`insert into user_notifications (user_id, notification_id, is_read, read_at, created_at) values
      (${a}, ${global}, false, null, now()), (${b}, ${global}, true, now(), now()), (${c}, ${global}, false, null, now()),
      (${a}, ${targeted}, true, now(), now()), (${c}, ${targeted}, false, null, now())`.execute(db);
    const lowest = (
      await rows<{ id: number }>(
        t,
        sql`select min(id)::int as id from user_notifications where notification_id = ${global}`,
      )
    )[0]!.id;

    await migrateTo(t, THIS);
    const after = await rows<{ id: number; item_id: number | null }>(
      t,
      sql`select id, item_id from notifications order by id`,
    );
    expect(after).toEqual([
      { id: global, item_id: lowest },
      { id: targeted, item_id: null },
      { id: scheduled, item_id: null },
    ]);
    expect(await rows(t, sql`select user_id, notification_id from user_notifications order by user_id`)).toEqual([
      { user_id: a, notification_id: targeted },
      { user_id: c, notification_id: targeted },
    ]);
    expect(await rows(t, sql`select user_id, notification_id from notification_reads`)).toEqual([
      { user_id: b, notification_id: global },
    ]);

    // Down again: one row per user and broadcast, with the same read state.
    await migrateTo(t, BEFORE);
    expect(
      await rows(
        t,
        sql`select user_id, is_read from user_notifications where notification_id = ${global} order by user_id`,
      ),
    ).toEqual([
      { user_id: a, is_read: false },
      { user_id: b, is_read: true },
      { user_id: c, is_read: false },
    ]);
  });
});
