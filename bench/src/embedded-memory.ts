// The memory of `pnpm start` on the embedded database (PGlite): starts the built product the way
// `pnpm start` does (scripts/start.mjs, one process) on a fresh DATA_DIR with the demo content,
// and prints its resident memory (RSS, and the peak) idle after start, after a burst of requests
// from signed-in users, and idle again. Linux only (reads /proc).
//   pnpm --filter @t0/bench memory    (MEMORY_REQUESTS, MEMORY_USERS, MEMORY_IDLE_S)
// Build first: pnpm --filter @t0/api build && pnpm --filter @t0/web build.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, untilAnswering } from './built-product';
import { startArgs } from './start-command';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REQUESTS = Number(process.env.MEMORY_REQUESTS ?? 2000);
const USERS = Number(process.env.MEMORY_USERS ?? 20);
const IDLE_S = Number(process.env.MEMORY_IDLE_S ?? 20);
const PASSWORD = 'Mem0ry!Pass';

if (!existsSync(path.join(REPO, 'apps/api/dist/main.js')) || !existsSync(path.join(REPO, 'apps/web/dist/index.html'))) {
  console.error('Build first: pnpm --filter @t0/api build && pnpm --filter @t0/web build');
  process.exit(2);
}

/** Resident and peak resident memory of a process, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = mkdtempSync(path.join(tmpdir(), 't0-memory-'));
const rows: Array<{ moment: string; 'RSS MB': number; 'peak MB': number }> = [];
await measure('first start (creates the database, seeds demo content)', true);
await measure('restart on the same DATA_DIR', false);
console.log(`T0 Terminal on the embedded database: pnpm start (scripts/start.mjs), one process, resident memory`);
console.table(rows);
rmSync(dataDir, { recursive: true, force: true });

async function measure(label: string, register: boolean) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_AUTH_ACCOUNT_PER_MINUTE: '100000',
  };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'S3_BUCKET', 'NODE_ENV', 'SEED_DEMO'])
    delete env[name];
  const child = spawn(process.execPath, startArgs(REPO), { cwd: REPO, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const pid = child.pid!;
  const started = Date.now();
  await untilAnswering(child, base);
  const sample = (moment: string) => {
    const m = memoryOf(pid);
    rows.push({ moment: `${label}: ${moment}`, 'RSS MB': m.rss, 'peak MB': m.peak });
  };
  sample(`serving after ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await sleep(IDLE_S * 1000);
  sample(`idle ${IDLE_S} s`);

  // Signed-in subscribers poll what the terminal polls and read the content.
  const cookies: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const email = `memory${i}@t0.bench`;
    const json = { 'content-type': 'application/json' };
    const res = register
      ? await fetch(`${base}/api/register`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email, password: PASSWORD, firstName: 'Mem', lastName: `User${i}` }),
        })
      : await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email, password: PASSWORD }),
        });
    if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
    cookies.push(
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
    if (register)
      await fetch(`${base}/api/test/activate-subscription`, {
        method: 'POST',
        headers: { ...json, cookie: cookies[i]! },
        body: JSON.stringify({ email, plan: 'monthly' }),
      });
  }
  const paths = [
    '/api/signals',
    '/api/user/notifications/unread-count',
    '/api/user/notifications',
    '/api/chart-memos',
    '/api/chart-notes',
    '/api/blog-posts',
    '/api/resources',
    '/api/live-prices',
    '/api/auth/user',
  ];
  let failures = 0;
  const workers = Array.from({ length: 10 }, async (_, w) => {
    for (let i = w; i < REQUESTS; i += 10) {
      const res = await fetch(base + paths[i % paths.length], { headers: { cookie: cookies[i % cookies.length]! } });
      await res.arrayBuffer();
      if (!res.ok) failures++;
    }
  });
  await Promise.all(workers);
  if (failures) throw new Error(`${failures} requests failed`);
  sample(`after ${REQUESTS} requests of ${USERS} users`);
  await sleep(IDLE_S * 1000);
  sample(`idle ${IDLE_S} s later`);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
