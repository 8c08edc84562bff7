import { createDb, migrateToLatest } from '@t0/db';
import { loadConfig } from './config';
import { EMBEDDED_TEMPLATE_DIR } from './embedded-template';

// `pnpm db:migrate`: the same settings as the server (MIGRATION_DATABASE_URL or DATABASE_URL, DATA_DIR).
const config = loadConfig();
const handle = await createDb({
  databaseUrl: config.migrationDatabaseUrl ?? config.databaseUrl,
  dataDir: config.dataDir,
  embeddedTemplateDir: EMBEDDED_TEMPLATE_DIR,
  // As at the server's start: a migration may take longer than a request's statement timeout.
  statementTimeoutMs: 0,
});
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} finally {
  await handle.close();
}
