import { sql, type Kysely } from 'kysely';

// Scheduled backups (BACKUP_EVERY_HOURS): each one the product put in the S3 storage, so that one
// process takes it per interval (the newest row's time) and the oldest beyond BACKUP_KEEP are deleted.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_backups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('object_key', 'text', (c) => c.notNull().unique())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('chain_event_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('scheduled_backups_created_at').on('scheduled_backups').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_backups').ifExists().execute();
}
