import { sql, type Kysely } from 'kysely';

// Personal API tokens for scripts: `Authorization: Bearer t0_pat_…` on the REST API and the live
// stream. Only the SHA-256 of the secret is stored (`token_hash`, hex); `prefix` is the start of
// the token, shown so its owner can tell tokens apart. Revoking sets `revoked_at` (the row stays,
// so the list can show it). `last_used_at` moves at most once a minute.
//
// The API processes keep tokens they have looked up in memory (like sessions): a revoke, a change
// of scope or owner, or a deletion NOTIFYs `pat:<id>` on `t0_changes`, so every process forgets
// that token at once. Writes of `last_used_at` alone notify nothing.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('scope', 'varchar(16)', (c) => c.notNull().check(sql`scope in ('read', 'read-write')`))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_tokens_user_id_idx').on('api_tokens').column('user_id').execute();

  await sql`
    create function t0_notify_api_tokens_changes() returns trigger language plpgsql as $$
    begin
      perform pg_notify('t0_changes', 'pat:' || old.id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger api_tokens_update_notice after update of revoked_at, scope, user_id, token_hash on api_tokens
    for each row execute function t0_notify_api_tokens_changes()`.execute(db);
  await sql`
    create trigger api_tokens_delete_notice after delete on api_tokens
    for each row execute function t0_notify_api_tokens_changes()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists api_tokens_update_notice on api_tokens`.execute(db);
  await sql`drop trigger if exists api_tokens_delete_notice on api_tokens`.execute(db);
  await sql`drop function if exists t0_notify_api_tokens_changes()`.execute(db);
  await db.schema.dropTable('api_tokens').execute();
}
