import { sql, type Kysely } from 'kysely';

// Refused administrator attempts are audited too: each entry says whether the action was done or
// refused, and why it was refused (not an administrator, second factor not passed or not enrolled).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull().defaultTo('done'))
    .addColumn('reason', 'varchar(200)')
    .execute();
  await sql`alter table audit_log add constraint audit_log_outcome_check check (outcome in ('done', 'refused'))`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropConstraint('audit_log_outcome_check').execute();
  await db.schema.alterTable('audit_log').dropColumn('reason').dropColumn('outcome').execute();
}
