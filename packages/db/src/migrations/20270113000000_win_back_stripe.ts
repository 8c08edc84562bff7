import { type Kysely } from 'kysely';

// Win-back offers under Stripe.
// A promotion code made in Stripe (a win-back offer's coupon and promotion code) is recorded here
// too, with Stripe's promotion code id: it is taken at Stripe's checkout, never at the local one.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('promotion_codes')
    .addColumn('stripe_promotion_code_id', 'text', (c) => c.unique())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('promotion_codes').dropColumn('stripe_promotion_code_id').execute();
}
