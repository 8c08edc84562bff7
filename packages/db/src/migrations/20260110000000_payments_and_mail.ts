import { sql, type Kysely } from 'kysely';

// Payments and e-mail delivery beyond the initial schema: webhook events processed once by id, the latest
// provider state of each subscription (so events arriving out of order end in the newest state),
// single-use references for started checkouts, and delivery records that a retry can update.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('processed_payment_events')
    .addColumn('event_id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('payment_subscriptions')
    .addColumn('subscription_id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('customer_id', 'varchar(255)')
    .addColumn('email', 'varchar(255)')
    .addColumn('plan', 'varchar(50)')
    .addColumn('status', 'varchar(50)', (c) => c.notNull())
    .addColumn('event_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('payment_subscriptions_customer_idx')
    .on('payment_subscriptions')
    .column('customer_id')
    .execute();

  await db.schema
    .alterTable('pending_payments')
    .addColumn('reference_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('provider', 'varchar(20)')
    .addColumn('provider_session_id', 'varchar(255)')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .execute();

  await db.schema.createIndex('users_stripe_customer_idx').on('users').column('stripe_customer_id').execute();
  await db.schema.createIndex('users_stripe_subscription_idx').on('users').column('stripe_subscription_id').execute();

  // One delivery record per signal and recipient: a retry updates it instead of adding another.
  await db.schema
    .alterTable('signal_emails')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_error', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('signal_emails_signal_user_uq')
    .on('signal_emails')
    .columns(['signal_id', 'user_id'])
    .unique()
    .execute();
  await db.schema.createIndex('signal_emails_sent_at_idx').on('signal_emails').column('sent_at').execute();
  // Deleting a signal or a user takes its delivery records with it.
  await sql`alter table signal_emails drop constraint signal_emails_signal_id_fkey`.execute(db);
  await sql`alter table signal_emails drop constraint signal_emails_user_id_fkey`.execute(db);
  await sql`alter table signal_emails add constraint signal_emails_signal_id_fkey
    foreign key (signal_id) references signals(id) on delete cascade`.execute(db);
  await sql`alter table signal_emails add constraint signal_emails_user_id_fkey
    foreign key (user_id) references users(id) on delete cascade`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table signal_emails drop constraint signal_emails_user_id_fkey`.execute(db);
  await sql`alter table signal_emails drop constraint signal_emails_signal_id_fkey`.execute(db);
  await sql`alter table signal_emails add constraint signal_emails_signal_id_fkey
    foreign key (signal_id) references signals(id)`.execute(db);
  await sql`alter table signal_emails add constraint signal_emails_user_id_fkey
    foreign key (user_id) references users(id)`.execute(db);
  await db.schema.dropIndex('signal_emails_sent_at_idx').execute();
  await db.schema.dropIndex('signal_emails_signal_user_uq').execute();
  await db.schema.alterTable('signal_emails').dropColumn('last_error').dropColumn('attempts').execute();
  await db.schema.dropIndex('users_stripe_subscription_idx').execute();
  await db.schema.dropIndex('users_stripe_customer_idx').execute();
  await db.schema
    .alterTable('pending_payments')
    .dropColumn('completed_at')
    .dropColumn('expires_at')
    .dropColumn('provider_session_id')
    .dropColumn('provider')
    .dropColumn('reference_hash')
    .execute();
  await db.schema.dropTable('payment_subscriptions').execute();
  await db.schema.dropTable('processed_payment_events').execute();
}
