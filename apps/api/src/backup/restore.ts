import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  createUntimedDb,
  DataDirLockedError,
  loadEmbeddedDatabase,
  lockDataDir,
  MIGRATION_NAMES,
  type DataDirLock,
} from '@t0/db';
import { latestCheckpoint } from '@t0/server';
import type { RestoreGap } from '@t0/contracts/schemas/record/record';
import type { Config } from '../config';
import { archiveIsEncrypted, BackupError, readArchive, type Manifest } from './archive';
import {
  filesUnder,
  KEY_FILES,
  keyEntry,
  OBJECTS_DIR,
  openEmbedded,
  pgTool,
  PG_DUMP_ENTRY,
  PGLITE_ENTRY,
} from './backup';
import { declareRestoreGap, readPublishedCheckpoint } from './restore-gap';
import { chainHead, moveSchemasAside, moveSchemasBack, userRelationCount, userSchemas } from './backup.queries';

// `pnpm restore FILE [--force] [--published-checkpoint CHECKPOINT.json]`: checks the backup whole (tag or checksum, every entry's hash) and
// its manifest before touching anything, then puts the database and the keys back.

export interface RestoreReport {
  manifest: Manifest;
  /** The restored chain's head, read back from the restored database (equal to the manifest's). */
  chainHead: Manifest['chainHead'];
  /** What a forced restore moved aside under DATA_DIR (embedded database or PostgreSQL schemas, key files, uploaded files). */
  movedAside: string[];
  /**
   * With `publishedCheckpoint`: the gap declared behind it, or null when the restored record agrees
   * with it (nothing published was lost). Undefined without.
   */
  gap?: RestoreGap | null;
}

/** Refuses a manifest this code cannot restore onto these settings. */
export function checkManifest(manifest: Manifest, config: Config): void {
  if (manifest.format !== 1)
    throw new BackupError(`The manifest's format ${manifest.format} is not one this version reads`);
  const last = manifest.lastMigration;
  if (last && !MIGRATION_NAMES.includes(last))
    throw new BackupError(
      `The backup was made by a newer version (${manifest.productVersion}): its database has migration ${last}, ` +
        `which this version does not know (its newest is ${MIGRATION_NAMES.at(-1)}). Restore it with that version or later.`,
    );
  const target = config.databaseUrl ? 'postgresql' : 'pglite';
  if (manifest.storage !== target)
    throw new BackupError(
      `The backup holds a ${manifest.storage === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} database but the settings ` +
        `name ${target === 'pglite' ? 'the embedded database (no DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}; restore it onto the same kind`,
    );
}

/** The key files of the backup, and which of them already exist under DATA_DIR. */
function keyFilesOf(entries: Map<string, Buffer>, dataDir: string) {
  const inBackup = KEY_FILES.filter((f) => entries.has(keyEntry(f)));
  const present: string[] = KEY_FILES.filter((f) => existsSync(path.join(dataDir, f)));
  // Uploaded files on disk count as the target's too.
  if (filesUnder(path.join(dataDir, OBJECTS_DIR)).length) present.push(OBJECTS_DIR);
  return { inBackup, present };
}

/** Moves `p` aside as `<p>.before-restore-<stamp>`; answers the new path. */
function moveAside(p: string, stamp: string): string {
  const to = `${p}.before-restore-${stamp}`;
  renameSync(p, to);
  return to;
}

