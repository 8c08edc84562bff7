import { sql, type Kysely } from 'kysely';

// Declared gaps in the record: a restore from a backup older than a checkpoint already published
// (`pnpm restore FILE --published-checkpoint CHECKPOINT.json`) records where the restored chain ends,
// the published checkpoint it falls behind, and its own Ed25519 signature with the record's key.
// Readers then tell the lost events of a restore from a cut or rewritten chain.
// Append-only: the product's role `t0_app`, where it exists, may only read and add rows.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('record_gaps')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('declared_at', 'timestamptz', (c) => c.notNull())
    .addColumn('restored_head_id', 'bigint', (c) => c.notNull())
    .addColumn('restored_head_hash', 'text', (c) => c.notNull())
    .addColumn('restored_event_count', 'integer', (c) => c.notNull())
    .addColumn('lost_checkpoint_id', 'bigint', (c) => c.notNull())
    .addColumn('lost_key_id', 'text', (c) => c.notNull())
    .addColumn('lost_head_id', 'bigint', (c) => c.notNull())
    .addColumn('lost_head_hash', 'text', (c) => c.notNull())
    .addColumn('lost_event_count', 'integer', (c) => c.notNull())
    .addColumn('lost_created_at', 'text', (c) => c.notNull())
    .addColumn('lost_signature', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .execute();
  await sql`
    do $$
    begin
      if exists (select 1 from pg_roles where rolname = 't0_app') then
        revoke update, delete, truncate on record_gaps from t0_app;
        grant select, insert on record_gaps to t0_app;
      end if;
    end $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('record_gaps').ifExists().execute();
}
