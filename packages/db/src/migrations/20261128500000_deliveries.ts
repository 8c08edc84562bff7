import { sql, type Kysely } from 'kysely';

// Delivery of signal events and broadcasts to the channels each subscriber chose:
// per-user channel preferences, signed webhook endpoints, and one record per delivery.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('delivery_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // { "<event>": { "<channel>": true|false } }: only what the user changed; the rest is the default.
    .addColumn('channels', 'text', (c) => c.notNull().defaultTo('{}'))
    // JSON array of instrument symbols; empty: every instrument.
    .addColumn('instruments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('quiet_start', 'varchar(5)')
    .addColumn('quiet_end', 'varchar(5)')
    .addColumn('urgent_through_quiet', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('discord_webhook_url', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    // `whsec_<base64>`: shown once at creation, kept to sign every payload.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('webhook_endpoints_user_idx').on('webhook_endpoints').column('user_id').execute();

  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // null: the desk's own channel (DISCORD_DESK_WEBHOOK_URL).
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    // One delivery per event, recipient and address: a repeated fan-out adds nothing.
    .addColumn('key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('event', 'varchar(32)', (c) => c.notNull())
    .addColumn('signal_id', 'integer')
    .addColumn('endpoint_id', 'integer', (c) => c.references('webhook_endpoints.id').onDelete('set null'))
    // The message as sent (JSON), so every retry sends the same body under the same id.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('urgent', 'boolean', (c) => c.notNull().defaultTo(false))
    // queued, held (quiet hours), sent, failed, skipped
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latency_ms', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // When it was due: at once, or when the recipient's quiet hours end. Latency counts from here.
    .addColumn('due_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('deliveries_user_idx').on('deliveries').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('deliveries_endpoint_idx')
    .on('deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();
  await db.schema.createIndex('deliveries_channel_idx').on('deliveries').columns(['channel', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await db.schema.dropTable('delivery_preferences').execute();
}
