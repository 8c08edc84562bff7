import { type Kysely } from 'kysely';

// A win-back offer Stripe refused (a 4xx retrying cannot change): the subscription's row keeps why,
// and when, so the desk sees that no offer went out for it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payment_subscriptions')
    .addColumn('win_back_failed_at', 'timestamptz')
    .addColumn('win_back_failure', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payment_subscriptions')
    .dropColumn('win_back_failure')
    .dropColumn('win_back_failed_at')
    .execute();
}
