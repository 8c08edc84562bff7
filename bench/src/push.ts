// Push benchmark: N open live streams (GET /api/stream) on one API process on PostgreSQL, one
// global broadcast, and how long it takes to reach all of them; the API process's resident memory
// and CPU time before and after. Users and their sessions are created in bulk with SQL.
//   pnpm --filter @t0/bench push        (PUSH_STREAMS, default 10,000; PUSH_TIMEOUT_S, default 60)
// Only against 127.0.0.1. The open-file limit is raised for both processes (one socket per stream).
import { createHmac } from 'node:crypto';
import { spawn, fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';

const STREAMS = Number(process.env.PUSH_STREAMS ?? 10_000);
const TIMEOUT_MS = Number(process.env.PUSH_TIMEOUT_S ?? 60) * 1000;
const OPEN_CONCURRENCY = 200;
const SECRET = 'push-bench-secret-push-bench-secret-0000';
const ADMIN = 'push-admin@t0.bench';
const self = fileURLToPath(import.meta.url);

interface Stats {
  type: 'stats';
  rss: number;
  heapUsed: number;
  cpuUs: number;
  streams: number;
}
interface Ready {
  type: 'ready';
  url: string;
  cookies: string[];
  adminCookie: string;
  database: string;
}

// --- the API process ---------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { createApp } = await import('@t0/api/src/app');
  const { loadConfig } = await import('@t0/api/src/config');
  const { sessionCookieName } = await import('@t0/api/src/session/plugin');
  const { createTestDb } = await import('@t0/db/testing');
  const db = await createTestDb('pg');
  const dataDir = mkdtempSync(path.join(tmpdir(), 't0-push-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    ADMIN_EMAILS: ADMIN,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    PUBLIC_URL: 'https://t0.bench',
    // The bench administrator only broadcasts; a second factor measures nothing here.
    ADMIN_REQUIRE_2FA: 'false',
    LIVE_MAX_STREAMS: String(STREAMS + 100),
    // No price refreshes during the measurement (each would be one more event to every stream).
    PRICE_REFRESH_MS: String(24 * 3600 * 1000),
  });
  const app = await createApp(config, { db, logger: false });
  const url = await app.server.listen({ port: 0, host: '127.0.0.1' });

  // One account registered normally (for a real password hash), then everyone else in bulk.
  const reg = await fetch(url + '/api/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    body: JSON.stringify({ email: ADMIN, password: 'Push!Passw0rd', firstName: 'Push', lastName: 'Admin' }),
  });
  if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const now = Date.now();
  // Half of them subscribers, so both projections of an event are exercised.
  await db.executeSql(
    `insert into users (email, password, first_name, last_name, has_active_subscription, subscription_status)
     select 'push' || g || '@t0.bench', (select password from users where email = $1), 'Push', 'User' || g, g % 2 = 0, case when g % 2 = 0 then 'active' else 'inactive' end
     from generate_series(1, $2::int) g`,
    [ADMIN, STREAMS],
  );
  await db.executeSql(
    `insert into sessions (sid, sess, expire)
     select 'push-' || id, json_build_object('userId', id, 'createdAt', $1::bigint, 'seenAt', $1::bigint), now() + interval '1 day'
     from users`,
    [now],
  );
  const rows = (await db.executeSql('select id, email from users order by id')) as { rows: { id: number; email: string }[] };
  // Signed as the session library signs (HMAC-SHA256, base64 without padding), with the production name.
  const signed = (sid: string) => `${sid}.${createHmac('sha256', SECRET).update(sid).digest('base64').replace(/=+$/, '')}`;
  const value = (id: number) => `${sessionCookieName(true)}=${encodeURIComponent(signed(`push-${id}`))}`;
  const adminRow = rows.rows.find((r) => r.email === ADMIN)!;
  const ready: Ready = {
    type: 'ready',
    url,
    cookies: rows.rows.filter((r) => r.email !== ADMIN).map((r) => value(r.id)),
    adminCookie: value(adminRow.id),
    database: 'PostgreSQL 127.0.0.1:5432 (a throw-away database)',
  };
  process.send!(ready);

  const stats = (): Stats => {
    (globalThis as { gc?: () => void }).gc?.();
    const u = process.cpuUsage();
    const m = process.memoryUsage();
    return { type: 'stats', rss: m.rss, heapUsed: m.heapUsed, cpuUs: u.user + u.system, streams: app.server.liveHub.size };
  };
  const stop = async () => {
    await app.close();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('message', (m) => {
    if (m === 'stats') process.send!(stats());
    if (m === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
}

// --- the runner --------------------------------------------------------------------------------

function ask<T extends { type: string }>(child: ChildProcess, type: T['type'], send?: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: unknown) => {
      if ((m as { type?: string }).type !== type) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
    if (send) child.send(send);
  });
}

interface Client {
  req: http.ClientRequest;
  /** Arrival of the broadcast's notification.created and of the unread.changed after it. */
  notified?: number;
  counted?: number;
}

function openStream(base: URL, cookie: string, clients: Client[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const c = {} as Client;
    c.req = http.get(
      { host: base.hostname, port: base.port, path: '/api/stream', agent: false, headers: { cookie, accept: 'text/event-stream', 'x-forwarded-proto': 'https' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream: ${res.statusCode}`));
          res.resume();
          return;
        }
        const parser = createParser({
          onEvent({ event }) {
            if (c.notified === undefined && event === 'notification.created') c.notified = Date.now();
            if (c.counted === undefined && event === 'unread.changed') c.counted = Date.now();
          },
        });
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => parser.feed(chunk));
        res.on('error', () => {});
        clients.push(c);
        resolve();
      },
    );
    c.req.on('error', reject);
  });
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

async function run(): Promise<void> {
  const child = fork(self, ['serve'], { execArgv: [...process.execArgv, '--expose-gc'], env: { ...process.env, PUSH_STREAMS: String(STREAMS) } });
  const ready = await ask<Ready>(child, 'ready');
  const base = new URL(ready.url);
  console.log(`push benchmark: ${STREAMS} streams on one API process, ${ready.database}`);
  await new Promise((r) => setTimeout(r, 1000));
  const idle = await ask<Stats>(child, 'stats', 'stats');

  const clients: Client[] = [];
  const openedAt = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (next < ready.cookies.length) await openStream(base, ready.cookies[next++]!, clients);
    }),
  );
  const openMs = Date.now() - openedAt;
  await new Promise((r) => setTimeout(r, 2000));
  const before = await ask<Stats>(child, 'stats', 'stats');

  const t0 = Date.now();
  const res = await fetch(ready.url + '/api/notifications', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: ready.adminCookie, 'x-forwarded-proto': 'https' },
    body: JSON.stringify({ title: 'Push bench', message: 'One broadcast to everyone', type: 'info', priority: 'low', isGlobal: true }),
  });
  const postMs = Date.now() - t0;
  if (!res.ok) throw new Error(`broadcast: ${res.status} ${await res.text()}`);
  const deadline = t0 + TIMEOUT_MS;
  while (Date.now() < deadline && clients.some((c) => c.counted === undefined)) await new Promise((r) => setTimeout(r, 20));
  const after = await ask<Stats>(child, 'stats', 'stats');

  const notified = clients.filter((c) => c.notified !== undefined).map((c) => c.notified! - t0).sort((a, b) => a - b);
  const counted = clients.filter((c) => c.counted !== undefined).map((c) => c.counted! - t0).sort((a, b) => a - b);
  const line = (name: string, xs: number[]) =>
    console.log(`${name.padEnd(22)} reached ${xs.length}/${clients.length}   p50 ${pct(xs, 50)} ms   p95 ${pct(xs, 95)} ms   max ${xs.at(-1)} ms`);
  console.log(`streams open            ${before.streams} (opened in ${openMs} ms, ${OPEN_CONCURRENCY} at a time)`);
  console.log(`broadcast POST          ${postMs} ms (stores the notification and its deliveries)`);
  line('notification.created', notified);
  line('unread.changed', counted);
  console.log(`API RSS                 idle ${mb(idle.rss)}   with streams ${mb(before.rss)}   after broadcast ${mb(after.rss)}`);
  console.log(`RSS per open stream     ${((before.rss - idle.rss) / 1024 / Math.max(1, before.streams)).toFixed(1)} KB (heap ${((before.heapUsed - idle.heapUsed) / 1024 / Math.max(1, before.streams)).toFixed(1)} KB)`);
  console.log(`API CPU                 opening the streams ${((before.cpuUs - idle.cpuUs) / 1000).toFixed(0)} ms   the broadcast ${((after.cpuUs - before.cpuUs) / 1000).toFixed(0)} ms`);

  for (const c of clients) c.req.destroy();
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
}

// --- entry: raise the open-file limit first (one socket per stream, in both processes) ----------

if (process.argv[2] === 'serve') {
  await serve();
} else if (!process.env.PUSH_FD_RAISED) {
  // `ulimit -n 65536` where allowed, else as high as the hard limit goes.
  const sh = spawn('sh', ['-c', 'ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"', process.execPath, ...process.execArgv, self], {
    stdio: 'inherit',
    env: { ...process.env, PUSH_FD_RAISED: '1' },
  });
  sh.on('exit', (code) => process.exit(code ?? 1));
} else {
  await run();
}
