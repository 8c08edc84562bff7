// The built product, started the way `pnpm start` starts it (scripts/start.mjs, embedded PGlite on a
// throw-away DATA_DIR), for the benches that load its pages in a browser.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startArgs } from './start-command';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port nothing listens on now, on 127.0.0.1. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });

/** Waits until the started product answers its health check; throws if it exits first. */
export async function untilAnswering(child: ChildProcess, base: string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(200);
  }
}

export interface RunningProduct {
  base: string;
  stop: () => Promise<void>;
}

/** Starts the built product on a fresh DATA_DIR and waits until it answers. */
export async function startBuiltProduct(prefix: string): Promise<RunningProduct> {
  if (
    !existsSync(path.join(REPO, 'apps/api/dist/main.js')) ||
    !existsSync(path.join(REPO, 'apps/web/dist/index.html'))
  ) {
    console.error('Build first: pnpm --filter @t0/api build && pnpm --filter @t0/web build');
    process.exit(2);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `t0-${prefix}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
  };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'S3_BUCKET', 'NODE_ENV']) delete env[name];
  const child: ChildProcess = spawn(process.execPath, startArgs(REPO), {
    cwd: REPO,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Never leave the server running, however the bench ends.
  process.once('exit', () => child.kill('SIGKILL'));
  await untilAnswering(child, base);
  return {
    base,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An already running server (`<PREFIX>_URL`), or the built product started for this bench. */
export async function productFor(prefix: string, url: string | undefined): Promise<RunningProduct> {
  return url ? { base: url.replace(/\/$/, ''), stop: async () => {} } : startBuiltProduct(prefix);
}

/** The servers a bench compares, from a comma-separated list of addresses (empty: none). */
export function serverList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((u) => u.trim().replace(/\/$/, ''))
    .filter(Boolean);
}
