import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Change } from './kept-reads';
import { LocalWritesPlugin } from './local-writes';

type AnyDb = any;

/** A Kysely that runs nothing (the plugin reads the statements' syntax trees), with the plugin on. */
function recording(tables: string[]) {
  const writes: Change[] = [];
  const db = new Kysely<AnyDb>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }).withPlugin(new LocalWritesPlugin(new Set(tables), (w) => writes.push(w)));
  return { db, writes };
}

describe('the local-writes plugin', () => {
  it('reports writes to watched tables with the column values every changed row has', async () => {
    const { db, writes } = recording(['users', 'user_notifications']);
    await db
      .updateTable('users')
      .set({ is_admin: true })
      .where('id', '=', 7)
      .where('email', '=', 'a@t0.test')
      .execute();
    await db
      .deleteFrom('user_notifications')
      .where((eb) => eb.or([eb('user_id', '=', 1), eb('user_id', '=', 2)]))
      .execute();
    await db.insertInto('user_notifications').values({ user_id: 3, notification_id: 9 }).execute();
    await db
      .insertInto('user_notifications')
      .values([
        { user_id: 3, notification_id: 9 },
        { user_id: 4, notification_id: 9 },
      ])
      .execute();
    await db
      .insertInto('users')
      .values({ id: 5, email: 'b@t0.test' })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    // Not watched, or not a write: nothing.
    await db.updateTable('signals').set({ status: 'closed' }).where('id', '=', 1).execute();
    await db.selectFrom('users').selectAll().where('id', '=', 7).execute();
    await sql`select 1`.execute(db);
    expect(writes).toEqual([
      { table: 'users', kind: 'update', keys: { id: 7, email: 'a@t0.test' } },
      { table: 'user_notifications', kind: 'delete', keys: {} },
      { table: 'user_notifications', kind: 'insert', keys: { user_id: 3, notification_id: 9 } },
      { table: 'user_notifications', kind: 'insert', keys: {} },
      // An upsert may change an existing row, whichever.
      { table: 'users', kind: 'update', keys: {} },
    ]);
  });

  it("does not take another table's column for the written table's key", async () => {
    const { db, writes } = recording(['users']);
    await db
      .updateTable('users')
      .from('api_tokens')
      .set({ is_admin: false })
      .where('api_tokens.id', '=', 5)
      .whereRef('users.id', '=', 'api_tokens.user_id')
      .execute();
    await db.updateTable('users').set({ is_admin: false }).where('users.id', '=', 6).execute();
    expect(writes).toEqual([
      { table: 'users', kind: 'update', keys: {} },
      { table: 'users', kind: 'update', keys: { id: 6 } },
    ]);
  });
});
