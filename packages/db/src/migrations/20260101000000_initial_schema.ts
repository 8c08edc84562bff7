import { sql, type Kysely } from 'kysely';

// The specification's data schema (users, sessions, signals … blog_posts), column for column. Never edit once landed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('password', 'varchar(255)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)')
    .addColumn('last_name', 'varchar(100)')
    .addColumn('profile_image_url', 'varchar(500)')
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('stripe_customer_id', 'varchar(255)')
    .addColumn('stripe_subscription_id', 'varchar(255)')
    .addColumn('whop_user_id', 'varchar(255)')
    .addColumn('whop_subscription_id', 'varchar(255)')
    .addColumn('subscription_status', 'varchar(50)', (c) => c.notNull().defaultTo('inactive'))
    .addColumn('has_active_subscription', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('session_id', 'varchar(255)')
    .addColumn('device_info', 'varchar(500)')
    .addColumn('ip_address', 'varchar(45)')
    .addColumn('needs_admin_notification', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('email_notifications_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('sid', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('sess', 'json', (c) => c.notNull())
    .addColumn('expire', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('IDX_session_expire').on('sessions').column('expire').execute();

  await db.schema
    .createTable('signals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('instrument', 'varchar(10)', (c) => c.notNull())
    .addColumn('direction', 'varchar(5)', (c) => c.notNull())
    .addColumn('entry_price', 'numeric(10, 5)', (c) => c.notNull())
    .addColumn('sl_price', 'numeric(10, 5)', (c) => c.notNull())
    .addColumn('t0_price', 'numeric(10, 5)', (c) => c.notNull())
    .addColumn('t1_price', 'numeric(10, 5)', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('current_price', 'numeric(10, 5)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('active'))
    .addColumn('t0_hit', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('confidence', 'integer', (c) => c.notNull().defaultTo(75))
    .addColumn('monthly_bias', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('signal_emails')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('signal_id', 'integer', (c) => c.notNull().references('signals.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('delivery_status', 'varchar(20)', (c) => c.notNull().defaultTo('sent'))
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('type', 'varchar(50)', (c) => c.notNull().defaultTo('info'))
    .addColumn('priority', 'varchar(20)', (c) => c.notNull().defaultTo('normal'))
    .addColumn('is_global', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('user_notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('chart_memos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('instrument', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('memo_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('memo_image_urls', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('key_levels', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('market_structure', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('risk_management', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('token', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('resources')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('file_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('category', 'varchar(100)', (c) => c.notNull().defaultTo('general'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('blacklisted_emails')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('reason', 'varchar(500)')
    .addColumn('blacklisted_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('blacklisted_by', 'varchar(255)')
    .execute();

  await db.schema
    .createTable('pending_payments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('plan', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('admin_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text')
    .addColumn('image_url', 'varchar(500)')
    .addColumn('is_from_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('message_rate_limits')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_start', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('chart_notes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('instrument', 'varchar(10)', (c) => c.notNull())
    .addColumn('timeframe', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema
    .createIndex('chart_notes_instrument_timeframe_idx')
    .on('chart_notes')
    .columns(['instrument', 'timeframe'])
    .unique()
    .execute();

  await db.schema
    .createTable('blog_posts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('author', 'varchar(255)', (c) => c.notNull())
    .addColumn('excerpt', 'text')
    .addColumn('image_url', 'varchar(500)')
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'blog_posts',
    'chart_notes',
    'message_rate_limits',
    'admin_messages',
    'pending_payments',
    'blacklisted_emails',
    'resources',
    'password_reset_tokens',
    'chart_memos',
    'user_notifications',
    'notifications',
    'signal_emails',
    'signals',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
