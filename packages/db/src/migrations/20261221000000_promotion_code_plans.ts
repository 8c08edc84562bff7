import { sql, type Kysely } from 'kysely';

// Promotion codes limited to plans, and figures per plan.
//
// - `promotion_codes.plans`: the keys of the plans a local test-mode code applies to (a plan's key is
//   fixed once created, and plans are archived, never deleted); empty, as every existing code is
//   left: every plan. The checkout refuses a limited code for another plan.
// - `access_grants_plan`: the console counts each plan's grants (holders now, started and ended in
//   the last 30 days).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('promotion_codes')
    .addColumn('plans', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
  await db.schema.createIndex('access_grants_plan').on('access_grants').column('plan_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('access_grants_plan').execute();
  await db.schema.alterTable('promotion_codes').dropColumn('plans').execute();
}
