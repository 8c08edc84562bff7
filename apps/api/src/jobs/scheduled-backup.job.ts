import { JOB_NAMES } from '@t0/server';
import { runScheduledBackup } from '../backup/scheduled-backup';
import type { JobDefinition } from './types';

/** Looked at hourly; a backup is taken when the newest is about BACKUP_EVERY_HOURS old. */
export const SCHEDULED_BACKUP_CHECK_MS = 60 * 60 * 1000;

/** BACKUP_EVERY_HOURS: an encrypted backup to the S3 storage, the oldest beyond BACKUP_KEEP deleted. */
export const scheduledBackupJob: JobDefinition<Record<string, never>> = {
  name: JOB_NAMES.scheduledBackup,
  async handler(_data, deps) {
    await runScheduledBackup({ config: deps.config, db: deps.db.db, storage: deps.ports.storage, log: deps.log });
  },
  options: {
    everyMs: (config) => (config.scheduledBackups ? SCHEDULED_BACKUP_CHECK_MS : undefined),
    retryLimit: 2,
    retryDelaySeconds: 600,
    expireInSeconds: 30 * 60,
  },
};
