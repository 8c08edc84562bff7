import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index';
import type { Database } from './types';

/** The migrations this code knows, by name, oldest first. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Migrations are written against snake_case SQL; run them without the camelCase plugin.
  // Features are built side by side, each with its own range of timestamps, and land in any
  // order: a migration named before one already applied (a feature that landed later) still runs.
  const migrator = new Migrator({ db: db.withoutPlugins(), provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Migrates up (or down) to the named migration and no further: the upgrade test builds the previous
 * release's schema with it (`migrateToLatest` then takes it the rest of the way, as an upgrade does).
 */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<string[]> {
  const migrator = new Migrator({ db: db.withoutPlugins(), provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
