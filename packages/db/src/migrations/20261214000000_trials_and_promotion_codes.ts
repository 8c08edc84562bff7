import { sql, type Kysely } from 'kysely';

// Trials and promotion codes (docs/features/billing.md).
// - `payment_subscriptions.trial_end`: when a trialing subscription's free days end (Stripe's
//   `trial_end`, or the local test mode's own); `trial_reminder_sent_at`: the reminder e-mail three
//   days before went out (set once, so it is never sent twice); `promotion_code_id`: a local code
//   redeemed at checkout whose discount waits for the first paid invoice (cleared when applied).
// - `pending_payments.trial_days`: the free days the checkout offered (once per person, checked then).
// - `billing_invoices.discount_cents` / `promotion_code`: the local invoice's discount and its code.
// - `promotion_codes` / `promotion_redemptions`: the local test mode's codes (Stripe keeps its own).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('promotion_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('percent_off', 'integer')
    .addColumn('amount_off_cents', 'integer')
    .addColumn('currency', 'varchar(3)')
    .addColumn('max_redemptions', 'integer')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('promotion_redemptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code_id', 'integer', (c) => c.notNull().references('promotion_codes.id').onDelete('cascade'))
    .addColumn('subscription_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('discount_cents', 'integer')
    .addColumn('currency', 'varchar(3)')
    .addColumn('invoice_number', 'varchar(40)')
    .addColumn('redeemed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('promotion_redemptions_code_subscription', ['code_id', 'subscription_id'])
    .execute();

  await db.schema
    .alterTable('payment_subscriptions')
    .addColumn('trial_end', 'timestamptz')
    .addColumn('trial_reminder_sent_at', 'timestamptz')
    .addColumn('promotion_code_id', 'integer')
    .execute();
  await db.schema
    .alterTable('pending_payments')
    .addColumn('trial_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('billing_invoices')
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('promotion_code', 'varchar(40)')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('billing_invoices').dropColumn('discount_cents').dropColumn('promotion_code').execute();
  await db.schema.alterTable('pending_payments').dropColumn('trial_days').execute();
  await db.schema
    .alterTable('payment_subscriptions')
    .dropColumn('trial_end')
    .dropColumn('trial_reminder_sent_at')
    .dropColumn('promotion_code_id')
    .execute();
  await db.schema.dropTable('promotion_redemptions').execute();
  await db.schema.dropTable('promotion_codes').execute();
}
