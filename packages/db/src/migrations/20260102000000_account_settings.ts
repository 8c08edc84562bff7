import { sql, type Kysely } from 'kysely';

// What accounts and notifications need beyond the initial schema: per-user trading config and alert
// settings (the profile's settings payloads), the welcome e-mail record, token purposes, scheduled notifications and
// the indexes behind the hot per-user notification reads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('position_size', 'varchar(4)', (c) => c.notNull().defaultTo('2'))
    .addColumn('risk_tolerance', 'varchar(20)', (c) => c.notNull().defaultTo('moderate'))
    .addColumn('auto_execute', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('max_daily_trades', 'varchar(10)', (c) => c.notNull().defaultTo('10'))
    .addColumn('sms_alerts', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('trading_signals', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('price_alerts', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.alterTable('users').addColumn('welcome_email_sent_at', 'timestamptz').execute();

  // 'reset' for forgot-password, 'welcome' for the set-password link of a new subscriber.
  await db.schema
    .alterTable('password_reset_tokens')
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull().defaultTo('reset'))
    .execute();

  await db.schema
    .alterTable('notifications')
    .addColumn('scheduled_for', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .execute();

  await db.schema
    .createIndex('user_notifications_user_notification_uq')
    .on('user_notifications')
    .columns(['user_id', 'notification_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('user_notifications_user_read_idx')
    .on('user_notifications')
    .columns(['user_id', 'is_read'])
    .execute();
  await db.schema
    .createIndex('users_email_lower_idx')
    .on('users')
    .expression(sql`lower(email)`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_email_lower_idx').execute();
  await db.schema.dropIndex('user_notifications_user_read_idx').execute();
  await db.schema.dropIndex('user_notifications_user_notification_uq').execute();
  await db.schema.alterTable('notifications').dropColumn('delivered_at').dropColumn('scheduled_for').execute();
  await db.schema.alterTable('password_reset_tokens').dropColumn('purpose').execute();
  await db.schema.alterTable('users').dropColumn('welcome_email_sent_at').execute();
  await db.schema.dropTable('user_settings').execute();
}
