import { sql, type Kysely } from 'kysely';

// Whop memberships (docs/features/whop.md): the desk's map from a Whop plan to the T0 plan it
// grants (`whop_plans`; a Whop plan not listed grants the default plan), and indexes to find an
// account by the Whop ids it already carries (`users.whop_user_id`, `users.whop_subscription_id`,
// the latter holding the Whop membership).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('whop_plans')
    .addColumn('whop_plan_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('users_whop_user_idx').on('users').column('whop_user_id').execute();
  await db.schema.createIndex('users_whop_subscription_idx').on('users').column('whop_subscription_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_whop_subscription_idx').execute();
  await db.schema.dropIndex('users_whop_user_idx').execute();
  await db.schema.dropTable('whop_plans').execute();
}
