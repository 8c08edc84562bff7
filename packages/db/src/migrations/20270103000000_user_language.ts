import { sql, type Kysely } from 'kysely';

// The web app's language chosen in the profile (docs/features/languages.md): one of the codes of
// LANGUAGES in @t0/contracts, or null for the browser's languages, then the desk's default.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user_settings')
    .addColumn('language', 'varchar(8)', (c) => c.check(sql`language in ('en', 'es', 'pt-BR', 'ar')`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_settings').dropColumn('language').execute();
}
