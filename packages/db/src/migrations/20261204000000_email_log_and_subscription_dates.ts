import { sql, type Kysely } from 'kysely';

// Every e-mail the product sends is recorded once, by kind, as sent or failed (the console's EMAILS
// tab counts them; signal_emails stays the per-signal delivery record). Each provider subscription
// keeps when it first granted access and when it ended, so the console's business figures (new
// this month, ended this month, churn) are counted from the records. Rows that exist already take
// their first invoice's date (or their last event's) as the start, and their last event as the end.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('to_address', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('error', 'varchar(500)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('email_log_created_at_idx').on('email_log').column('created_at').execute();
  await db.schema
    .createIndex('email_log_status_created_at_idx')
    .on('email_log')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .alterTable('payment_subscriptions')
    .addColumn('started_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await sql`update payment_subscriptions s
     set started_at = coalesce((select min(i.created_at) from billing_invoices i where i.subscription_id = s.subscription_id), s.event_at)
   where s.status in ('active', 'trialing', 'past_due', 'canceled')`.execute(db);
  await sql`update payment_subscriptions set ended_at = event_at where status in ('canceled', 'incomplete_expired')`.execute(
    db,
  );
  await db.schema
    .createIndex('payment_subscriptions_started_at_idx')
    .on('payment_subscriptions')
    .column('started_at')
    .execute();
  await db.schema
    .createIndex('payment_subscriptions_ended_at_idx')
    .on('payment_subscriptions')
    .column('ended_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_subscriptions_ended_at_idx').execute();
  await db.schema.dropIndex('payment_subscriptions_started_at_idx').execute();
  await db.schema.alterTable('payment_subscriptions').dropColumn('ended_at').dropColumn('started_at').execute();
  await db.schema.dropTable('email_log').execute();
}
