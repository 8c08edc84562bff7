import { sql, type Kysely } from 'kysely';

// Analysts: a user the desk lets publish under a name of their own, in some rooms.
//
// - analysts: one row per user ever made an analyst (`user_id` unique); `slug` names the analyst in
//   addresses, `display_name` is the name shown (a pseudonym is fine), `title` the job title,
//   `disclosure` what they disclose (positions, conflicts, rebates). Deactivating keeps the row
//   (`active` false, `deactivated_at`): their signals keep their author.
// - analyst_rooms: the rooms an analyst publishes into.
// - users.is_analyst: whether the user is an active analyst now, kept in the transaction that
//   changes `analysts`, so the user's row (read with the session) says it without another read
//   (an analyst needs the second factor, as an administrator does).
// - signals.analyst_id: the analyst who published the signal (null: the desk), fixed once written;
//   `author_committed_name` and `author_salt` are the name shown at publication and the salt of its
//   hash, which the created event's hashed content commits to (never the name in clear);
//   `author_slug`, `author_name` and `author_title` are the analyst as shown now, kept with the
//   signal (changed with the analyst, in the same transaction) so every answer of a signal carries
//   its author without another read.
// - alert_sources.analyst_id: the analyst whose TradingView alerts the source receives (null: the
//   desk's); a source's drafts are its owner's.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analysts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
    .addColumn('slug', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(80)', (c) => c.notNull())
    .addColumn('title', 'varchar(80)', (c) => c.notNull().defaultTo(''))
    .addColumn('disclosure', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deactivated_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('analyst_rooms')
    .addColumn('analyst_id', 'integer', (c) => c.notNull().references('analysts.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id'))
    .addPrimaryKeyConstraint('analyst_rooms_pkey', ['analyst_id', 'room_id'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('is_analyst', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .alterTable('signals')
    .addColumn('analyst_id', 'integer', (c) => c.references('analysts.id'))
    .addColumn('author_committed_name', 'varchar(80)')
    .addColumn('author_salt', 'char(32)')
    .addColumn('author_slug', 'varchar(40)')
    .addColumn('author_name', 'varchar(80)')
    .addColumn('author_title', 'varchar(80)')
    .execute();

  await db.schema
    .alterTable('alert_sources')
    .addColumn('analyst_id', 'integer', (c) => c.references('analysts.id'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alert_sources').dropColumn('analyst_id').execute();
  await db.schema
    .alterTable('signals')
    .dropColumn('analyst_id')
    .dropColumn('author_committed_name')
    .dropColumn('author_salt')
    .dropColumn('author_slug')
    .dropColumn('author_name')
    .dropColumn('author_title')
    .execute();
  await db.schema.alterTable('users').dropColumn('is_analyst').execute();
  await db.schema.dropTable('analyst_rooms').execute();
  await db.schema.dropTable('analysts').execute();
}
