import { sql, type Kysely } from 'kysely';

// Affiliates: a subscriber who accepted the desk's affiliate terms (`affiliates`, with the
// disclosure line accepted and its SHA-256), the clicks on their links (`referral_visits`, no
// address kept), the accounts they brought (`referral_attributions`: one per referred account,
// first touch), the commission rule per plan (`affiliate_commission_rules`; a plan without one takes
// the site's default rule), the commissions earned from ledger payments and clawed back by their
// refunds and disputes (`affiliate_commissions`, once per affiliate and ledger entry), and the
// payouts marked paid (`affiliate_payouts`). A promotion code may belong to an affiliate, and a
// started checkout keeps the referral code it was sent with.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('affiliates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .addColumn('rate_override_bps', 'integer')
    .addColumn('terms_accepted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('terms_disclosure', 'text', (c) => c.notNull())
    .addColumn('terms_sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('suspended_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('referral_visits')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('affiliate_id', 'integer', (c) => c.notNull().references('affiliates.id').onDelete('cascade'))
    .addColumn('landing_path', 'varchar(300)', (c) => c.notNull().defaultTo('/'))
    .addColumn('visited_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('referral_visits_affiliate_idx').on('referral_visits').column('affiliate_id').execute();
  await db.schema
    .createTable('referral_attributions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('affiliate_id', 'integer', (c) => c.notNull().references('affiliates.id').onDelete('cascade'))
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('touched_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('referral_attributions_affiliate_idx')
    .on('referral_attributions')
    .column('affiliate_id')
    .execute();
  await db.schema
    .createTable('affiliate_commission_rules')
    .addColumn('plan_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('percent_bps', 'integer', (c) => c.notNull())
    .addColumn('recurring_months', 'integer')
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('affiliate_payouts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('affiliate_id', 'integer', (c) => c.notNull().references('affiliates.id').onDelete('cascade'))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('reference', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('paid_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('affiliate_commissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('affiliate_id', 'integer', (c) => c.notNull().references('affiliates.id').onDelete('cascade'))
    .addColumn('ledger_entry_id', 'integer', (c) => c.notNull().references('ledger_entries.id').onDelete('cascade'))
    .addColumn('referred_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('earned'))
    .addColumn('clawback_of', 'integer', (c) => c.references('affiliate_commissions.id').onDelete('cascade'))
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('payable_at', 'timestamptz', (c) => c.notNull())
    .addColumn('payout_id', 'integer', (c) => c.references('affiliate_payouts.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('affiliate_commissions_entry_unique', ['affiliate_id', 'ledger_entry_id'])
    .execute();
  await db.schema
    .createIndex('affiliate_commissions_affiliate_idx')
    .on('affiliate_commissions')
    .column('affiliate_id')
    .execute();
  await db.schema
    .alterTable('promotion_codes')
    .addColumn('affiliate_id', 'integer', (c) => c.references('affiliates.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('pending_payments').addColumn('referral_code', 'varchar(32)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pending_payments').dropColumn('referral_code').execute();
  await db.schema.alterTable('promotion_codes').dropColumn('affiliate_id').execute();
  for (const t of [
    'affiliate_commissions',
    'affiliate_payouts',
    'affiliate_commission_rules',
    'referral_attributions',
    'referral_visits',
    'affiliates',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
