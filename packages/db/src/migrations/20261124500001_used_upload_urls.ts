import { sql, type Kysely } from 'kysely';

// Signed upload URLs are single use: the id of each URL that has carried a stored file (or is
// carrying one now) is kept here until the URL expires, so a replay is refused by every API
// process alike.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('used_upload_urls')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('used_upload_urls_expires_at_idx').on('used_upload_urls').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('used_upload_urls').execute();
}
