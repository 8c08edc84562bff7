import { spawnSync } from 'node:child_process';
import { createPublicKey, verify } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, loadEmbeddedDatabase, MIGRATION_NAMES, type DbHandle, type DbKind } from '@t0/db';
import { createTestDb, type TestDb } from '@t0/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArchive, writeArchive } from '../../src/backup/archive';
import { runBackup } from '../../src/backup/backup';
import { runRestore } from '../../src/backup/restore';
import { loadConfig } from '../../src/config';
import { publicKeyOf, verifyRecord } from '../../../../examples/verify-record';
import {
  signUp,
  signUpAdmin,
  startTestApp,
  STRONG_PASSWORD,
  testDbKinds,
  type TestApp,
  type TestClient,
  until,
} from '../harness';

// `pnpm backup` and `pnpm restore` (docs/operations.md, Backups): backup, wipe, restore on each database; the
// accounts, the sessions, the record and its checkpoints come back, checked against the restored key.

const kinds = await testDbKinds();
const here = path.dirname(fileURLToPath(import.meta.url));
const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const PASSPHRASE = 'correct horse battery staple';
const UPLOADED = Buffer.from('an uploaded chart image');

interface Checkpoint {
  id: number;
  headId: number;
  headHash: string;
  eventCount: number;
  createdAt: string;
  signature: string;
  keyId: string;
  message: string;
}

/** The product on `dataDir` (its keys kept there, none given as settings) and `db`. */
function startOn(kind: DbKind, dataDir: string, db: DbHandle, url?: string) {
  const testDb: TestDb = { ...db, url, drop: () => db.close() };
  return startTestApp(kind, { DATA_DIR: dataDir, SESSION_SECRET: '', PRICE_REFRESH_MS: '3600000' }, { db: testDb });
}

/** The settings `pnpm backup` and `pnpm restore` read for this DATA_DIR and database. */
const settings = (dataDir: string, url: string | undefined, passphrase?: string) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(url ? { DATABASE_URL: url } : {}),
    ...(passphrase ? { BACKUP_PASSPHRASE: passphrase } : {}),
  });

