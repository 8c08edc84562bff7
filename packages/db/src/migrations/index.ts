import type { Migration } from 'kysely';
import * as initialSchema from './20260101000000_initial_schema';
import * as accountSettings from './20260102000000_account_settings';
import * as paymentsAndMail from './20260110000000_payments_and_mail';
import * as changeNotices from './20260120000000_change_notices';

// Explicit list: every migration is named here, in order. Never edit a landed migration.
export const migrations: Record<string, Migration> = {
  '20260101000000_initial_schema': initialSchema,
  '20260102000000_account_settings': accountSettings,
  '20260110000000_payments_and_mail': paymentsAndMail,
  '20260120000000_change_notices': changeNotices,
};
