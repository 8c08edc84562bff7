import { sql, type Kysely } from 'kysely';

// Changing plans (docs/features/billing.md). The local test mode prorates a change itself, as Stripe
// does, and so keeps what Stripe keeps:
// - payment_subscriptions.current_period_start: where the billing period began (the unused part of
//   a period is credited by the second);
// - payment_subscriptions.credit_balance_cents: the customer's credit balance, in the subscription's
//   currency (a downgrade's credit), taken off the next invoice;
// - billing_invoices.credit_cents: the credit balance an invoice took (its amount is after it), and
//   billing_invoices.description: what an invoice was for when it is not a period's renewal ("Plan
//   change: Signals → Gold").
// A local subscription's period start is read from the invoice of its current period where there is one.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payment_subscriptions')
    .addColumn('current_period_start', 'timestamptz')
    .addColumn('credit_balance_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('billing_invoices')
    .addColumn('credit_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .execute();
  await sql`
    update payment_subscriptions s
       set current_period_start = (
         select max(i.period_start) from billing_invoices i
          where i.subscription_id = s.subscription_id and i.period_end = s.current_period_end)
     where s.provider = 'local' and s.current_period_end is not null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('billing_invoices').dropColumn('description').dropColumn('credit_cents').execute();
  await db.schema
    .alterTable('payment_subscriptions')
    .dropColumn('credit_balance_cents')
    .dropColumn('current_period_start')
    .execute();
}
