import { sql, type Kysely } from 'kysely';

// Web push: the browsers a user enabled push notifications on. One row per browser
// subscription (its push service endpoint is unique); removed when the push service answers 404/410.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The push service's address for this browser (a capability URL).
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    // The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
    .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
    .addColumn('auth', 'varchar(40)', (c) => c.notNull())
    // What the user sees in the device list ("Chrome on Linux"), from the browser.
    .addColumn('label', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_success_at', 'timestamptz')
    // Failed sends since the last accepted one.
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
}