describe.each(kinds)('backup and restore on %s', (kind) => {
  const work = mkdtempSync(path.join(tmpdir(), 't0-backup-'));
  const dataDir = path.join(work, 'data');
  const encrypted = path.join(work, 'encrypted.t0backup');
  const clear = path.join(work, 'clear.t0backup');
  let t: TestApp | undefined;
  let sourceDb: TestDb | undefined;
  let targetDb: TestDb | undefined;
  let user: { client: TestClient; email: string };
  let before: { verify: any; key: any; checkpoints: Checkpoint[] };
  let backedUpCheckpoint: number | undefined;

  const recordOf = async (app: TestApp) => ({
    verify: (await app.client().get('/api/performance/verify')).body,
    key: (await app.client().get('/api/performance/key')).body,
    checkpoints: (await app.client().get('/api/performance/checkpoints?pageSize=200')).body.checkpoints as Checkpoint[],
  });

  beforeAll(async () => {
    let db: DbHandle;
    if (kind === 'pglite') {
      // A migrated embedded database under DATA_DIR/pgdata (the run's migrated copy).
      const migrated = process.env.T0_TEST_PGLITE_MIGRATED;
      if (migrated) await loadEmbeddedDatabase(path.join(dataDir, 'pgdata'), migrated);
      db = await createDb({ dataDir });
    } else {
      sourceDb = await createTestDb('pg');
      db = sourceDb;
    }
    t = await startOn(kind, dataDir, db, sourceDb?.url);
    const admin = (await signUpAdmin(t)).client;
    user = await signUp(t);
    const res = await admin.post('/api/signals', {
      instrument: 'GBPJPY',
      direction: 'long',
      entryPrice: 195,
      slPrice: 194,
      t0Price: 198,
      t1Price: 199,
      monthlyBias: 'Bullish',
      confidence: 80,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    t.pinPrices({ GBPJPY: 195.5 });
    // A close signs a checkpoint.
    expect((await admin.post(`/api/signals/${res.body.id}/close`, { exitPrice: 195.5 })).status).toBe(200);
    // An uploaded file kept on disk (no S3), as the storage writes it under DATA_DIR/objects.
    mkdirSync(path.join(dataDir, 'objects', 'chart-memos'), { recursive: true });
    writeFileSync(path.join(dataDir, 'objects', 'chart-memos', 'memo.png'), UPLOADED);
    // The close's checkpoint is signed by a job: wait until the newest checkpoint covers the chain's head,
    // so no checkpoint lands between this reading and the backup.
    const app = t;
    before = await until(
      () => recordOf(app),
      (r) => r.checkpoints[0]?.headId === r.verify.headId,
      20_000,
      100,
    );
    expect(before.verify).toMatchObject({ ok: true, contradicts: null });
    expect(before.checkpoints.length).toBeGreaterThan(0);
    expect(existsSync(path.join(dataDir, 'record-signing-key.pem'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(true);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await sourceDb?.drop().catch(() => undefined);
    await targetDb?.drop().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  });

  it('refuses a backup without BACKUP_PASSPHRASE unless --unencrypted is given', async () => {
    await expect(runBackup(settings(dataDir, sourceDb?.url), { out: clear })).rejects.toThrow(
      /BACKUP_PASSPHRASE is not set.*--unencrypted/,
    );
    expect(existsSync(clear)).toBe(false);
    // The command says so and fails (run once: it is the same on both databases).
    if (kind !== kinds[0]) return;
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir };
    delete env.BACKUP_PASSPHRASE;
    delete env.DATABASE_URL;
    if (sourceDb?.url) env.DATABASE_URL = sourceDb.url;
    const cli = spawnSync(
      process.execPath,
      ['--import', tsxLoader, path.join(here, '../../src/backup-cli.ts'), '--out', clear],
      {
        env,
        encoding: 'utf8',
      },
    );
    expect(cli.status).toBe(1);
    expect(cli.stderr).toMatch(/BACKUP_PASSPHRASE is not set/);
    expect(existsSync(clear)).toBe(false);
  });

  it('backs up (PostgreSQL while the product runs, the embedded database once it is stopped)', async () => {
    if (kind === 'pglite') {
      // The embedded database is the running server's: a backup waits for it to stop.
      await expect(runBackup(settings(dataDir, undefined, PASSPHRASE), { out: encrypted })).rejects.toThrow(
        /in use by another T0 Terminal process.*stop the server/,
      );
      await t!.close();
      t = undefined;
    }
    const manifest = await runBackup(settings(dataDir, sourceDb?.url, PASSPHRASE), { out: encrypted });
    expect(manifest).toMatchObject({
      storage: kind === 'pg' ? 'postgresql' : 'pglite',
      lastMigration: MIGRATION_NAMES.at(-1),
      chainHead: { id: before.verify.headId, hash: before.verify.headHash, count: before.verify.events },
      latestCheckpoint: { keyId: before.key.keyId },
    });
    // The newest checkpoint when the backup was taken: the one read before, or one the product signed
    // since (its checkpoint job, or a stop) over the same head.
    expect(manifest.latestCheckpoint!.id).toBeGreaterThanOrEqual(before.checkpoints[0]!.id);
    backedUpCheckpoint = manifest.latestCheckpoint!.id;
    expect(manifest.entries.map((e) => e.name)).toEqual(
      expect.arrayContaining(['keys/session-secret', 'keys/record-signing-key.pem', 'objects/chart-memos/memo.png']),
    );
    // Nothing of the key is readable in the file.
    const bytes = readFileSync(encrypted);
    const pem = readFileSync(path.join(dataDir, 'record-signing-key.pem'), 'utf8');
    expect(bytes.includes(Buffer.from(pem.split('\n')[1]!))).toBe(false);
    await runBackup(settings(dataDir, sourceDb?.url), { out: clear, unencrypted: true });
    expect(readFileSync(clear).includes(Buffer.from(pem.split('\n')[1]!))).toBe(true);
    // A backup never overwrites a file.
    await expect(runBackup(settings(dataDir, sourceDb?.url, PASSPHRASE), { out: encrypted })).rejects.toThrow(/exists/);
  }, 60_000);

  it('wipes, then refuses a wrong passphrase, a changed byte and a newer migration; restores the rest', async () => {
    // Wipe: the database and DATA_DIR are gone.
    if (t) {
      await t.close();
      t = undefined;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await sourceDb?.drop();
    sourceDb = undefined;
    if (kind === 'pg') targetDb = await createTestDb('pg', { migrate: false });
    const target = (passphrase?: string) => settings(dataDir, targetDb?.url, passphrase);

    await expect(runRestore(target('not the passphrase at all'), { file: encrypted })).rejects.toThrow(
      /passphrase is wrong or the file was changed/,
    );
    await expect(runRestore(target(), { file: encrypted })).rejects.toThrow(/encrypted: set BACKUP_PASSPHRASE/);
    const flip = (file: string, at: number) => {
      const copy = Buffer.from(readFileSync(file));
      copy[at] = copy[at]! ^ 0x01;
      const out = `${file}.flipped-${at}`;
      writeFileSync(out, copy);
      return out;
    };
    const size = readFileSync(encrypted).length;
    // A byte of the (authenticated) header, and the tag's last.
    for (const at of [20, size - 1])
      await expect(runRestore(target(PASSPHRASE), { file: flip(encrypted, at) })).rejects.toThrow(
        /passphrase is wrong or the file was changed|damaged/,
      );
    await expect(
      runRestore(target(), { file: flip(clear, Math.floor(readFileSync(clear).length / 2)) }),
    ).rejects.toThrow(/damaged/);
    // A backup whose database has a migration this code does not know (written in the clear: the
    // check is the manifest's, whatever the encryption).
    const { manifest, entries } = await readArchive(readFileSync(clear), null);
    const future = await writeArchive(
      { ...manifest, lastMigration: '29991231000000_from_the_future' },
      [...entries].map(([name, data]) => ({ name, data })),
      null,
    );
    writeFileSync(path.join(work, 'future.t0backup'), future.bytes);
    await expect(runRestore(target(PASSPHRASE), { file: path.join(work, 'future.t0backup') })).rejects.toThrow(
      /newer version.*29991231000000_from_the_future/,
    );
    // None of the refusals wrote anything.
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'record-signing-key.pem'))).toBe(false);

    const report = await runRestore(target(PASSPHRASE), { file: encrypted });
    expect(report.chainHead).toEqual(manifest.chainHead);
    expect(readdirSync(dataDir).sort()).toEqual(expect.arrayContaining(['record-signing-key.pem', 'session-secret']));
    expect(readFileSync(path.join(dataDir, 'objects', 'chart-memos', 'memo.png'))).toEqual(UPLOADED);

    // A second restore onto the restored (not empty) target is refused unless forced.
    await expect(runRestore(target(PASSPHRASE), { file: clear })).rejects.toThrow(/not empty.*--force/);
    if (kind === 'pg') {
      // A forced restore that fails (here pg_restore itself) leaves the database as it was.
      const failing = path.join(work, 'failing-bin');
      mkdirSync(failing);
      writeFileSync(
        path.join(failing, 'pg_restore'),
        '#!/bin/sh\necho "pg_restore: error: could not connect" >&2\nexit 1\n',
        {
          mode: 0o755,
        },
      );
      const config = { ...target(PASSPHRASE), backupPgBin: failing };
      await expect(runRestore(config, { file: clear, force: true })).rejects.toThrow(
        /pg_restore failed: .*could not connect/,
      );
      const still = await createDb({ databaseUrl: targetDb!.url, poolSize: 1 });
      try {
        const n = await still.db
          .selectFrom('signalEvents')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(n.n)).toBe(manifest.chainHead!.count);
      } finally {
        await still.close();
      }
    }
    const forced = await runRestore(target(PASSPHRASE), { file: clear, force: true });
    expect(forced.chainHead).toEqual(manifest.chainHead);
    expect(
      forced.movedAside.some((p) =>
        p.includes(kind === 'pglite' ? 'pgdata.before-restore-' : 'schema public_before_restore_'),
      ),
    ).toBe(true);
    expect(forced.movedAside.some((p) => p.includes('objects.before-restore-'))).toBe(true);
    expect(readFileSync(path.join(dataDir, 'objects', 'chart-memos', 'memo.png'))).toEqual(UPLOADED);
  }, 60_000);

  it('serves the restored product: accounts sign in, sessions hold, the record verifies with the same head and key', async () => {
    const db =
      kind === 'pg' ? await createDb({ databaseUrl: targetDb!.url, poolSize: 4 }) : await createDb({ dataDir });
    t = await startOn(kind, dataDir, db, targetDb?.url);
    // The session cookie from before the backup is still good (its session and the secret came back).
    const old = await fetch(`${t.url}/api/auth/user`, { headers: { cookie: user.client.cookieHeader } });
    expect(old.status).toBe(200);
    expect(await old.json()).toMatchObject({ email: user.email });
    const fresh = t.client();
    expect((await fresh.post('/api/auth/login', { email: user.email, password: STRONG_PASSWORD })).status).toBe(200);
    expect((await fresh.get('/api/auth/user')).body).toMatchObject({ email: user.email });

    const after = await recordOf(t);
    expect(after.verify).toMatchObject({
      ok: true,
      contradicts: null,
      headId: before.verify.headId,
      headHash: before.verify.headHash,
      events: before.verify.events,
    });
    expect(after.key.keyId).toBe(before.key.keyId);
    // Every checkpoint signed before is back (the restarted product may have signed a new one since).
    expect(after.checkpoints).toEqual(expect.arrayContaining(before.checkpoints));
    expect(after.checkpoints.map((c) => c.id)).toContain(backedUpCheckpoint);
    const publicKey = createPublicKey(after.key.publicKeyPem);
    for (const c of after.checkpoints)
      expect(verify(null, Buffer.from(c.message), publicKey, Buffer.from(c.signature, 'base64'))).toBe(true);
  }, 60_000);

  it('declares the gap when a restore goes back behind a published checkpoint; readers see the gap, not tampering', async () => {
    // The restored product publishes and closes one more signal: a checkpoint is signed (and, say,
    // posted to the desk's channel) over events the backup does not hold.
    const app = t!;
    const admin = (await signUpAdmin(app)).client;
    app.pinPrices({ GBPJPY: 195.5 });
    const res = await admin.post('/api/signals', {
      instrument: 'GBPJPY',
      direction: 'short',
      entryPrice: 195.5,
      slPrice: 196.5,
      t0Price: 194,
      t1Price: 193,
      monthlyBias: 'Bearish',
      confidence: 70,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await admin.post(`/api/signals/${res.body.id}/close`, { exitPrice: 195.5 })).status).toBe(200);
    const published = await until(
      () => recordOf(app),
      (r) => r.verify.events > before.verify.events && r.checkpoints[0]?.headId === r.verify.headId,
      20_000,
      100,
    );
    const newest = published.checkpoints[0]!;
    // A reader's saved copies: every checkpoint, the lost one among them.
    const savedCheckpoints = published.checkpoints;
    const copy = path.join(work, 'published-checkpoints.json');
    writeFileSync(copy, JSON.stringify({ checkpoints: published.checkpoints }));
    await app.close();
    t = undefined;

    const target = settings(dataDir, targetDb?.url, PASSPHRASE);
    // A checkpoint whose signature fails is refused before anything is touched.
    const forged = path.join(work, 'forged-checkpoint.json');
    writeFileSync(forged, JSON.stringify({ ...newest, eventCount: newest.eventCount + 1 }));
    await expect(runRestore(target, { file: encrypted, force: true, publishedCheckpoint: forged })).rejects.toThrow(
      /signature of checkpoint .* does not verify/,
    );
    const report = await runRestore(target, { file: encrypted, force: true, publishedCheckpoint: copy });
    const restoredCount = report.chainHead!.count;
    expect(report.gap).toMatchObject({
      restoredHeadId: report.chainHead!.id,
      restoredHeadHash: report.chainHead!.hash,
      restoredEventCount: restoredCount,
      lostCheckpoint: { id: newest.id, headHash: newest.headHash, eventCount: newest.eventCount },
      keyId: before.key.keyId,
    });
    expect(newest.eventCount).toBeGreaterThan(restoredCount);

    const db =
      kind === 'pg' ? await createDb({ databaseUrl: targetDb!.url, poolSize: 4 }) : await createDb({ dataDir });
    t = await startOn(kind, dataDir, db, targetDb?.url);
    const after = await recordOf(t);
    // The server's own check: the chain as restored, the gap declared, nothing contradicted.
    expect(after.verify).toMatchObject({ ok: true, contradicts: null, events: before.verify.events });
    expect(after.verify.gaps).toHaveLength(1);
    const gaps = (await t.client().get('/api/performance/gaps')).body.gaps;
    expect(gaps).toEqual(after.verify.gaps);
    const gapKey = createPublicKey(after.key.publicKeyPem);
    expect(verify(null, Buffer.from(gaps[0].message), gapKey, Buffer.from(gaps[0].signature, 'base64'))).toBe(true);

    // The reader's verifier, with the checkpoints they saved before the restore: the lost checkpoint
    // is in the declared gap; without the gap it reads as a cut tail, as it must.
    const events = (await t.client().get('/api/performance/events')).body;
    const withGap = verifyRecord(events, savedCheckpoints, publicKeyOf(after.key), gaps);
    expect(withGap.firstBreak).toBeNull();
    expect(withGap).toMatchObject({ ok: true, gaps: 1 });
    expect(withGap.lines.at(-1)).toMatch(/RECORD OK, WITH 1 DECLARED GAP/);
    const withoutGap = verifyRecord(events, savedCheckpoints, publicKeyOf(after.key));
    expect(withoutGap.ok).toBe(false);
    expect(withoutGap.firstBreak).toMatch(new RegExp(`checkpoint ${newest.id} .*(cut|rewritten)`));
    // A gap changed after it was signed excuses nothing.
    const altered = verifyRecord(events, savedCheckpoints, publicKeyOf(after.key), [
      { ...gaps[0], restoredEventCount: gaps[0].restoredEventCount - 1 },
    ]);
    expect(altered.ok).toBe(false);
    expect(altered.firstBreak).toMatch(/gap declared .* signature does not verify/);
  }, 90_000);
});
