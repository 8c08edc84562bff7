import { sql, type Kysely } from 'kysely';

// Billing self-service: each subscription keeps its period end, a cancellation at the period's end
// (with the subscriber's reason), when it fell past due (the grace period counts from there) and
// the card it is paid with. The local test mode keeps its invoices itself (Stripe keeps its own).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payment_subscriptions')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('past_due_since', 'timestamptz')
    .addColumn('cancel_reason', 'varchar(500)')
    .addColumn('cancel_requested_at', 'timestamptz')
    .addColumn('card_brand', 'varchar(20)')
    .addColumn('card_last4', 'varchar(4)')
    .execute();

  await db.schema
    .createTable('billing_invoices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('subscription_id', 'varchar(255)', (c) =>
      c.notNull().references('payment_subscriptions.subscription_id').onDelete('cascade'),
    )
    .addColumn('number', 'varchar(50)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('billing_invoices_subscription_idx')
    .on('billing_invoices')
    .columns(['subscription_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('billing_invoices').execute();
  await db.schema
    .alterTable('payment_subscriptions')
    .dropColumn('card_last4')
    .dropColumn('card_brand')
    .dropColumn('cancel_requested_at')
    .dropColumn('cancel_reason')
    .dropColumn('past_due_since')
    .dropColumn('current_period_end')
    .dropColumn('cancel_at_period_end')
    .execute();
}
