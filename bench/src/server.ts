// The processes under test, in one child process: the whole product on a throw-away PostgreSQL
// database, and a bare Fastify route doing one query through a `pg` pool, on the same machine.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '@t0/api/src/app';
import { loadConfig } from '@t0/api/src/config';
import { createTestDb } from '@t0/db/testing';
import { proveAdminEmail } from './admin-proof';
import Fastify from 'fastify';
import pg from 'pg';
import type { BenchReady } from './targets';

const USERS = Number(process.env.BENCH_USERS ?? 50);
const SIGNALS = 12;
const NOTIFICATIONS = 30;
const PASSWORD = 'Bench!Passw0rd';
const ADMIN = 'bench-admin@t0.bench';

async function call(base: string, method: string, p: string, body?: unknown, cookie?: string) {
  const res = await fetch(base + p, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  const setCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  return { body: (await res.json()) as unknown, cookie: setCookie || cookie };
}

const db = await createTestDb('pg');
const dataDir = mkdtempSync(path.join(tmpdir(), 't0-bench-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: db.url,
  DATA_DIR: dataDir,
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  ADMIN_EMAILS: ADMIN,
  SEED_DEMO: 'false',
  RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
  RATE_LIMIT_AUTH_ACCOUNT_PER_MINUTE: '1000000',
  AUTH_ACCOUNT_FAILURES: '1000000',
  LOG_LEVEL: 'silent',
  // Production behind a TLS-terminating proxy: Secure cookies, forwarded protocol trusted.
  TRUST_PROXY: 'true',
  PUBLIC_URL: 'https://t0.bench',
  // The bench administrator only publishes the signals read; a second factor measures nothing here.
  ADMIN_REQUIRE_2FA: 'false',
  // Measured with metrics on (every answer timed into the request histogram); BENCH_METRICS=off without.
  ...(process.env.BENCH_METRICS === 'off' ? {} : { METRICS_TOKEN: 'bench-metrics-token-bench-metrics-token' }),
});
const app = await createApp(config, { db, logger: false });
const productUrl = await app.server.listen({ port: 0, host: '127.0.0.1' });

// The bare route: the same pool size as the product's, one query per request.
const pool = new pg.Pool({ connectionString: db.url, max: 10 });
const bare = Fastify({ logger: false });
bare.get('/bare', async () => {
  const { rows } = await pool.query('select 1 as one');
  return rows[0];
});
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

// Content: an admin publishes signals and global notifications; users sign up (and so receive them).
const admin = await call(productUrl, 'POST', '/api/register', {
  email: ADMIN,
  password: PASSWORD,
  firstName: 'Bench',
  lastName: 'Admin',
});
// Its ADMIN_EMAILS address proven as its owner would: the link registration mailed to it.
await proveAdminEmail(productUrl, dataDir, ADMIN, admin.cookie ?? '');
// Levels around the live price (the market-entry check refuses levels far from it): pending orders
// a step away, the stop behind the entry, the targets beyond it.
const live = (await call(productUrl, 'GET', '/api/live-prices', undefined, admin.cookie)).body as Record<
  string,
  number
>;
for (let i = 0; i < SIGNALS; i++) {
  const instrument = ['AUDUSD', 'GBPJPY', 'GBPUSD', 'US30'][i % 4]!;
  const side = i % 2 ? -1 : 1;
  const at = (f: number) => Number((live[instrument]! * (1 + side * f)).toFixed(5));
  await call(
    productUrl,
    'POST',
    '/api/signals',
    {
      instrument,
      direction: side === 1 ? 'long' : 'short',
      entryPrice: at(-0.01),
      slPrice: at(-0.02),
      t0Price: at(0.01),
      t1Price: at(0.02),
      monthlyBias: 'Bullish',
      status: 'limit',
      memo: `Bench signal ${i}`,
    },
    admin.cookie,
  );
}
for (let i = 0; i < NOTIFICATIONS; i++) {
  await call(
    productUrl,
    'POST',
    '/api/notifications',
    { title: `Bench ${i}`, message: 'Load test notification' },
    admin.cookie,
  );
}
const cookies: string[] = [];
for (let i = 0; i < USERS; i++) {
  const u = await call(productUrl, 'POST', '/api/register', {
    email: `bench${i}@t0.bench`,
    password: PASSWORD,
    firstName: 'Bench',
    lastName: `User${i}`,
  });
  cookies.push(u.cookie!);
}

const ready: BenchReady = {
  type: 'ready',
  productUrl,
  bareUrl,
  cookies,
  database: `PostgreSQL (${db.url?.replace(/\/\/[^@]*@/, '//')})`,
};
if (process.send) process.send(ready);
else console.log(JSON.stringify(ready)); // standalone (for profiling): stop with SIGTERM

async function shutdown() {
  await bare.close();
  await pool.end();
  await app.close();
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('message', (m) => {
  if (m === 'stop') void shutdown();
  // CPU time of this process so far, for the runner's CPU-per-request figure.
  if (m === 'cpu') process.send?.({ type: 'cpu', usage: process.cpuUsage() });
});
process.on('disconnect', () => void shutdown());
process.on('SIGTERM', () => void stopProfile().then(shutdown));

// Standalone profiling: BENCH_PROFILE=<file>; SIGUSR2 starts the CPU profiler, SIGTERM writes it.
const profileFile = process.env.BENCH_PROFILE;
const inspector = profileFile ? new Session() : undefined;
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    inspector!.post(method, params, (err, res) => (err ? reject(err) : resolve(res))),
  );
process.on('SIGUSR2', () => {
  if (!inspector) return;
  inspector.connect();
  void post('Profiler.enable').then(() => post('Profiler.start'));
});
async function stopProfile() {
  if (!inspector || !profileFile) return;
  const res = (await post('Profiler.stop').catch(() => undefined)) as { profile?: unknown } | undefined;
  if (res?.profile) writeFileSync(profileFile, JSON.stringify(res.profile));
}
