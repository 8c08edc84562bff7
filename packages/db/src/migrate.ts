import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index';
import type { Database } from './types';

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Migrations are written against snake_case SQL; run them without the camelCase plugin.
  const migrator = new Migrator({ db: db.withoutPlugins(), provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
