export * from './types';
export {
  createDb,
  createUntimedDb,
  pingDb,
  type DbHandle,
  type DbKind,
  type CreateDbOptions,
  type PoolUse,
} from './create-db';
export { migrateToLatest } from './migrate';
export { DataDirLockedError, LOCK_FILE, lockDataDir, type DataDirLock } from './data-dir-lock';
export { isDatabaseUnavailable } from './outage';
export { writeEmbeddedTemplate, embeddedTemplateName, loadEmbeddedDatabase } from './embedded-memory';
export { MIGRATION_NAMES } from './migrate';
