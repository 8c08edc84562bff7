import { sql, type Kysely } from 'kysely';

// Subscribers in the console: each successful sign-in (the last 50 per user are kept), the
// administrators' notes on a user (append-only), and the end of free access an administrator
// granted (`users.free_access_until`; the billing sweep ends access when it has passed).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_logins')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('address', 'varchar(45)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(500)', (c) => c.notNull())
    .addColumn('method', 'varchar(20)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_logins_user_idx').on('user_logins').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('user_admin_notes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_email', 'varchar(255)', (c) => c.notNull())
    .addColumn('body', 'varchar(2000)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('user_admin_notes_user_idx').on('user_admin_notes').columns(['user_id', 'id']).execute();

  await db.schema.alterTable('users').addColumn('free_access_until', 'timestamptz').execute();
  await sql`create index users_free_access_until_idx on users (free_access_until) where free_access_until is not null`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists users_free_access_until_idx`.execute(db);
  await db.schema.alterTable('users').dropColumn('free_access_until').execute();
  await db.schema.dropTable('user_admin_notes').ifExists().execute();
  await db.schema.dropTable('user_logins').ifExists().execute();
}
