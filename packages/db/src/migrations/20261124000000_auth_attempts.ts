import { sql, type Kysely } from 'kysely';

// Sign-in, registration and reset attempts, one row per attempt and limit key (a hash of the
// client's address, or of the account and the address), so that every API process counts against
// one sliding window. Rows older than the window are pruned by the `prune-auth-attempts` job.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('auth_attempts_key_at_idx').on('auth_attempts').columns(['key', 'at']).execute();
  await db.schema.createIndex('auth_attempts_at_idx').on('auth_attempts').column('at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_attempts').execute();
}
