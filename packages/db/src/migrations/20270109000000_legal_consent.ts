import { sql, type Kysely } from 'kysely';

// Versioned legal pages and the buyer's recorded consent.
// Each text of a legal page the desk publishes is a version (`legal_versions`: the page, its number,
// the text and its SHA-256), written in the transaction that saves it; an existing install gets
// version 1 of each page it has saved. Version 0 is the built-in text of a page never saved.
// A started checkout (`pending_payments`) records the versions of the terms, the risk disclosure and
// the refund policy the buyer accepted, from which address and browser: a dispute's evidence.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('legal_versions')
    .addColumn('page', 'varchar(20)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('published_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('legal_versions_pk', ['page', 'version'])
    .execute();
  await sql`
    insert into legal_versions (page, version, text, sha256, published_at, published_by)
    select substr(key, 7), 1, value #>> '{}', encode(sha256(convert_to(value #>> '{}', 'UTF8')), 'hex'),
           updated_at, updated_by
      from site_settings
     where key like 'legal.%' and jsonb_typeof(value) = 'string'`.execute(db);
  await db.schema
    .alterTable('pending_payments')
    .addColumn('consent', 'jsonb')
    .addColumn('consent_ip', 'varchar(64)')
    .addColumn('consent_user_agent', 'varchar(512)')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('pending_payments')
    .dropColumn('consent')
    .dropColumn('consent_ip')
    .dropColumn('consent_user_agent')
    .execute();
  await db.schema.dropTable('legal_versions').ifExists().execute();
}
