import { sql, type Kysely } from 'kysely';

// Messages between the desk and its subscribers (docs/features/messages.md). The specification's
// `admin_messages` and `message_rate_limits` exist since the first schema; this adds:
// - message_threads: the desk's state of one subscriber's thread (open or closed, the desk member
//   it is assigned to, whether the subscriber is stopped from writing);
// - one `message_rate_limits` row per user, so the count is taken by one atomic upsert;
// - an index for reading a thread.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('message_threads')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'closed')`),
    )
    .addColumn('assigned_to', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('writing_stopped', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`delete from message_rate_limits a using message_rate_limits b where a.user_id = b.user_id and a.id < b.id`.execute(
    db,
  );
  await db.schema
    .createIndex('message_rate_limits_user_key')
    .on('message_rate_limits')
    .column('user_id')
    .unique()
    .execute();
  await db.schema.createIndex('admin_messages_user_idx').on('admin_messages').columns(['user_id', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('admin_messages_user_idx').execute();
  await db.schema.dropIndex('message_rate_limits_user_key').execute();
  await db.schema.dropTable('message_threads').execute();
}
