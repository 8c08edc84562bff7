import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, createUntimedDb, DataDirLockedError, type DbHandle } from '@t0/db';
import { latestCheckpoint } from '@t0/server';
import type { Config } from '../config';
import { BackupError, writeArchive, type Manifest } from './archive';
import { chainHead, exportSnapshot, lastAppliedMigration } from './backup.queries';

// `pnpm backup --out FILE`: the database and the keys kept under DATA_DIR in one archive
// (archive.ts), encrypted with BACKUP_PASSPHRASE unless `--unencrypted` is given.

/** The keys the start-up keeps under DATA_DIR when the settings do not give them (config-keys.ts). */
export const KEY_FILES = ['session-secret', 'record-signing-key.pem', 'vapid-keys.json'] as const;
export const PGLITE_ENTRY = 'database/pglite-datadir.tar.gz';
export const PG_DUMP_ENTRY = 'database/pg_dump.custom';
export const keyEntry = (file: string) => `keys/${file}`;
/** Uploaded files kept on disk (no S3): DATA_DIR/objects, each as `objects/<its path there>`. */
export const OBJECTS_DIR = 'objects';

/** Every file under `dir`, as paths relative to it with `/` between folders, sorted. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();
}
/** A passphrase shorter than this is refused: it guards the record's signing key. */
export const MIN_PASSPHRASE_LENGTH = 12;

/** The passphrase to use, or null for an unencrypted backup when (and only when) that is asked for. */
export function backupPassphrase(config: Config, unencrypted: boolean): string | null {
  if (unencrypted) return null;
  const passphrase = config.backupPassphrase;
  if (!passphrase)
    throw new BackupError(
      'BACKUP_PASSPHRASE is not set. A backup holds the record signing key and the session secret, so it is ' +
        'encrypted with that passphrase; give --unencrypted to write one in the clear anyway.',
    );
  if (passphrase.length < MIN_PASSPHRASE_LENGTH)
    throw new BackupError(`BACKUP_PASSPHRASE must be at least ${MIN_PASSPHRASE_LENGTH} characters`);
  return passphrase;
}

/** This build's version (apps/api's package.json), named in every manifest. */
export function productVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@t0/api' && pkg.version) return pkg.version;
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}

/** PostgreSQL's client tools with the connection string's password passed in the environment, not on the command line. */
export function pgTool(
  tool: 'pg_dump' | 'pg_restore',
  url: string,
  args: string[],
  binDir?: string,
): Promise<{ stdout: Buffer; stderr: string }> {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password);
    u.password = '';
  }
  return new Promise((resolve, reject) => {
    execFile(
      binDir ? path.join(binDir, tool) : tool,
      [`--dbname=${u.toString()}`, ...args],
      { env, encoding: 'buffer', maxBuffer: 8 * 1024 ** 3 },
      (err, stdout, stderr) => {
        const text = stderr.toString('utf8').trim();
        if (err)
          reject(
            new BackupError(
              `${tool} failed: ${text || err.message}${'code' in err && err.code === 'ENOENT' ? ' (is the PostgreSQL client installed?)' : ''}`,
            ),
          );
        else resolve({ stdout, stderr: text });
      },
    );
  });
}

/** The manifest's facts about a database, read on `db` (inside the dump's snapshot on PostgreSQL). */
async function databaseFacts(db: DbHandle['db']) {
  const [lastMigration, head, checkpoint] = await Promise.all([
    lastAppliedMigration(db),
    chainHead(db),
    latestCheckpoint(db),
  ]);
  return {
    lastMigration,
    chainHead: head,
    latestCheckpoint: checkpoint && {
      id: checkpoint.id,
      headId: checkpoint.headId,
      headHash: checkpoint.headHash,
      eventCount: checkpoint.eventCount,
      createdAt: checkpoint.createdAt,
      keyId: checkpoint.keyId,
    },
  };
}

/** Opens the embedded database of DATA_DIR for a backup or a restore's check, or explains why it cannot. */
export async function openEmbedded(dataDir: string): Promise<DbHandle> {
  try {
    return await createDb({ dataDir, onLockLost: () => undefined });
  } catch (err) {
    if (err instanceof DataDirLockedError)
      throw new BackupError(
        `${err.message} The embedded database is one process's: stop the server, then run this again.`,
      );
    throw err;
  }
}

/**
 * Writes a backup of the product to `out` (refused if it exists): on PostgreSQL `pg_dump -Fc` in
 * the same snapshot as the manifest's facts, while the product runs; on the embedded database a
 * copy of its files, with the server stopped. Answers the manifest.
 */
export async function runBackup(config: Config, opts: { out: string; unencrypted?: boolean }): Promise<Manifest> {
  const out = path.resolve(opts.out);
  if (existsSync(out)) throw new BackupError(`${out} exists: give another --out, a backup never overwrites a file`);
  const archive = await makeBackup(config, opts);
  const partial = `${out}.${process.pid}.partial`;
  try {
    writeFileSync(partial, archive.bytes, { mode: 0o600, flag: 'wx' });
    renameSync(partial, out);
  } catch (err) {
    if (existsSync(partial)) unlinkSync(partial);
    throw err;
  }
  return archive.manifest;
}

/** A backup of the settings' database, keys and uploads on disk, as the bytes of one file with its manifest. */
export async function makeBackup(
  config: Config,
  opts: { unencrypted?: boolean } = {},
): Promise<{ manifest: Manifest; bytes: Buffer }> {
  const passphrase = backupPassphrase(config, opts.unencrypted ?? false);
  const payload: Array<{ name: string; data: Buffer }> = [];
  let facts: Awaited<ReturnType<typeof databaseFacts>>;
  let storage: Manifest['storage'];
  const url = config.migrationDatabaseUrl ?? config.databaseUrl;
  if (url) {
    storage = 'postgresql';
    const handle = await createUntimedDb(url);
    try {
      // The dump reads the snapshot this transaction exported: the manifest and the dump agree.
      facts = await handle.db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          const snapshot = await exportSnapshot(trx);
          const read = await databaseFacts(trx);
          const dump = await pgTool('pg_dump', url, ['--format=custom', `--snapshot=${snapshot}`], config.backupPgBin);
          payload.push({ name: PG_DUMP_ENTRY, data: dump.stdout });
          return read;
        });
    } finally {
      await handle.close();
    }
  } else {
    storage = 'pglite';
    if (!existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION')))
      throw new BackupError(`There is no embedded database in ${path.join(config.dataDir, 'pgdata')}`);
    const handle = await openEmbedded(config.dataDir);
    try {
      facts = await databaseFacts(handle.db);
      const tarball = await handle.dumpDataDir!();
      payload.push({ name: PGLITE_ENTRY, data: Buffer.from(await tarball.arrayBuffer()) });
    } finally {
      await handle.close();
    }
  }
  for (const file of KEY_FILES) {
    const p = path.join(config.dataDir, file);
    if (existsSync(p)) payload.push({ name: keyEntry(file), data: readFileSync(p) });
  }
  if (!config.s3) {
    const objects = path.join(config.dataDir, OBJECTS_DIR);
    for (const file of filesUnder(objects))
      payload.push({ name: `${OBJECTS_DIR}/${file}`, data: readFileSync(path.join(objects, file)) });
  }
  const manifest: Omit<Manifest, 'entries'> = {
    format: 1,
    product: 't0-terminal',
    productVersion: productVersion(),
    createdAt: new Date().toISOString(),
    storage,
    ...facts,
  };
  return writeArchive(manifest, payload, passphrase);
}
