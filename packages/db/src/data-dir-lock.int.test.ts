import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './create-db';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsxLoader = createRequire(import.meta.url).resolve('tsx');

const dirs: string[] = [];
const handles: DbHandle[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 't0-lock-'));
  dirs.push(dir);
  return dir;
};

afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const h of handles.splice(0)) await h.close().catch(() => undefined);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Another process holding the embedded database in `dir`, ready once it said so. */
async function holder(dir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', tsxLoader, path.join(here, 'test-fixtures/hold-data-dir.ts'), dir],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes('ready')) resolve();
    });
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => reject(new Error(`holder exited (${code}): ${output}`)));
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

describe('one process per DATA_DIR (embedded database)', () => {
  it('refuses a second process while the first runs, with a message saying why and what to do', async () => {
    const dir = tempDir();
    const first = await holder(dir);
    const refused = await createDb({ dataDir: dir }).then(
      (h) => (handles.push(h), undefined),
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(DataDirLockedError);
    const message = (refused as Error).message;
    expect(message).toContain(`The embedded database in ${dir} is in use by another T0 Terminal process ${first.pid}`);
    expect(message).toContain('Stop the other process, give this one its own DATA_DIR, or set DATABASE_URL');
    // The refusal left the holder's lock alone.
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(first.pid);

    // Once the first has stopped cleanly, the directory is free.
    first.stdin!.write('exit\n');
    await exited(first);
    const second = await createDb({ dataDir: dir });
    handles.push(second);
    expect((await sql<{ one: number }>`select 1 as one`.execute(second.db)).rows).toEqual([{ one: 1 }]);
  }, 120_000); // starts another process with the embedded database: slow on a loaded machine

  it('takes over the lock of a process that died without releasing it', async () => {
    const dir = tempDir();
    const first = await holder(dir);
    first.kill('SIGKILL');
    await exited(first);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(first.pid);

    const second = await createDb({ dataDir: dir });
    handles.push(second);
    const lock = JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
    expect(lock.pid).toBe(process.pid);
    await second.close();
    handles.pop();
    expect(() => statSync(path.join(dir, LOCK_FILE))).toThrow();
  }, 120_000); // starts another process with the embedded database: slow on a loaded machine

  it('refuses a second open in the same process too', async () => {
    const dir = tempDir();
    handles.push(await createDb({ dataDir: dir }));
    await expect(createDb({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
  });

  it('judges a lock from another machine by its heartbeat, and tells its holder when it is taken', async () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE);
    const foreign = { pid: 4242, hostname: 'other-host', startedAt: '2026-01-01T00:00:00.000Z', token: 'theirs' };
    writeFileSync(file, JSON.stringify(foreign));
    expect(() => lockDataDir(dir)).toThrow(/in use by another T0 Terminal process 4242 on other-host/);
    // Untouched for longer than the stale period: its holder is gone.
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    let lost: Error | undefined;
    const lock = lockDataDir(dir, { heartbeatMs: 50, onLost: (e) => (lost = e) });
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);

    // Someone overwrites it: the holder hears of it at its next heartbeat.
    writeFileSync(file, JSON.stringify({ ...foreign, token: 'intruder' }));
    await expect.poll(() => lost?.message, { timeout: 2_000 }).toMatch(/was taken by another process/);
    lock.release();
    // Not ours any more: release leaves it.
    expect(JSON.parse(readFileSync(file, 'utf8')).token).toBe('intruder');
  });

  it('does not lock an in-memory database', async () => {
    const a = await createDb({ dataDir: 'memory' });
    const b = await createDb({ dataDir: 'memory' });
    handles.push(a, b);
  });
});