export async function runRestore(
  config: Config,
  opts: { file: string; force?: boolean; publishedCheckpoint?: string },
): Promise<RestoreReport> {
  const file = path.resolve(opts.file);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  // A checkpoint file that cannot be read is refused before anything is touched.
  if (opts.publishedCheckpoint) readPublishedCheckpoint(opts.publishedCheckpoint);
  const bytes = readFileSync(file);
  const passphrase = archiveIsEncrypted(bytes) ? (config.backupPassphrase ?? null) : null;
  const { manifest, entries } = await readArchive(bytes, passphrase);
  checkManifest(manifest, config);
  const force = opts.force ?? false;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const movedAside: string[] = [];
  const dataDir = config.dataDir;
  mkdirSync(dataDir, { recursive: true });
  const keys = keyFilesOf(entries, dataDir);

  const url = config.migrationDatabaseUrl ?? config.databaseUrl;
  if (url) {
    const dump = entries.get(PG_DUMP_ENTRY);
    if (!dump) throw new BackupError(`The backup has no ${PG_DUMP_ENTRY}`);
    const handle = await createUntimedDb(url);
    const dumpFile = path.join(dataDir, `restore-${process.pid}.pg_dump`);
    try {
      const relations = await userRelationCount(handle.db);
      if ((relations > 0 || keys.present.length > 0) && !force)
        throw new BackupError(
          notEmpty(`the database has ${relations} tables, views or sequences`, keys.present, dataDir),
        );
      const suffix = stamp.toLowerCase().replace(/[^0-9a-z]/g, '');
      const moved = relations > 0 ? await moveSchemasAside(handle.db, await userSchemas(handle.db), suffix) : [];
      writeFileSync(dumpFile, dump, { mode: 0o600 });
      try {
        // One transaction: a failed restore writes nothing, and the schemas moved aside come back.
        await pgTool(
          'pg_restore',
          url,
          ['--no-owner', '--exit-on-error', '--single-transaction', dumpFile],
          config.backupPgBin,
        );
      } catch (err) {
        if (moved.length) await moveSchemasBack(handle.db, moved);
        throw err;
      }
      movedAside.push(...moved.map((m) => `schema ${m.to}`));
    } finally {
      rmSync(dumpFile, { force: true });
      await handle.close();
    }
    movedAside.push(...restoreFiles(entries, dataDir, keys, stamp));
  } else {
    const tarball = entries.get(PGLITE_ENTRY);
    if (!tarball) throw new BackupError(`The backup has no ${PGLITE_ENTRY}`);
    let lock: DataDirLock;
    try {
      lock = lockDataDir(dataDir, { onLost: () => undefined });
    } catch (err) {
      if (err instanceof DataDirLockedError)
        throw new BackupError(`${err.message} Stop the server before restoring into its DATA_DIR.`);
      throw err;
    }
    try {
      const pgdata = path.join(dataDir, 'pgdata');
      const hasDatabase = existsSync(path.join(pgdata, 'PG_VERSION'));
      if ((hasDatabase || keys.present.length > 0) && !force)
        throw new BackupError(notEmpty(`${pgdata} holds a database`, keys.present, dataDir));
      if (existsSync(pgdata)) movedAside.push(moveAside(pgdata, stamp));
      const tarFile = path.join(dataDir, `restore-${process.pid}.tar.gz`);
      writeFileSync(tarFile, tarball, { mode: 0o600 });
      try {
        await loadEmbeddedDatabase(pgdata, tarFile);
      } finally {
        rmSync(tarFile, { force: true });
      }
      movedAside.push(...restoreFiles(entries, dataDir, keys, stamp));
    } finally {
      lock.release();
    }
  }

  // Read back: the restored chain must end where the manifest says, with its newest checkpoint.
  const restored = url ? await createUntimedDb(url) : await openEmbedded(dataDir);
  try {
    const [head, checkpoint] = await Promise.all([chainHead(restored.db), latestCheckpoint(restored.db)]);
    if (JSON.stringify(head) !== JSON.stringify(manifest.chainHead))
      throw new BackupError(
        `The restored database's chain head ${JSON.stringify(head)} is not the manifest's ${JSON.stringify(manifest.chainHead)}`,
      );
    const expected = manifest.latestCheckpoint;
    if (
      (checkpoint?.id ?? null) !== (expected?.id ?? null) ||
      (checkpoint && checkpoint.headHash !== expected?.headHash)
    )
      throw new BackupError(
        `The restored database's newest checkpoint (${checkpoint ? `#${checkpoint.id}` : 'none'}) is not the manifest's (${expected ? `#${expected.id}` : 'none'})`,
      );
    if (!opts.publishedCheckpoint) return { manifest, chainHead: head, movedAside };
    const gap = await declareRestoreGap(restored.db, config, opts.publishedCheckpoint);
    return { manifest, chainHead: head, movedAside, gap };
  } finally {
    await restored.close();
  }
}

function notEmpty(what: string, keyFiles: readonly string[], dataDir: string): string {
  const keys = keyFiles.length ? ` and ${dataDir} holds ${keyFiles.join(', ')}` : '';
  return `The target is not empty: ${what}${keys}. Give --force to replace it (the embedded database, PostgreSQL's schemas, key files and uploaded files are moved aside).`;
}

/**
 * Writes the backup's key files (mode 0600) and uploaded files under DATA_DIR, moving aside those
 * there first; answers what was moved.
 */
function restoreFiles(
  entries: Map<string, Buffer>,
  dataDir: string,
  keys: { inBackup: readonly string[]; present: readonly string[] },
  stamp: string,
): string[] {
  const moved = keys.present.map((f) => moveAside(path.join(dataDir, f), stamp));
  for (const f of keys.inBackup) writeFileSync(path.join(dataDir, f), entries.get(keyEntry(f))!, { mode: 0o600 });
  const objects = path.resolve(dataDir, OBJECTS_DIR);
  for (const [name, data] of entries) {
    if (!name.startsWith(`${OBJECTS_DIR}/`)) continue;
    const to = path.resolve(objects, name.slice(OBJECTS_DIR.length + 1));
    // A name that would leave the folder is not one a backup writes.
    if (!to.startsWith(objects + path.sep))
      throw new BackupError(`The backup names a file outside ${objects}: ${name}`);
    mkdirSync(path.dirname(to), { recursive: true });
    writeFileSync(to, data);
  }
  return moved;
}
