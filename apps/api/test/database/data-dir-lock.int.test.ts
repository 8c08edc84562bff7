import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.join(here, '../../src/main.ts');
const tsxLoader = createRequire(import.meta.url).resolve('tsx');

// The product on the embedded database: a second process on the same DATA_DIR refuses to start.
describe('a second embedded process on one DATA_DIR', () => {
  let dataDir: string;
  let first: App;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 't0-datadir-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://t0.test',
    });
    first = await createApp(config, { logger: false });
    await first.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await first?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start with a clear message, and the first keeps serving', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', tsxLoader, MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));

    expect(code, output).not.toBe(0);
    expect(output).toContain(
      `DataDirLockedError: The embedded database in ${dataDir} is in use by another T0 Terminal process ${process.pid}`,
    );
    expect(output).not.toContain('T0 Terminal is serving');

    const health = await first.server.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
