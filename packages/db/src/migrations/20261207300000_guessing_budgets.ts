import { createHmac, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Guessing budgets.
// - `auth_account_failures`: failed passwords per account (a hash of the e-mail as typed, whether
//   or not an account has it), from any address, with the time until which further sign-ins of
//   that account are refused (a delay that doubles with each failure past the budget). One row per
//   account, shared by every process.
// - `admin_second_factors.failed_attempts` / `locked_until`: wrong codes at the second-factor step
//   since the last accepted one; after ten the step is locked for 15 minutes.
// - `admin_recovery_codes.code_hash` holds `<scheme>$<salt>$<hmac>` instead of a plain SHA-256.
//   A code stored before (a SHA-256 hex of the normalised code) is rewritten here as
//   `hmac-sha256-of-sha256$<salt>$<HMAC-SHA256(salt, old hex)>`: it keeps working, and no plain
//   hash of a code is left in the database.

/** The rewritten form of a recovery code stored as a plain SHA-256 hex. */
export function wrapLegacyRecoveryHash(sha256Hex: string): string {
  const salt = randomBytes(16).toString('hex');
  return `hmac-sha256-of-sha256$${salt}$${createHmac('sha256', Buffer.from(salt, 'hex')).update(sha256Hex.trim().toLowerCase()).digest('hex')}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_account_failures')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('auth_account_failures_last_idx')
    .on('auth_account_failures')
    .column('last_failure_at')
    .execute();

  await db.schema
    .alterTable('admin_second_factors')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('admin_second_factors').addColumn('locked_until', 'timestamptz').execute();

  await db.schema
    .alterTable('admin_recovery_codes')
    .alterColumn('code_hash', (c) => c.setDataType('varchar(200)'))
    .execute();
  const legacy = await db
    .selectFrom('admin_recovery_codes')
    .select(['id', 'code_hash'])
    .where('code_hash', 'not like', '%$%')
    .execute();
  for (const row of legacy as Array<{ id: number; code_hash: string }>) {
    await db
      .updateTable('admin_recovery_codes')
      .set({ code_hash: wrapLegacyRecoveryHash(row.code_hash) })
      .where('id', '=', row.id)
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // Salted codes cannot be turned back into plain hashes: they are dropped (new ones are made).
  await db.deleteFrom('admin_recovery_codes').where('code_hash', 'like', '%$%').execute();
  await db.schema
    .alterTable('admin_recovery_codes')
    .alterColumn('code_hash', (c) => c.setDataType('char(64)'))
    .execute();
  await db.schema.alterTable('admin_second_factors').dropColumn('locked_until').execute();
  await db.schema.alterTable('admin_second_factors').dropColumn('failed_attempts').execute();
  await db.schema.dropTable('auth_account_failures').execute();
}
