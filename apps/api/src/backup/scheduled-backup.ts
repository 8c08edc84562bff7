import type { Db } from '@t0/db';
import type { Logger, Storage } from '@t0/server';
import type { Config } from '../config';
import { makeBackup } from './backup';
import {
  deleteScheduledBackup,
  insertScheduledBackup,
  newestScheduledBackupAt,
  scheduledBackupsBeyond,
} from './backup.queries';

// BACKUP_EVERY_HOURS: an encrypted backup (as `pnpm backup` makes it) put in the S3 storage under
// `backups/`, which no route serves; the oldest beyond BACKUP_KEEP are deleted. Every process ticks
// the job, and one takes the backup per interval: it is skipped while the newest is younger than
// nine tenths of the interval.

export interface ScheduledBackupResult {
  /** The object key of the backup taken, or null when the newest is recent enough. */
  taken: string | null;
  /** Object keys of the backups deleted past the retention count. */
  deleted: string[];
}

export async function runScheduledBackup(
  deps: { config: Config; db: Db; storage: Storage; log: Logger },
  now = new Date(),
): Promise<ScheduledBackupResult> {
  const plan = deps.config.scheduledBackups;
  if (!plan) return { taken: null, deleted: [] };
  const newest = await newestScheduledBackupAt(deps.db);
  if (newest && now.getTime() - newest.getTime() < plan.everyHours * 3_600_000 * 0.9)
    return { taken: null, deleted: [] };
  const { manifest, bytes } = await makeBackup(deps.config);
  const key = `backups/t0-${manifest.createdAt.replace(/[:.]/g, '-')}.t0backup`;
  await deps.storage.put(key, bytes, 'application/octet-stream');
  await insertScheduledBackup(deps.db, {
    objectKey: key,
    bytes: bytes.length,
    chainEventCount: manifest.chainHead?.count ?? 0,
    createdAt: manifest.createdAt,
  });
  const deleted: string[] = [];
  for (const old of await scheduledBackupsBeyond(deps.db, plan.keep)) {
    await deps.storage.delete(old.objectKey);
    await deleteScheduledBackup(deps.db, old.id);
    deleted.push(old.objectKey);
  }
  deps.log.info({ key, bytes: bytes.length, deleted }, 'scheduled backup taken');
  return { taken: key, deleted };
}
