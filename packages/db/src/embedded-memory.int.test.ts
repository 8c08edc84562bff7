import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from './create-db';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const sharedBuffers = async (db: Awaited<ReturnType<typeof createDb>>) =>
  (await sql<{ sharedBuffers: string }>`show shared_buffers`.execute(db.db)).rows[0]!.sharedBuffers;

describe('the embedded database is opened for a small memory', () => {
  it('creates a new database (in a worker thread), keeps it, and opens it with small buffers', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 't0-embedded-'));
    dirs.push(dataDir);
    const first = await createDb({ dataDir });
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(await sharedBuffers(first)).toBe('16MB');
    await sql`create table kept (n int)`.execute(first.db);
    await sql`insert into kept values (42)`.execute(first.db);
    await first.close();

    const again = await createDb({ dataDir });
    expect(await sharedBuffers(again)).toBe('16MB');
    expect((await sql<{ n: number }>`select n from kept`.execute(again.db)).rows).toEqual([{ n: 42 }]);
    await again.close();
  });

  it('gives an in-memory database the same settings', async () => {
    const memory = await createDb({ dataDir: 'memory' });
    expect(await sharedBuffers(memory)).toBe('16MB');
    await memory.close();
  });
});
