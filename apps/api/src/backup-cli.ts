import { parseArgs } from 'node:util';
import { BackupError } from './backup/archive';
import { runBackup } from './backup/backup';
import { loadConfig } from './config';

// `pnpm backup --out FILE [--unencrypted]`: the same settings as the server (DATABASE_URL or
// MIGRATION_DATABASE_URL, DATA_DIR) and BACKUP_PASSPHRASE. See docs/operations.md#backups.
try {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, unencrypted: { type: 'boolean', default: false } },
    strict: true,
  });
  if (!values.out) throw new BackupError('Usage: pnpm backup --out FILE [--unencrypted]');
  const manifest = await runBackup(loadConfig(), { out: values.out, unencrypted: values.unencrypted });
  const head = manifest.chainHead ? `event #${manifest.chainHead.id} (${manifest.chainHead.count} events)` : 'empty';
  console.log(
    `backup written to ${values.out}: ${manifest.storage}, migration ${manifest.lastMigration ?? 'none'}, ` +
      `record head ${head}, latest checkpoint ${manifest.latestCheckpoint ? `#${manifest.latestCheckpoint.id}` : 'none'}` +
      (values.unencrypted ? ', NOT encrypted' : ', encrypted'),
  );
} catch (err) {
  console.error(err instanceof BackupError || (err instanceof TypeError && 'code' in err) ? err.message : err);
  process.exitCode = 1;
}
