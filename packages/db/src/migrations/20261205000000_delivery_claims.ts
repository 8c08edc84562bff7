import { sql, type Kysely } from 'kysely';

// When a delivery attempt began and when a retried one is due again: a process that stopped
// mid-send leaves its delivery `sending`, and the recovery sweep finds it by `claimed_at`; later
// events of the same signal wait for `next_attempt_at` instead of asking again and again.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('deliveries')
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('next_attempt_at', 'timestamptz')
    .execute();
  await sql`create index deliveries_sending_idx on deliveries (claimed_at) where status = 'sending'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists deliveries_sending_idx`.execute(db);
  await db.schema.alterTable('deliveries').dropColumn('claimed_at').dropColumn('next_attempt_at').execute();
}
