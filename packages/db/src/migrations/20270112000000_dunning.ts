import { type Kysely } from 'kysely';

// Dunning and win-back.
// A past-due subscription keeps the link that fixes its payment (the provider's hosted invoice, when
// the failure carried one) and how many of the grace period's reminders went out (back to 0 when it
// falls past due again). A subscription that ended records when its win-back offer was made (once).
// A promotion code may be made for one account (`user_id`): only that account's checkout takes it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payment_subscriptions')
    .addColumn('dunning_url', 'text')
    .addColumn('dunning_reminders_sent', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('win_back_offered_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('promotion_codes')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('promotion_codes').dropColumn('user_id').execute();
  await db.schema
    .alterTable('payment_subscriptions')
    .dropColumn('dunning_url')
    .dropColumn('dunning_reminders_sent')
    .dropColumn('win_back_offered_at')
    .execute();
}
