import type { Kysely } from 'kysely';

// An address in ADMIN_EMAILS makes its account an administrator only once the owner proved the
// address by following a link mailed to it: when that happened. Until then (null) the account is an
// ordinary user, whoever registered the address first.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('admin_email_proven_at', 'timestamptz').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('admin_email_proven_at').execute();
}
