import type { Kysely } from 'kysely';
import { generate, PostgresDialect } from 'kysely-codegen';
import type { Database } from './types';

/** Where the generated table types are kept (committed; `pnpm --filter @t0/db generate-types` rewrites it). */
export const GENERATED_TYPES_FILE = new URL('./schema.gen.ts', import.meta.url);

/**
 * The table types of a migrated database, as kysely-codegen writes them: camelCase columns (the
 * CamelCasePlugin), the `public` schema without Kysely's own migration tables.
 */
export async function generateTableTypes(db: Kysely<Database>): Promise<string> {
  return generate({
    db: db.withoutPlugins(),
    dialect: new PostgresDialect({ defaultSchemas: ['public'] }),
    camelCase: true,
    // int8 columns (bigserial ids, counts) are read as numbers (create-db.ts sets pg's parser).
    // JSON columns are written as JSON text and read as whatever they hold.
    typeMapping: { int8: 'number', json: 'JsonText', jsonb: 'JsonText' },
    customImports: { JsonText: './column-types' },
    // Columns whose values a check constraint limits: their union, as the code reads them.
    overrides: {
      columns: {
        'api_tokens.scope': "'read' | 'read-write'",
        'audit_log.outcome': "Generated<'done' | 'refused'>",
        'plans.terms': "'recurring' | 'pass' | 'lifetime' | 'free'",
        'plans.interval': "'month' | 'year' | null",
      },
    },
    includePattern: 'public.*',
    excludePattern: 'public.kysely_migration*',
    logger: undefined,
    print: false,
    outFile: null,
  });
}
