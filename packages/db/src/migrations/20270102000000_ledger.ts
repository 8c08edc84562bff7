import { sql, type Kysely } from 'kysely';

// The money ledger (docs/features/billing.md#ledger-and-disputes): one row per payment, refund and
// dispute step a provider tells us of. Amounts are positive minor units in the provider's currency;
// the kind says which way the money went. The unique key (provider, kind, provider_object_id) makes
// a replayed or out-of-order event write nothing twice.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) =>
      c.notNull().check(sql`kind in ('payment', 'refund', 'dispute_opened', 'dispute_won', 'dispute_lost')`),
    )
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('fee', 'integer')
    .addColumn('provider', 'varchar(10)', (c) => c.notNull().check(sql`provider in ('stripe', 'local', 'whop')`))
    .addColumn('provider_object_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('charge_id', 'varchar(255)')
    .addColumn('subscription_id', 'varchar(255)')
    .addColumn('plan_key', 'varchar(40)')
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('reporting_currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('reporting_amount', 'integer')
    .addColumn('reporting_rate', 'numeric(20, 10)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('ledger_entries_provider_kind_object_key', ['provider', 'kind', 'provider_object_id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_occurred_idx')
    .on('ledger_entries')
    .columns(['occurred_at', 'id'])
    .execute();
  await db.schema.createIndex('ledger_entries_user_idx').on('ledger_entries').column('user_id').execute();
  await db.schema
    .createIndex('ledger_entries_subscription_idx')
    .on('ledger_entries')
    .column('subscription_id')
    .execute();
  await db.schema.createIndex('ledger_entries_charge_idx').on('ledger_entries').column('charge_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ledger_entries').execute();
}
