import { parseArgs } from 'node:util';
import { BackupError } from './backup/archive';
import { runRestore } from './backup/restore';
import { loadConfig } from './config';

// `pnpm restore FILE [--force] [--published-checkpoint CHECKPOINT.json]`: onto the database and
// DATA_DIR of the settings, with the server stopped. See docs/operations.md#backups.
try {
  const { values, positionals } = parseArgs({
    options: {
      force: { type: 'boolean', default: false },
      'published-checkpoint': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1)
    throw new BackupError('Usage: pnpm restore FILE [--force] [--published-checkpoint CHECKPOINT.json]');
  const report = await runRestore(loadConfig(), {
    file: positionals[0]!,
    force: values.force,
    publishedCheckpoint: values['published-checkpoint'],
  });
  const m = report.manifest;
  const head = report.chainHead ? `event #${report.chainHead.id} (${report.chainHead.count} events)` : 'empty';
  console.log(
    `restored ${positionals[0]} (made ${m.createdAt} by version ${m.productVersion}): ${m.storage}, ` +
      `migration ${m.lastMigration ?? 'none'}, record head ${head}` +
      (report.movedAside.length ? `; moved aside: ${report.movedAside.join(', ')}` : '') +
      '. Start the server: it applies any newer migrations.',
  );
  if (report.gap)
    console.log(
      `declared a gap in the record: restored to ${report.gap.restoredEventCount} events, behind published checkpoint ` +
        `${report.gap.lostCheckpoint.id} (${report.gap.lostCheckpoint.eventCount} events, signed ${report.gap.lostCheckpoint.createdAt})`,
    );
  else if (report.gap === null)
    console.log('the restored record agrees with the published checkpoint: no gap to declare');
} catch (err) {
  console.error(err instanceof BackupError || (err instanceof TypeError && 'code' in err) ? err.message : err);
  process.exitCode = 1;
}
