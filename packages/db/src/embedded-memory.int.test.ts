import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from './create-db';
import { embeddedOptions, writeEmbeddedTemplate } from './embedded-memory';

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
  }, 240_000);

  it('gives an in-memory database the same settings', async () => {
    const memory = await createDb({ dataDir: 'memory' });
    expect(await sharedBuffers(memory)).toBe('16MB');
    await memory.close();
  }, 240_000);
});

describe("a new embedded database comes from the build's template", () => {
  it('is unpacked from the template of the installed PGlite instead of running initdb', async () => {
    const templateDir = mkdtempSync(path.join(tmpdir(), 't0-template-'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 't0-embedded-'));
    dirs.push(templateDir, dataDir);
    const file = await writeEmbeddedTemplate(templateDir);
    expect(path.basename(file)).toMatch(/^pglite-\d+\.\d+\.\d+-empty\.tgz$/);

    // Mark the template, so that a database made from it can be told from one made by initdb.
    const marked = new PGlite({ ...embeddedOptions(), loadDataDir: new Blob([readFileSync(file)]) });
    await marked.exec('create table from_template (n int); insert into from_template values (7);');
    writeFileSync(file, Buffer.from(await (await marked.dumpDataDir('gzip')).arrayBuffer()));
    await marked.close();

    const db = await createDb({ dataDir, embeddedTemplateDir: templateDir });
    expect((await sql<{ n: number }>`select n from from_template`.execute(db.db)).rows).toEqual([{ n: 7 }]);
    expect(await sharedBuffers(db)).toBe('16MB');
    await db.close();
  }, 240_000);

  it('runs initdb when the folder holds no template of this PGlite version', async () => {
    const templateDir = mkdtempSync(path.join(tmpdir(), 't0-template-'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 't0-embedded-'));
    dirs.push(templateDir, dataDir);
    writeFileSync(path.join(templateDir, 'pglite-0.0.1-empty.tgz'), 'not this version');
    const db = await createDb({ dataDir, embeddedTemplateDir: templateDir });
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect((await sql<{ n: number }>`select 1 as n`.execute(db.db)).rows).toEqual([{ n: 1 }]);
    await db.close();
  }, 240_000);
});
