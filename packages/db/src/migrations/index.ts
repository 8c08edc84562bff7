import type { Migration } from 'kysely';
import * as initialSchema from './20260101000000_initial_schema';
import * as accountSettings from './20260102000000_account_settings';

// Explicit list: every migration is named here, in order. Never edit a landed migration.
export const migrations: Record<string, Migration> = {
  '20260101000000_initial_schema': initialSchema,
  '20260102000000_account_settings': accountSettings,
};
